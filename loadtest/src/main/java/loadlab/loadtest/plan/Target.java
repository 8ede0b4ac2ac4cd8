package loadlab.loadtest.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * One row of a report: slow-server measured directly, or one of the five apps in front of it, with its own default
 * HTTP client to slow-server or with the one a plan gives it ({@link #withClient}).
 *
 * @param threadLimit the model's own cap on requests in flight (its Tomcat worker pool), empty when unbounded
 * @param client      the app's {@code backend.client} when a plan chose it; empty for the model's own default
 */
public record Target(
        String name, String module, int defaultPort, OptionalInt threadLimit, String model, Optional<String> client) {

    /** A target with its model's own client (what Boot picks), as every target was before clients were a knob. */
    public Target(String name, String module, int defaultPort, OptionalInt threadLimit, String model) {
        this(name, module, defaultPort, threadLimit, model, Optional.empty());
    }

    /**
     * The HTTP client libraries an app can put under its backend calls ({@code backend.client}, module
     * backend-clients' ClientLibrary), in the order ports are offset by.
     */
    public static final List<String> CLIENTS = List.of("jdk", "reactor", "apache", "jetty", "simple");

    /** The client only the blocking apps take: plain blocking socket I/O would block a reactive app's event loop. */
    public static final String BLOCKING_ONLY_CLIENT = "simple";

    /** The apps whose model is an event loop (WebClient), which refuse a blocking-only client. */
    private static final List<String> REACTIVE = List.of("app-webflux", "app-coroutines");

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

    /**
     * This app with its backend calls on {@code client}: its own row, named {@code app-virtual+simple} (a folder name
     * under raw/ as it is), its model saying the client. A reactive app and the blocking-only client are refused.
     */
    public Target withClient(String client) {
        if (!isApp() || !CLIENTS.contains(client)) {
            throw new IllegalArgumentException(
                    "client=" + client + " is not one of " + String.join(", ", CLIENTS) + " for an app (" + name + ")");
        }
        if (isReactive() && client.equals(BLOCKING_ONLY_CLIENT)) {
            throw new IllegalArgumentException("client=" + client + " is blocking-only, and " + name
                    + " is reactive (its event loop would block): give it jdk, reactor, apache or jetty");
        }
        return new Target(
                name + "+" + client, module, defaultPort, threadLimit, model + " on " + client, Optional.of(client));
    }

    /** Whether the app's model is an event loop, not a thread per request. */
    public boolean isReactive() {
        return REACTIVE.contains(module);
    }

    /**
     * How far this target's port is from its app's: 0 for the app's own client, 10 per client after, so that every
     * app x client of a plan can be up at once (the apps' own ports are 8081..8085).
     */
    public int portOffset() {
        return client.map(c -> 10 * (CLIENTS.indexOf(c) + 1)).orElse(0);
    }

    /** This target as a database plan runs it: the direct row's query, or the app's own database client. */
    public Target overDatabase() {
        if (!isApp()) {
            return DIRECT_DATABASE;
        }
        String model = OVER_DATABASE.get(name);
        if (model == null) {
            throw new IllegalStateException("no database model for " + name);
        }
        return new Target(name, module, defaultPort, threadLimit, model, client);
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
