package loadlab.mvc;

import loadlab.testsupport.CpuContract;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CpuControllerTests extends CpuContract {}
