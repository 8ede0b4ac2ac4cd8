package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.Knobs;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.run.Generator;
import loadlab.loadtest.run.Git;
import loadlab.loadtest.run.Lab;
import loadlab.loadtest.run.Probes;
import loadlab.loadtest.run.ResultsFolder;

/**
 * The lab's entry point, and the only place that wires its steps: the knobs make a plan, the lab runs it into
 * points, and the points are written as data, charts and a report. {@code make report} and {@code make diff} start
 * from data files instead and run nothing.
 */
public final class LoadLab {

    private LoadLab() {}

    /** Words that ask for the usage and the knobs instead of a run. */
    private static final Set<String> HELP = Set.of("help", "--help", "-h");

    public static void main(String[] args) {
        String runId = System.getenv()
                .getOrDefault("LOADLAB_RUN_ID", ProcessHandle.current().pid() + "-" + System.currentTimeMillis());
        System.exit(main(args, System.out, System.err, runId));
    }

    /**
     * The runner's command line: the usage and the knobs ({@code help}), a check of the knobs that starts nothing
     * ({@code --check}, which {@code make} runs before it builds), or a run.
     *
     * @return 0 when done, 1 when a run failed, 2 for a bad argument, after its one line on {@code err}
     */
    static int main(String[] args, PrintStream out, PrintStream err, String runId) {
        List<String> words = new ArrayList<>(List.of(args));
        if (words.removeIf(HELP::contains)) {
            out.println(Knobs.help());
            return 0;
        }
        boolean check = words.remove("--check");
        Knobs knobs;
        try {
            knobs = Knobs.parse(words.toArray(String[]::new));
        } catch (IllegalArgumentException bad) {
            err.println("loadtest: " + bad.getMessage());
            return 2;
        }
        return check || execute(knobs, out, runId) ? 0 : 1;
    }

    /** What the command asks: every plan of the knobs in turn, or a rebuild or a diff of results. */
    static boolean execute(Knobs knobs, PrintStream out, String runId) {
        return switch (knobs.mode()) {
            case REPORT -> Rebuild.all(knobs.setup().resultsDir(), out) & refreshDocs(knobs.setup(), out);
            case DIFF ->
                Diff.write(knobs.compareWith().orElseThrow(), knobs.setup().resultsDir(), out);
            case RUN, SCENARIOS ->
                enginesAnswer(knobs.setup(), out)
                        && runAll(knobs.plans(), knobs.setup(), out, runId) & refreshDocs(knobs.setup(), out);
        };
    }

    /**
     * The README's and docs' generated blocks, after a rebuild or a run of the project's own results folder: the
     * documentation cites that folder, and only that one.
     */
    private static boolean refreshDocs(Setup setup, PrintStream out) {
        return !Docs.isTheProjects(setup.projectDir(), setup.resultsDir()) || Docs.refresh(setup.projectDir(), out);
    }

    /** Whether every remote engine answers, checked before any service starts; each one that does not is one line. */
    private static boolean enginesAnswer(Setup setup, PrintStream out) {
        List<String> down = Generator.unreachable(setup.engines());
        down.forEach(reason -> out.println("loadtest: " + reason));
        return down.isEmpty();
    }

    /** What a run measured and where its report is: the published folder, or its staging folder if it failed. */
    public record Run(ResultSet results, ResultsFolder written) {}

    /** Every scenario in turn; one that fails keeps its last good results and does not stop the others. */
    static boolean runAll(List<Plan> plans, Setup setup, PrintStream out, String runId) {
        boolean all = true;
        for (Plan plan : plans) {
            out.println("loadtest: scenario " + plan.name() + " (" + plan.about() + ")");
            all &= run(plan, setup, out, runId).results().succeeded();
        }
        return all;
    }

    /** The processors each remote app's host was read to have, by the app's name: none for the lab's own targets. */
    private static Map<String, Integer> hostCores(List<Point> points) {
        Map<String, Integer> byApp = new HashMap<>();
        points.forEach(p -> p.cost()
                .hostCores()
                .ifPresent(cores -> byApp.putIfAbsent(p.target().name(), cores)));
        return byApp;
    }

    public static Run run(Plan plan, Setup setup, PrintStream out, String runId) {
        return run(plan, setup, out, runId, Probes.ALL);
    }

    /** @param probes what every load runs on its target: the lab's, or those a test plugs in */
    public static Run run(Plan plan, Setup setup, PrintStream out, String runId, Probes probes) {
        ZonedDateTime startedAt = ZonedDateTime.now();
        // Read now: the jars were built from the tree as it is at the start, whatever is edited while the run goes on.
        String commit = Git.commit(setup.projectDir(), setup.resultsDir());
        Path folder = setup.resultsDir().resolve(plan.folder()).normalize();
        ResultsFolder published = new ResultsFolder(folder, plan.kind());
        ResultsFolder staging = ResultsFolder.staging(folder, plan.kind());
        out.printf(
                "loadtest: %s, %d s ramp-up, %d s warm-up, %d s window, backend %d..%d ms; targets %s%n",
                plan.describeLoads(),
                plan.phases().rampUpSeconds(),
                plan.phases().warmUpSeconds(),
                plan.phases().windowSeconds(),
                plan.backend().minDelayMs(),
                plan.backend().maxDelayMs(),
                plan.targetNames());
        Lab lab = new Lab(plan, setup, staging, out, runId, probes);
        List<Point> points = lab.run();
        Environment environment = Environment.detect(
                startedAt,
                System.getenv().getOrDefault("LOADLAB_COMMAND", "./mvnw -pl loadtest verify"),
                commit,
                Lab.jvmFlagsShown(plan, setup.launch()));
        if (!setup.engines().isLocal()) {
            environment = environment.loadFrom(setup.engines().describe());
        }
        List<String> remote = setup.remoteTargets().describe(plan, hostCores(points));
        if (!remote.isEmpty()) {
            environment = environment.withRemoteTargets(remote);
        }
        ResultSet results = new ResultSet(plan, environment, points, lab.sideBySide());
        try {
            Output.write(results, staging, out);
            if (results.succeeded()) {
                staging.publishTo(published);
                Index.write(setup.resultsDir(), out);
                out.println("loadtest: wrote " + published.report());
                return new Run(results, published);
            }
            out.println("loadtest: some rows failed; " + published.report()
                    + " keeps the last good run. This run's report: " + staging.report());
            return new Run(results, staging);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
