package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import loadlab.loadtest.measure.CpuOwners;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.Knobs;
import loadlab.loadtest.report.ProbeColumn;
import loadlab.loadtest.report.Reports;
import loadlab.loadtest.run.Probe;
import loadlab.loadtest.run.Probed;
import loadlab.loadtest.run.Probes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A probe plugged into a real run, end to end: one that reads a target's JVM by pid and its recording once it has
 * stopped, whose figures reach the data file and a report rendered from it; and one that throws, which fails the row
 * it was measuring with its name, while the other rows are measured and nothing is left running.
 */
class ProbesSmokeIT {

    /** What the plugged-in probe reads: the JVM it ran on, the windows it heard of, its recording once written. */
    record Recorded(long pid, int windowsBegun, long recordingBytes) {
        static final ProbeFigures.Key<Recorded> KEY = new ProbeFigures.Key<>("recorded", Recorded.class);
    }

    /** Every probe started on a load, and every one closed: the two must match when the run is over. */
    private static final AtomicInteger STARTED = new AtomicInteger();

    private static final AtomicInteger CLOSED = new AtomicInteger();

    /** On a JVM of the lab here: its pid now, the window when it begins, its recording's size once it has stopped. */
    static final class RecordingReader implements Probe<Recorded> {
        @Override
        public ProbeFigures.Key<Recorded> key() {
            return Recorded.KEY;
        }

        @Override
        public Optional<Running<Recorded>> start(Probed target) {
            if (!(target.reach() instanceof Probed.Local local)) {
                return Optional.empty();
            }
            STARTED.incrementAndGet();
            AtomicInteger windows = new AtomicInteger();
            return Optional.of(new Running<>() {
                @Override
                public void windowBegan(long startMillis) {
                    windows.incrementAndGet();
                }

                @Override
                public Readings<Recorded> stop() {
                    return load -> Optional.of(new Recorded(
                            local.pid(), windows.get(), size(load.recording().orElseThrow())));
                }

                @Override
                public void close() {
                    CLOSED.incrementAndGet();
                }
            });
        }

        private static long size(Path recording) {
            try {
                return Files.size(recording);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** On an app: throws as its load ends. */
    static final class Breaking implements Probe<Recorded> {
        @Override
        public ProbeFigures.Key<Recorded> key() {
            return new ProbeFigures.Key<>("breaking", Recorded.class);
        }

        @Override
        public Optional<Running<Recorded>> start(Probed target) {
            if (!target.target().isApp()) {
                return Optional.empty();
            }
            STARTED.incrementAndGet();
            return Optional.of(new Running<>() {
                @Override
                public Readings<Recorded> stop() {
                    throw new IllegalStateException("no reading of " + target.label());
                }

                @Override
                public void close() {
                    CLOSED.incrementAndGet();
                }
            });
        }
    }

    @Test
    void aPluggedInProbesFiguresReachTheDataFileAndTheReportAndOneThatThrowsFailsItsRowCleanly(@TempDir Path results)
            throws Exception {
        String runId = LabFixtures.newRunId("probes");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Knobs knobs =
                Knobs.parse(LabFixtures.smallScenario(results, "--apps=virtual").toArray(String[]::new));
        Probes probes = Probes.ALL.and(new RecordingReader()).and(new Breaking());

        LoadLab.Run outcome = LoadLab.run(
                knobs.plan(), knobs.setup(), new PrintStream(log, true, StandardCharsets.UTF_8), runId, probes);

        String output = log.toString(StandardCharsets.UTF_8);
        System.out.println(output);
        Point direct = LabFixtures.row(outcome, "direct");
        assertThat(direct.outcome()).as(output).isInstanceOf(Outcome.Measured.class);
        Recorded recorded = direct.cost().probes().get(Recorded.KEY).orElseThrow();
        assertThat(recorded.pid())
                .as("slow-server's pid")
                .isPositive()
                .isNotEqualTo(ProcessHandle.current().pid());
        assertThat(recorded.windowsBegun()).isEqualTo(1);
        assertThat(recorded.recordingBytes())
                .as("slow-server's recording, written as it stopped")
                .isPositive();
        assertThat(direct.cost().memory())
                .as("the lab's own probes still run beside it")
                .isPresent();
        assertThat(direct.cost().probes().get(HeapOwners.KEY))
                .as("slow-server's heap by owner, from its histograms at rest and at the window's end")
                .hasValueSatisfying(heap -> {
                    assertThat(heap.loadedMib()).isPositive();
                    assertThat(heap.owner(Owner.JDK)).isPresent();
                });
        assertThat(direct.cost().probes().get(CpuOwners.KEY))
                .as("slow-server's CPU by owner, from the CPU-time samples every lab JVM records")
                .hasValueSatisfying(cpu -> {
                    assertThat(cpu.event()).isEqualTo("jdk.CPUTimeSample");
                    assertThat(cpu.samples()).isPositive();
                });

        Point virtual = LabFixtures.row(outcome, "app-virtual");
        assertThat(virtual.outcome())
                .isEqualTo(new Outcome.Failed(
                        "app-virtual: the probe 'breaking' failed: java.lang.IllegalStateException: no reading of"
                                + " app-virtual",
                        outcome.written().raw().resolve("app-virtual/app.log")));
        assertThat(output).contains("FAILED app-virtual: the probe 'breaking' failed");
        assertThat(outcome.results().succeeded()).isFalse();
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
        assertThat(CLOSED.get()).as("every probe started was closed").isEqualTo(STARTED.get());

        String json = Files.readString(outcome.written().data());
        assertThat(json)
                .contains("\"probes\" : {\n")
                .contains("\n        \"recorded\" : {\n          \"pid\" : " + recorded.pid());
        ResultSet read = DataFile.read(outcome.written().data());
        assertThat(LabFixtures.row(new LoadLab.Run(read, outcome.written()), "direct")
                        .cost()
                        .probes()
                        .get(Recorded.KEY))
                .contains(recorded);
        String report = Reports.render(
                read,
                List.of(),
                List.of(new ProbeColumn<>(
                        Recorded.KEY,
                        "Recording (bytes)",
                        r -> OptionalDouble.of(r.recordingBytes()),
                        bytes -> String.format(Locale.ROOT, "%.0f", bytes))));
        assertThat(report)
                .contains("| Target | Recording (bytes) |")
                .contains("| direct | " + recorded.recordingBytes() + " |")
                .contains("| app-virtual | **FAILED** |")
                .contains("## Where the cost goes");
    }
}
