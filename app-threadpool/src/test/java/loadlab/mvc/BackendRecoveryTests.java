package loadlab.mvc;

import loadlab.testsupport.BackendRecoveryContract;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BackendRecoveryTests extends BackendRecoveryContract {}
