package loadlab.testsupport;

import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Runs an app's contracts once per client library ({@code backend.client}), each time against the app started afresh.
 * An app's {@code ClientsIT} extends this, names the libraries with a {@code @ValueSource} of {@code backend.client}
 * values, and nests one class per contract, each a {@code @SpringBootTest}; see app-virtual's for an example.
 *
 * <p>Spring's test framework keys an app by its test class's annotations, so it cannot vary an app by a JUnit
 * parameter. Instead, the nested classes' app reads {@code backend.client} from here when it starts, and is closed
 * after its class ({@link DirtiesContext}), so that the next library's run starts it again. JUnit runs the libraries
 * one after another, and the nested classes of one library before the next library's.
 */
@ParameterizedClass(name = "backend.client={0}")
@DirtiesContext
public abstract class ClientMatrix {

    private static volatile String client;

    /**
     * The invocation's one argument, as the class takes it: JUnit hands a parameterized class's arguments to its
     * lifecycle methods (useClient) only if the class itself takes them, by field or constructor.
     */
    @Parameter
    String library;

    @BeforeParameterizedClassInvocation
    static void useClient(String library) {
        client = library;
    }

    // Read when a nested class's app starts, which is within the invocation that set it.
    @DynamicPropertySource
    static void client(DynamicPropertyRegistry registry) {
        registry.add("backend.client", () -> client);
    }

    /** The {@code backend.client} of the current invocation. */
    static String client() {
        return client;
    }
}
