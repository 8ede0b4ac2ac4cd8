package loadlab.mvc;

import loadlab.testsupport.FanoutContract;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FanoutControllerTests extends FanoutContract {}
