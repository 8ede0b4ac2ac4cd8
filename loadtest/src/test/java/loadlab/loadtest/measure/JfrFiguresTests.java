package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads real recordings: a child JVM with the lab's JFR flags runs {@link JfrChild} and exits. */
class JfrFiguresTests {

    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    static Path dir;

    private static Path recording;
    private static Instant launched;
    private static Instant exited;
    private static Instant marker;

    @BeforeAll
    static void runTheChild() throws Exception {
        recording = dir.resolve("app.jfr");
        launched = Instant.now();
        List<String> log = runChild(JfrFigures.recordingFlags(recording), dir.resolve("child.log"));
        exited = Instant.now();
        marker = Instant.ofEpochMilli(log.stream()
                .filter(line -> line.startsWith(JfrChild.MARKER))
                .map(line -> Long.parseLong(line.substring(JfrChild.MARKER.length())))
                .findFirst()
                .orElseThrow());
    }

    /** Runs JfrChild with {@code flags} to its end, within a bounded time, and returns its output. */
    static List<String> runChild(List<String> flags, Path log)
            throws IOException, InterruptedException, URISyntaxException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags);
        command.add("-Xmx256m");
        command.add("-XX:+UseG1GC");
        command.add("-cp");
        command.add(Path.of(JfrChild.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString());
        command.add(JfrChild.class.getName());
        Process child = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            assertThat(child.waitFor(CHILD_TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                    .as("child JVM ended within %s", CHILD_TIMEOUT)
                    .isTrue();
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        List<String> lines = Files.readAllLines(log);
        assertThat(child.exitValue()).as("child exit code; output: %s", lines).isZero();
        return lines;
    }

    @Test
    void theFlagsRecordOnExitWithDefaultSettingsEveryPinningAndCpuTimeSamples() {
        assertThat(JfrFigures.recordingFlags(Path.of("/lab/raw/app-virtual/app.jfr")))
                .containsExactly(
                        "-XX:StartFlightRecording=filename=/lab/raw/app-virtual/app.jfr,dumponexit=true,settings=default,"
                                + "jdk.VirtualThreadPinned#threshold=0ms,"
                                + "jdk.CPUTimeSample#enabled=true,jdk.CPUTimeSample#throttle=20ms",
                        "-XX:FlightRecorderOptions=repository=/lab/raw/app-virtual");
    }

    @Test
    void aJvmThatExitsLeavesItsRecordingAndNoRepositoryBesideIt() throws IOException {
        // JFR names a repository's folder by the time and the pid; this test's children leave files only.
        try (Stream<Path> folders = Files.list(dir).filter(Files::isDirectory)) {
            assertThat(folders).isEmpty();
        }
        assertThat(recording).isNotEmptyFile();
    }

    @Test
    void theRecordingHasCpuTimeSamplesAsWellAsExecutionSamples() throws IOException {
        MeasurementWindow everything = new MeasurementWindow(0, Long.MAX_VALUE);

        assertThat(CpuByOwner.read(recording, everything, CpuByOwner.SampleEvent.CPU_TIME)
                        .totalSamples())
                .isPositive();
    }

    @Test
    void aFileNameWithACommaIsRefusedSinceItWouldSplitTheOptions() {
        assertThatIllegalArgumentException().isThrownBy(() -> JfrFigures.recordingFlags(Path.of("/tmp/a,b/app.jfr")));
    }

    @Test
    void aWideWindowSeesEveryCollectionTheRetainedHeapAndThePinning() throws IOException {
        JfrFigures figures = JfrFigures.read(recording, launched.minusSeconds(60), exited.plusSeconds(60));

        assertThat(figures.gcCount()).isGreaterThanOrEqualTo(3);
        assertThat(figures.gcPauseMs()).isPositive();
        assertThat(figures.heapUsedAfterGcMib()).isPresent();
        assertThat(figures.heapUsedAfterGcMib().getAsDouble()).isGreaterThanOrEqualTo(JfrChild.RETAINED_MIB);
        // The pinning lasted 5 ms: recorded only because the flags lower the threshold from its default 20 ms.
        assertThat(figures.pinnedEvents()).isPresent();
        assertThat(figures.pinnedEvents().getAsInt()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void theJvmActivityPerSecondHoldsEveryPauseAndTheCompilationTimeBetweenTheFirstAndLastReading() throws IOException {
        long runStart = launched.minusSeconds(5).toEpochMilli();
        int seconds = (int) ((exited.toEpochMilli() - runStart) / 1000) + 10;
        JfrFigures wide = JfrFigures.read(recording, launched.minusSeconds(60), exited.plusSeconds(60));
        List<Double> totals = new ArrayList<>();
        try (jdk.jfr.consumer.RecordingFile file = new jdk.jfr.consumer.RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                jdk.jfr.consumer.RecordedEvent event = file.readEvent();
                if (event.getEventType().getName().equals(JvmActivity.COMPILER_EVENT)) {
                    totals.add(event.getDuration("totalTimeSpent").toNanos() / 1e6);
                }
            }
        }

        List<JvmActivity.Second> perSecond = JvmActivity.read(recording, runStart, seconds);

        assertThat(perSecond).hasSize(seconds);
        // Each second keeps a tenth of a millisecond: the sums agree within that per second.
        double tolerance = 0.05 * seconds + 1e-6;
        assertThat(perSecond.stream().mapToDouble(JvmActivity.Second::gcPauseMs).sum())
                .isPositive()
                .isCloseTo(wide.gcPauseMs(), org.assertj.core.data.Offset.offset(tolerance));
        assertThat(totals).as("compiler statistics in the recording").isNotEmpty();
        double compiled = totals.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
                - totals.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        assertThat(perSecond.stream().mapToDouble(JvmActivity.Second::jitMs).sum())
                .isCloseTo(compiled, org.assertj.core.data.Offset.offset(tolerance));
    }

    @Test
    void aWindowOutsideTheRecordingCountsNothingAndSaysSo() throws IOException {
        JfrFigures figures = JfrFigures.read(recording, launched.minusSeconds(7_200), launched.minusSeconds(3_600));

        assertThat(figures.gcCount()).isZero();
        assertThat(figures.gcPauseMs()).isZero();
        assertThat(figures.heapUsedAfterGcMib()).isEmpty();
        assertThat(figures.pinnedEvents()).isEqualTo(OptionalInt.of(0));
    }

    @Test
    void eventsAreCountedByTheWindowTheyStartInAndTwoAdjacentWindowsShareNone() throws IOException {
        JfrFigures wide = JfrFigures.read(recording, launched.minusSeconds(60), exited.plusSeconds(60));
        JfrFigures before = JfrFigures.read(recording, launched.minusSeconds(60), marker);
        JfrFigures after = JfrFigures.read(recording, marker, exited.plusSeconds(60));

        assertThat(before.gcCount()).isGreaterThanOrEqualTo(2);
        assertThat(after.gcCount()).isGreaterThanOrEqualTo(1);
        assertThat(before.gcCount() + after.gcCount()).isEqualTo(wide.gcCount());
        assertThat(before.gcPauseMs() + after.gcPauseMs())
                .isCloseTo(wide.gcPauseMs(), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(before.pinnedEvents()).isEqualTo(OptionalInt.of(0));
        assertThat(after.pinnedEvents()).isEqualTo(wide.pinnedEvents());
        // Heap after GC before the marker is the small heap of the first collections; after, the 32 MiB is in it.
        assertThat(before.heapUsedAfterGcMib().getAsDouble()).isLessThan(JfrChild.RETAINED_MIB);
        assertThat(after.heapUsedAfterGcMib().getAsDouble()).isGreaterThanOrEqualTo(JfrChild.RETAINED_MIB);
    }

    @Test
    void aRecordingWithoutThePinningEventReportsNoPinningCountRatherThanZero() throws Exception {
        Path noPinning = dir.resolve("no-pinning.jfr");
        runChild(
                List.of("-XX:StartFlightRecording=filename=" + noPinning + ",dumponexit=true," + JfrFigures.PINNED_EVENT
                        + "#enabled=false"),
                dir.resolve("no-pinning.log"));

        JfrFigures figures = JfrFigures.read(
                noPinning, Instant.now().minusSeconds(600), Instant.now().plusSeconds(60));

        assertThat(figures.pinnedEvents()).isEmpty();
        assertThat(figures.gcCount()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aMissingFileIsAnIOExceptionForTheCallerToReport() {
        assertThatThrownBy(() -> JfrFigures.read(dir.resolve("killed-before-exit.jfr"), launched, exited))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("killed-before-exit.jfr");
    }

    @Test
    void anEmptyWindowIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> JfrFigures.read(recording, exited, exited));
    }
}
