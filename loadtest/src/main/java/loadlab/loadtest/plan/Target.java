package loadlab.loadtest.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * One row of a report: slow-server measured directly, or one of the five apps in front of it.
 *
 * @param threadLimit the model's own cap on requests in flight (its Tomcat worker pool), empty when unbounded
 */
public record Target(String name, String module, int defaultPort, OptionalInt threadLimit, String model) {

    public static final String SLOW_SERVER = "slow-server";
    public static final int DEFAULT_BACKEND_PORT = 8000;

    /** The database backend of the database scenarios, on PostgreSQL's own default port. */
    public static final String DB_SERVER = "db-server";

    public static final int DEFAULT_DB_PORT = DbUrl.DEFAULT_PORT;

    /** The backend with no app in between: the baseline every app is compared with. */
    public static final Target DIRECT = new Target(
            "direct", "slow-server", DEFAULT_BACKEND_PORT, OptionalInt.empty(), "slow-server, no app in between");

    /**
     * The direct row of a database plan: the same query straight from the load generator to PostgreSQL, through a
     * Hikari pool of its own, the baseline every app's pool is compared with.
     */
    public static final Target DIRECT_DATABASE = new Target(
            "direct",
            Target.DB_SERVER,
            DbUrl.DEFAULT_PORT,
            OptionalInt.empty(),
            "PostgreSQL, no app in between: JDBC from the load generator, Hikari pool");

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

    /**
     * Each app's model where the request goes to PostgreSQL, not slow-server: the same server, with the database
     * client at the leaf in place of the HTTP one (docs/database.md, GET /db).
     */
    private static final Map<String, String> OVER_DATABASE = Map.of(
            "app-threadpool", "Tomcat, 200 threads, JDBC through a Hikari pool",
            "app-threadpool-400", "Tomcat, 400 threads, JDBC through a Hikari pool",
            "app-webflux", "Netty, r2dbc through r2dbc-pool",
            "app-coroutines", "Kotlin suspend on WebFlux, r2dbc through r2dbc-pool",
            "app-virtual", "Tomcat on virtual threads, JDBC through a Hikari pool");

    /** This target as a database plan runs it: the direct row's query, or the app's own database client. */
    public Target overDatabase() {
        if (!isApp()) {
            return DIRECT_DATABASE;
        }
        String model = OVER_DATABASE.get(name);
        if (model == null) {
            throw new IllegalStateException("no database model for " + name);
        }
        return new Target(name, module, defaultPort, threadLimit, model);
    }

    /** By module name ({@code app-webflux}) or short name ({@code webflux}). */
    public static Optional<Target> app(String name) {
        String module = name.startsWith("app-") ? name : "app-" + name;
        return APPS.stream().filter(app -> app.name().equals(module)).findFirst();
    }

    /** Any known target by its full name, direct included. */
    public static Optional<Target> named(String name) {
        return Stream.concat(Stream.of(DIRECT), APPS.stream())
                .filter(target -> target.name().equals(name))
                .findFirst();
    }

    /** Whether this is one of the apps, not direct (the backend alone: slow-server, or PostgreSQL). */
    public boolean isApp() {
        return !name.equals(DIRECT.name());
    }

    /** Where {@code make build} leaves the runnable jar (the parent POM fixes the file name). */
    public Path jar(Path projectDir) {
        return projectDir.resolve(module).resolve("target").resolve(module + ".jar");
    }
}
