package loadlab.webflux;

import loadlab.dbtest.DbContract;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DbControllerIT extends DbContract {}
