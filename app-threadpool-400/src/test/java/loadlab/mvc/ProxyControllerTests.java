package loadlab.mvc;

import loadlab.testsupport.ProxyContract;
import org.springframework.boot.test.context.SpringBootTest;

// A short response timeout so that the timeout case costs one second, not twenty.
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "backend.response-timeout=1s")
class ProxyControllerTests extends ProxyContract {}
