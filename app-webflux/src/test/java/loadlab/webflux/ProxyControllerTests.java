package loadlab.webflux;

import loadlab.testsupport.ProxyContract;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ProxyControllerTests extends ProxyContract {}
