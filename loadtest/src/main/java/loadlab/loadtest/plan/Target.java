package loadlab.loadtest.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One row of the comparison: slow-server measured directly, or one of the five apps in front of it.
 *
 * @param threadLimit the model's own cap on requests in flight (its Tomcat worker pool), empty when unbounded;
 *                    the ceiling of Little's law is {@code min(users, threadLimit) / mean delay}
 */
public record Target(String name, String module, int defaultPort, OptionalInt threadLimit, String model) {

    public static final String SLOW_SERVER = "slow-server";
    public static final int DEFAULT_BACKEND_PORT = 8000;

    public static final Target DIRECT = new Target(
            "direct", "slow-server", DEFAULT_BACKEND_PORT, OptionalInt.empty(), "slow-server, no app in between");

    public static final List<Target> APPS = List.of(
            new Target(
                    "app-threadpool",
                    "app-threadpool",
                    8081,
                    OptionalInt.of(200),
                    "Tomcat, 200 threads, blocking RestClient"),
            new Target(
                    "app-threadpool-400",
                    "app-threadpool-400",
                    8082,
                    OptionalInt.of(400),
                    "Tomcat, 400 threads, blocking RestClient"),
            new Target("app-webflux", "app-webflux", 8083, OptionalInt.empty(), "Netty, WebClient"),
            new Target(
                    "app-coroutines",
                    "app-coroutines",
                    8084,
                    OptionalInt.empty(),
                    "Kotlin suspend on WebFlux, WebClient"),
            new Target(
                    "app-virtual",
                    "app-virtual",
                    8085,
                    OptionalInt.empty(),
                    "Tomcat on virtual threads, blocking RestClient"));

    /** The backend with no app in between: the baseline every app is compared with. */
    public static Target direct() {
        return DIRECT;
    }

    /** By module name ({@code app-webflux}) or short name ({@code webflux}). */
    public static Optional<Target> app(String name) {
        String module = name.startsWith("app-") ? name : "app-" + name;
        return APPS.stream().filter(app -> app.name().equals(module)).findFirst();
    }

    public boolean isApp() {
        return !this.equals(DIRECT);
    }

    /** Where {@code make build} leaves the runnable jar (the parent POM fixes the file name). */
    public Path jar(Path projectDir) {
        return projectDir.resolve(module).resolve("target").resolve(module + ".jar");
    }

    /** Fewer threads than users: requests must queue for a thread, by design of the model. */
    public boolean queuesAt(int users) {
        return threadLimit.isPresent() && threadLimit.getAsInt() < users;
    }

    /** The most requests this target can have in flight with {@code users} closed-loop users. */
    public int concurrency(int users) {
        return threadLimit.isPresent() ? Math.min(users, threadLimit.getAsInt()) : users;
    }
}
