package loadlab.coroutines

import loadlab.testsupport.BackendRecoveryContract
import org.springframework.boot.test.context.SpringBootTest

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BackendRecoveryTests : BackendRecoveryContract()
