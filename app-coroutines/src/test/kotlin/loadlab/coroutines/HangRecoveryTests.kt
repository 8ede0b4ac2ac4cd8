package loadlab.coroutines

import loadlab.testsupport.HangRecoveryContract
import org.springframework.boot.test.context.SpringBootTest

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HangRecoveryTests : HangRecoveryContract()
