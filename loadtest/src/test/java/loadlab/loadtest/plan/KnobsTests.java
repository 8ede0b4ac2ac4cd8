package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KnobsTests {

    /** Surefire runs in loadtest/; the catalogue is at the top of the project. */
    private static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();

    /** The knobs as the runner parses them, in this project. */
    static Knobs parse(String... args) {
        String[] withProject = java.util.Arrays.copyOf(args, args.length + 1);
        withProject[args.length] = "--project=" + PROJECT;
        return Knobs.parse(withProject);
    }

    @Test
    void emptyValuesMeanTheDefaultScenario() {
        Knobs knobs = parse("--users=", "--duration=", "--apps=", "--delayMin=", "--delayMax=");

        assertThat(knobs.plan().load().concurrency()).isEqualTo(500);
        assertThat(knobs.plan().phases().window())
                .isEqualTo(Duration.ofSeconds(150)); // the compare scenario's own (scenarios.yaml), not the knob's 60 s
        assertThat(knobs.plan().phases().warmUp()).isEqualTo(Duration.ofSeconds(10));
        assertThat(knobs.plan().phases().timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(knobs.plan().meanDelayMs()).isEqualTo(2000.0);
        assertThat(knobs.plan().targets())
                .extracting(Target::name)
                .containsExactly(
                        "direct",
                        "app-threadpool",
                        "app-threadpool-400",
                        "app-webflux",
                        "app-coroutines",
                        "app-virtual");
        assertThat(knobs.setup().host()).isEqualTo("127.0.0.1");
    }

    @Test
    void durationsTakeUnitsAndBareSeconds() {
        Knobs knobs = parse("--duration=2m", "--warmup=15s", "--timeout=3", "--rampup=0");

        assertThat(knobs.plan().phases().window()).isEqualTo(Duration.ofMinutes(2));
        assertThat(knobs.plan().phases().warmUp()).isEqualTo(Duration.ofSeconds(15));
        assertThat(knobs.plan().phases().timeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(knobs.plan().phases().rampUp()).isZero();
    }

    @Test
    void appsAreChosenByShortOrModuleNameAndDirectAlwaysComesFirst() {
        assertThat(parse("--apps=virtual,app-webflux").plan().targets())
                .extracting(Target::name)
                .containsExactly("direct", "app-virtual", "app-webflux");
        assertThat(parse("--apps=none").plan().targets())
                .extracting(Target::name)
                .containsExactly("direct");
    }

    @Test
    void withoutAClientEveryAppKeepsItsOwnAndItsName() {
        Knobs knobs = parse("--apps=virtual,webflux");

        assertThat(knobs.plan().targets())
                .extracting(Target::name, Target::client)
                .containsExactly(
                        tuple("direct", Optional.empty()),
                        tuple("app-virtual", Optional.empty()),
                        tuple("app-webflux", Optional.empty()));
    }

    @Test
    void clientsMakeEachAppTimesEachClientEachOnItsOwnPort() {
        Knobs knobs = parse("--apps=virtual,threadpool", "--client=jdk,simple", "--ports=virtual:9085");

        assertThat(knobs.plan().targets())
                .extracting(Target::name, Target::module, Target::client)
                .containsExactly(
                        tuple("direct", "slow-server", Optional.empty()),
                        tuple("app-virtual+jdk", "app-virtual", Optional.of("jdk")),
                        tuple("app-virtual+simple", "app-virtual", Optional.of("simple")),
                        tuple("app-threadpool+jdk", "app-threadpool", Optional.of("jdk")),
                        tuple("app-threadpool+simple", "app-threadpool", Optional.of("simple")));
        assertThat(knobs.plan().apps()).extracting(knobs.setup()::port).containsExactly(9095, 9135, 8091, 8131);
        assertThat(knobs.plan().apps().getFirst().model()).endsWith(" on jdk");
    }

    @Test
    void appClientEntriesNameTheirTargetsInTheirOrder() {
        Knobs knobs = parse("--client=webflux+reactor,virtual+simple,virtual+jdk,coroutines+jetty");

        assertThat(knobs.plan().targetNames())
                .containsExactly(
                        "direct",
                        "app-webflux+reactor",
                        "app-virtual+simple",
                        "app-virtual+jdk",
                        "app-coroutines+jetty");
    }

    @Test
    void aScenariosClientIsNamedWhereItWasWritten() {
        Scenario mixed =
                new Scenario("mixed", "", "comparison", null, null, false, null, null, Map.of("client", "simple"));

        assertThatThrownBy(() -> Plans.of(mixed, new KnobValues(Map.of(), Optional.of(mixed))))
                .hasMessage(
                        "scenarios.yaml [mixed] client=simple is blocking-only, and app-webflux is reactive (its event"
                                + " loop would block): give it jdk, reactor, apache or jetty");
    }

    @Test
    void interleavingSettlesForTheLongestDelayUnlessToldLonger() {
        Plan plan = parse("--interleave=on", "--delayMax=2500").plan();

        assertThat(plan.interleave()).contains(new Interleave(8, Duration.ofSeconds(15), Duration.ofSeconds(4)));
        assertThat(parse("--interleave=on", "--rounds=12", "--slice=20s", "--settle=6s")
                        .plan()
                        .interleave())
                .contains(new Interleave(12, Duration.ofSeconds(20), Duration.ofSeconds(6)));
        assertThat(parse().plan().interleave()).isEmpty();
    }

    @Test
    void theClientsScenarioInterleavesEachModelWithItsClientsAndFastBackendIsInterleavedToo() {
        Plan clients = parse("--scenario=clients").plan();
        Plan fast = parse("--scenario=fast-backend").plan();

        assertThat(clients.targetNames())
                .containsExactly(
                        "direct",
                        "app-webflux+reactor",
                        "app-webflux+jdk",
                        "app-webflux+apache",
                        "app-webflux+jetty",
                        "app-virtual+jdk",
                        "app-virtual+simple",
                        "app-virtual+reactor",
                        "app-virtual+apache",
                        "app-virtual+jetty",
                        "app-coroutines+reactor",
                        "app-coroutines+jdk",
                        "app-coroutines+apache",
                        "app-coroutines+jetty");
        assertThat(clients.interleave()).contains(new Interleave(8, Duration.ofSeconds(15), Duration.ofSeconds(5)));
        assertThat(clients.load().concurrency()).isEqualTo(500);
        assertThat(fast.interleave()).contains(new Interleave(8, Duration.ofSeconds(15), Duration.ofSeconds(2)));
        assertThat(fast.runs()).isEqualTo(1);
    }

    @Test
    void portsCanBeMovedPerTarget() {
        Knobs knobs = parse("--ports=slow-server:9000,webflux:9083");

        assertThat(knobs.setup().backendPort()).isEqualTo(9000);
        assertThat(knobs.setup().ports().get("app-webflux")).isEqualTo(9083);
        assertThat(knobs.setup().ports().get("app-virtual")).isEqualTo(8085);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "--users=abc        | users='abc' is not a whole number",
                "--users=0          | users=0 must be between 1 and 20000",
                "--users=-5         | users=-5 must be between 1 and 20000",
                "--duration=s       | duration='s' is not a duration",
                "--duration=0       | duration='0' must be longer than zero",
                "--warmup=ten       | warmup='ten' is not a duration",
                "--warmup=500ms     | warmup='500ms' is not a duration in whole seconds",
                "--delayMax=0       | delayMax=0 leaves no mean delay",
                "--timeout=5h       | timeout='5h' is not a duration",
                "--apps=tomcat      | unknown app 'tomcat'",
                "--apps=virtual,virtual | app 'virtual' is listed twice",
                "--delayMin=-1      | delayMin=-1 must be between 0",
                "--delayMax=x       | delayMax='x' is not a whole number",
                "--seed=1.5         | seed='1.5' is not a whole number",
                "--host=example.org | host='example.org'",
                "--ports=webflux:99999 | ports entry 'webflux:99999' has a port outside 1..65535",
                "--ports=nginx:80   | ports entry 'nginx:80' is not <target>:<port>",
                "--ports=webflux:8085 | port 8085 is given to two targets",
                "--colour=blue      | unknown knob 'colour' (known: scenario, users, usersList,",
                "COLOUR=blue        | unknown knob 'COLOUR' (known: SCENARIO, USERS, USERS_LIST,",
                "USERS=abc          | users='abc' is not a whole number",
                "stress             | 'stress' is not a command: compare, scenarios, report, diff",
                "compare report     | 'report' is a second command after 'compare'",
                "--scenario=fanout-99 | scenario='fanout-99' is not in scenarios.yaml",
                "--scenario=db,db   | scenario names db twice",
                "--usersList=100    | usersList sets the load of a sweep, and scenario 'compare' is a comparison",
                "--runs=0           | runs=0 must be between 1 and 10",
                "--runs=many        | runs='many' is not a whole number",
                "--scenario=sweep --usersList=100,x | usersList entry 'x' is not a whole number",
                "--scenario=sweep --usersList=100,100 | usersList has 100 twice",
                "--scenario=sweep --usersList=0 | usersList entry 0 must be between 1",
                "--scenario=open --rates=fast | rates entry 'fast' is not a number of requests per second",
                "--scenario=open --rates=-5 | rates entry -5 must be above 0",
                "--scenario=open --rates=80,80 | rates has 80 twice",
                "--scenario=open --maxThreads=0 | maxThreads=0 must be between 1",
                "--jitWarmup=maybe  | jitWarmup='maybe' is not on or off",
                "--launch=aot       | launch='aot' is not jar or cds",
                "--appCpus=one      | appCpus='one' is not a CPU list",
                "--appCpus=4096     | appCpus='4096' names CPUs this machine does not have",
                "users=5            | argument 'users=5' is not of the form --name=value or NAME=value",
                "--users            | argument '--users' is not of the form --name=value or NAME=value",
                "--scenario=sweep --runs=2 | runs=2 repeats only a comparison",
                "--scenario=db --dbPool=0 | dbPool=0 must be between 1 and 200, PostgreSQL's max_connections",
                "--scenario=db --dbPool=201 | dbPool=201 must be between 1 and 200, PostgreSQL's max_connections",
                "--scenario=db --dbPool=ten | dbPool='ten' is not a whole number",
                "--dbPool=50        | dbPool sizes a database pool, and scenario 'compare' asks for /, not /db",
                "--scenario=db --dbUrl=postgres://127.0.0.1/loadlab | dbUrl='postgres://127.0.0.1/loadlab' is not "
                        + "jdbc:postgresql://<loopback host>[:<port>]/<database>",
                "--scenario=db --dbUrl=jdbc:postgresql://127.0.0.1:70000/loadlab | has a port outside 1..65535",
                "--scenario=db --dbUrl=jdbc:postgresql://10.1.2.3/loadlab | is not on a loopback address",
                "--ports=db-server:8081 | port 8081 is given to two targets",
                "--apps=virtual --client=simple --ports=virtual:65530 | port 65580 of app-virtual+simple (its app's port"
                        + " plus 50 for its client) is above 65535",
                "--client=curl      | client: unknown client 'curl' (known: jdk, reactor, apache, jetty, simple)",
                "--client=simple    | client=simple is blocking-only, and app-webflux is reactive",
                "--client=jdk,jdk   | client names jdk twice",
                "--client=jdk,virtual+simple | client=jdk,virtual+simple mixes clients and app+client entries",
                "--client=tomcat+jdk | client: entry 'tomcat+jdk' names no app",
                "--apps=virtual --client=webflux+jdk | client: entry 'webflux+jdk' names app-webflux, which apps leaves",
                "--rounds=10        | rounds is for an interleaved comparison, and scenario 'compare' is not",
                "--interleave=on --scenario=sweep | interleave=on interleaves a comparison, and scenario 'sweep' is a sweep",
                "--interleave=on --runs=2 | runs=2 repeats targets one after another; an interleaved comparison repeats",
                "--interleave=on --settle=4s | settle=4s is shorter than the backend's longest delay plus 1 s, 5s",
                "--interleave=on --slice=5s | slice=5s must be longer than its settle of 5s",
                "--scenario=db --interleave=on | interleave=on is for the HTTP backend, and scenario 'db' asks for /db",
                "--interleave=on --rounds=0 | rounds=0 must be between 1 and 1000",
                "--scenario=db --client=jdk | client picks the apps' HTTP client to slow-server, and scenario 'db'",
            })
    void badInputIsOneLineNamingTheValue(String args, String expected) {
        assertThatThrownBy(() -> parse(args.split(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void eachModeHasItsPlanOfLoadsAndItsOwnDefaultPhases() {
        Knobs compare = parse("--runs=3");
        assertThat(compare.plan().loads()).containsExactly(new LoadShape.Closed(500));
        assertThat(compare.plan().runs()).isEqualTo(3);

        Knobs sweep = parse("--scenario=sweep");
        assertThat(sweep.plan().loads()).extracting(LoadShape::concurrency).containsExactly(100, 250, 500, 1000, 2000);
        assertThat(sweep.plan().phases().window()).isEqualTo(Duration.ofSeconds(20));
        assertThat(parse("--scenario=sweep", "--usersList=500,100").plan().loads())
                .extracting(LoadShape::concurrency)
                .containsExactly(100, 500);
        assertThat(sweep.plan().phases().warmUp()).isEqualTo(Duration.ofSeconds(5));

        Knobs open = parse("--scenario=open", "--rates=80,150.5", "--maxThreads=1600");
        assertThat(open.plan().loads()).containsExactly(new LoadShape.Open(80, 1600), new LoadShape.Open(150.5, 1600));
        assertThat(open.plan().loads()).extracting(LoadShape::label).containsExactly("rate-80", "rate-150.5");
        assertThat(parse("--scenario=sweep", "--duration=45s").plan().phases().window())
                .isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void theFirstProgressLineDescribesTheLoadOfTheModeThatRuns() {
        assertThat(parse().plan().describeLoads()).isEqualTo("500 users");
        assertThat(parse("--runs=3", "--users=200").plan().describeLoads()).isEqualTo("200 users x 3 runs");
        assertThat(parse("--scenario=sweep", "--usersList=100,250").plan().describeLoads())
                .isEqualTo("sweep of 100, 250 users");
        assertThat(parse("--scenario=open", "--rates=80,150").plan().describeLoads())
                .isEqualTo("open arrivals at 80.0, 150.0 req/s, at most 2500 in flight");
    }

    @Test
    void anOpenWorkloadThatCouldOutgrowItsThreadBoundIsRefusedBeforeItStarts() {
        assertThatThrownBy(() -> parse("--scenario=open", "--rates=80,300", "--maxThreads=2500"))
                .hasMessage("rates up to 300.0 req/s with a 10 s timeout can keep 3000 requests in flight, more than "
                        + "maxThreads=2500");
        assertThat(parse("--scenario=open", "--rates=225").plan().load().concurrency())
                .isEqualTo(2500);
    }

    @Test
    void aDatabaseScenarioHasOnePoolForEveryTargetAndItsCeilingIsMinOfUsersThreadsAndPool() {
        Plan db = parse("--scenario=db").plan();
        assertThat(db.request()).isEqualTo(Request.DATABASE);
        assertThat(db.dbPool()).hasValue(10);
        assertThat(db.requestOf(Target.DIRECT)).isEqualTo(Request.DATABASE);
        assertThat(db.targets().getFirst()).isEqualTo(Target.DIRECT_DATABASE);
        assertThat(Target.DIRECT_DATABASE.isApp()).isFalse();
        assertThat(db.targets())
                .as("each app's model names the database client its requests go through, not its HTTP client")
                .extracting(Target::name, Target::model)
                .contains(
                        tuple("app-threadpool", "Tomcat, 200 threads, JDBC through a Hikari pool"),
                        tuple("app-webflux", "Netty, r2dbc through r2dbc-pool"),
                        tuple("app-virtual", "Tomcat on virtual threads, JDBC through a Hikari pool"));
        assertThat(parse().plan().targets())
                .extracting(Target::name, Target::model)
                .contains(tuple("app-webflux", "Netty, WebClient"));
        assertThat(parse("--scenario=db", "--dbPool=50").plan().dbPool()).hasValue(50);
        assertThat(parse().plan().dbPool()).isEmpty();

        Knobs given = parse("--scenario=db", "--dbUrl=jdbc:postgresql://localhost/lab");
        assertThat(given.setup().database()).isEqualTo(new DbUrl("localhost", 5432, "lab"));
        assertThat(given.setup().database().r2dbc()).isEqualTo("r2dbc:postgresql://localhost:5432/lab");
        assertThat(parse("--scenario=db", "--ports=db-server:6543")
                        .setup()
                        .database()
                        .jdbc())
                .isEqualTo("jdbc:postgresql://127.0.0.1:6543/loadlab");
    }

    @Test
    void aBackendRangeUpsideDownIsRefused() {
        assertThatThrownBy(() -> parse("--delayMin=3000", "--delayMax=100"))
                .hasMessage("delayMin=3000 is greater than delayMax=100");
    }

    @Test
    void aDiffNeedsBothFoldersAndComparesBWithA() {
        Knobs diff = parse("diff", "A=results", "B=/tmp/fresh");

        assertThat(diff.mode()).isEqualTo(Knobs.Mode.DIFF);
        assertThat(diff.compareWith()).contains(PROJECT.resolve("results"));
        assertThat(diff.setup().resultsDir()).isEqualTo(Path.of("/tmp/fresh"));
        assertThat(parse("diff", "--a=results", "--b=/tmp/fresh")).isEqualTo(diff);
        assertThatThrownBy(() -> parse("diff", "A=results"))
                .hasMessage("diff needs A=<results folder> and B=<results folder>");
    }

    @Test
    void theCommandMayComeAnywhereAndIsCompareWhenNoneIsGiven() {
        assertThat(parse().mode()).isEqualTo(Knobs.Mode.RUN);
        assertThat(parse("compare", "--users=20")).isEqualTo(parse("--users=20", "compare"));
        assertThat(parse("RESULTS=/tmp/elsewhere", "scenarios").mode()).isEqualTo(Knobs.Mode.SCENARIOS);
        assertThat(parse("report").mode()).isEqualTo(Knobs.Mode.REPORT);
    }

    @Test
    void makesWordsAreTheKnobsByTheirMakeVariablesAndAnEmptyValueIsNotGiven() {
        assertThat(parse("USERS=50", "APPS=webflux", "DELAY_MAX=200", "SEED=").plan())
                .isEqualTo(
                        parse("--users=50", "--apps=webflux", "--delayMax=200").plan());
        assertThat(parse("APP_JVM_FLAGS=-Xms1g -Xmx1g").plan().appJvmFlags()).containsExactly("-Xms1g", "-Xmx1g");
        assertThat(parse("USERS=50", "--users=60").plan().load().concurrency())
                .as("the last value given counts")
                .isEqualTo(60);
        assertThat(parse("USERS=50", "--users=").plan().load().concurrency())
                .as("an empty value is not given")
                .isEqualTo(50);
    }

    @Test
    void severalScenariosRunInTurnAndAreAllCheckedBeforeTheFirstStarts() {
        assertThat(parse("--scenario=slowdown,spike,faults").plans())
                .extracting(Plan::name)
                .containsExactly("slowdown", "spike", "faults");
        assertThatThrownBy(() -> parse("--scenario=slowdown,spike", "--users=0"))
                .hasMessage("users=0 must be between 1 and 20000");
    }

    @Test
    void everyKnobIsKnownByItsNameAndItsMakeVariable() {
        assertThat(Knob.ALL)
                .extracting(Knob::name)
                .contains("users", "usersList", "a", "b")
                .doesNotHaveDuplicates();
        assertThat(Knob.ALL).allMatch(k -> k.makeVariable().matches("[A-Z]+(_[A-Z]+)*"));
        assertThat(Knob.ALL)
                .extracting(Knob::makeVariable)
                .contains("USERS_LIST", "APP_JVM_FLAGS", "CALLBACK_PORT", "RAMPUP", "A")
                .doesNotHaveDuplicates();
        assertThat(Knob.named("USERS_LIST")).containsSame(Knob.USERS_LIST);
        assertThat(Knob.named("usersList")).containsSame(Knob.USERS_LIST);
        assertThat(Knob.WARMUP.defaultValue()).isEqualTo("10s");
        assertThat(parse("--scenario=sweep").plan().phases().warmUp())
                .as("the sweep scenario sets its own")
                .isEqualTo(Duration.ofSeconds(5));
    }
}
