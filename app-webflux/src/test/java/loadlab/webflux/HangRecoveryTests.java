package loadlab.webflux;

import loadlab.testsupport.HangRecoveryContract;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HangRecoveryTests extends HangRecoveryContract {}
