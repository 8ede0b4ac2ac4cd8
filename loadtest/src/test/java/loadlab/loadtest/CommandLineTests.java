package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import loadlab.loadtest.plan.Knob;
import loadlab.loadtest.plan.Knobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The runner's command line as {@code java -jar loadtest.jar} and {@code make} use it: a bad knob is one line on
 * stderr naming the value, and exit code 2, before anything starts; {@code --check} starts nothing; {@code help}
 * lists the knobs.
 */
class CommandLineTests {

    private static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();

    /** What a command line printed and returned. */
    private record Answer(int code, String out, String err) {}

    private static Answer run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> words = new ArrayList<>(List.of(args));
        words.add("--project=" + PROJECT);
        int code = LoadLab.main(
                words.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                "command-line-tests");
        return new Answer(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Knobs that take any value: a folder, or a file only needed once engines are given (keystore's own row). */
    private static final Set<String> ANY_VALUE = Set.of("results", "a", "b");

    /** For each knob, a command line with a bad value of it, and what its one line says, after "loadtest: ". */
    static Stream<Arguments> badKnobs() {
        return Stream.of(
                Arguments.of(
                        "scenario", List.of("SCENARIO=fanout-99"), "scenario='fanout-99' is not in scenarios.yaml"),
                Arguments.of("users", List.of("USERS=abc"), "users='abc' is not a whole number"),
                Arguments.of(
                        "usersList",
                        List.of("--scenario=sweep", "--usersList=100,x"),
                        "usersList entry 'x' is not a whole number"),
                Arguments.of(
                        "rates",
                        List.of("--scenario=open", "--rates=fast"),
                        "rates entry 'fast' is not a number of requests per second"),
                Arguments.of(
                        "maxThreads",
                        List.of("--scenario=open", "MAX_THREADS=0"),
                        "maxThreads=0 must be between 1 and 20000"),
                Arguments.of("rampup", List.of("--rampup=ten"), "rampup='ten' is not a duration"),
                Arguments.of("warmup", List.of("--warmup=500ms"), "warmup='500ms' is not a duration in whole seconds"),
                Arguments.of("jitWarmup", List.of("JIT_WARMUP=maybe"), "jitWarmup='maybe' is not on or off"),
                Arguments.of("launch", List.of("LAUNCH=aot"), "launch='aot' is not jar or cds"),
                Arguments.of("duration", List.of("--duration=0"), "duration='0' must be longer than zero"),
                Arguments.of("timeout", List.of("--timeout=5h"), "timeout='5h' is not a duration"),
                Arguments.of("apps", List.of("--apps=tomcat"), "apps: unknown app 'tomcat'"),
                Arguments.of("delayMin", List.of("DELAY_MIN=-1"), "delayMin=-1 must be between 0 and 600000 ms"),
                Arguments.of("delayMax", List.of("--delayMax=x"), "delayMax='x' is not a whole number"),
                Arguments.of("appCpus", List.of("APP_CPUS=one"), "appCpus='one' is not a CPU list"),
                Arguments.of("seed", List.of("--seed=1.5"), "seed='1.5' is not a whole number"),
                Arguments.of("dbPool", List.of("--scenario=db", "DB_POOL=ten"), "dbPool='ten' is not a whole number"),
                Arguments.of(
                        "dbUrl",
                        List.of("--scenario=db", "--dbUrl=postgres://127.0.0.1/lab"),
                        "dbUrl='postgres://127.0.0.1/lab' is not jdbc:postgresql://"),
                Arguments.of("runs", List.of("--runs=many"), "runs='many' is not a whole number"),
                Arguments.of("host", List.of("HOST=example.org"), "host='example.org'"),
                Arguments.of("ports", List.of("--ports=nginx:80"), "ports entry 'nginx:80' is not <target>:<port>"),
                Arguments.of("engines", List.of("ENGINES=127.0.0.2"), "engines entry '127.0.0.2' is not <host>:<port>"),
                Arguments.of(
                        "rmiSsl",
                        List.of("--engines=127.0.0.2:1099", "RMI_SSL=maybe"),
                        "rmiSsl='maybe' is not on or off"),
                Arguments.of(
                        "keystore",
                        List.of("--engines=127.0.0.2:1099", "--rmiSsl=on", "--keystore=/nonexistent/rmi.jks"),
                        "keystore=/nonexistent/rmi.jks does not exist"),
                Arguments.of(
                        "callback",
                        List.of("--engines=127.0.0.2:1099", "--callback=0.0.0.0"),
                        "callback='0.0.0.0' would listen on every interface"),
                Arguments.of(
                        "callbackPort",
                        List.of("--engines=127.0.0.2:1099", "CALLBACK_PORT=abc"),
                        "callbackPort='abc' is not a whole number"),
                Arguments.of(
                        "targets",
                        List.of("--apps=webflux", "--targets=webflux=ftp://127.0.0.1:8083"),
                        "targets entry 'webflux=ftp://127.0.0.1:8083' is not http://"),
                Arguments.of(
                        "appJvmFlags",
                        List.of("--appJvmFlags=Xmx2g"),
                        "appJvmFlags='Xmx2g' has 'Xmx2g', which is not a JVM flag"),
                Arguments.of(
                        "client",
                        List.of("CLIENT=curl"),
                        "client: unknown client 'curl' (known: jdk, reactor, apache, jetty, simple)"),
                Arguments.of("interleave", List.of("INTERLEAVE=maybe"), "interleave='maybe' is not on or off"),
                Arguments.of("rounds", List.of("ROUNDS=0"), "rounds=0 must be between 1 and 1000"),
                Arguments.of("slice", List.of("SLICE=abc"), "slice='abc' is not a duration"),
                Arguments.of("settle", List.of("SETTLE=abc"), "settle='abc' is not a duration"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badKnobs")
    void aBadKnobIsOneLineNamingItsValueAndExitCode2(String knob, List<String> args, String line) {
        Answer answer = run(args.toArray(String[]::new));

        assertThat(answer.code()).isEqualTo(2);
        assertThat(answer.out()).isEmpty();
        assertThat(answer.err().lines()).singleElement().asString().startsWith("loadtest: " + line);
    }

    @Test
    void everyKnobThatCanBeWrongHasItsBadValueAbove() {
        List<Object> covered = badKnobs().map(arguments -> arguments.get()[0]).toList();

        assertThat(Knob.ALL)
                .extracting(Knob::name)
                .filteredOn(name -> !ANY_VALUE.contains(name))
                .containsExactlyInAnyOrderElementsOf(
                        covered.stream().map(String.class::cast).toList());
    }

    @Test
    void whatIsNotAKnobOrACommandIsOneLineToo() {
        assertThat(run("USER=50"))
                .isEqualTo(new Answer(
                        2,
                        "",
                        "loadtest: unknown knob 'USER' (known: "
                                + String.join(
                                        ", ",
                                        Knob.ALL.stream()
                                                .map(Knob::makeVariable)
                                                .toList())
                                + ")\n"));
        assertThat(run("stress").err()).startsWith("loadtest: 'stress' is not a command: compare,");
        assertThat(run("diff", "A=results").err())
                .isEqualTo("loadtest: diff needs A=<results folder> and B=<results folder>\n");
    }

    @Test
    void aCheckOfGoodKnobsStartsNothingAndSaysNothing() {
        assertThat(run("compare", "USERS=50", "--check")).isEqualTo(new Answer(0, "", ""));
        assertThat(run("scenarios", "--check")).isEqualTo(new Answer(0, "", ""));
        assertThat(run("--scenario=slowdown,spike,faults", "--check")).isEqualTo(new Answer(0, "", ""));
    }

    @Test
    void helpListsTheCommandsAndEveryKnob() {
        Answer help = run("help");

        assertThat(help.code()).isZero();
        assertThat(help.out()).isEqualTo(Knobs.help() + "\n").contains("USERS_LIST", "--usersList", "compare");
    }
}
