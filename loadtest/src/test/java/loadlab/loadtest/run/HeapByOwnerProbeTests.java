package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** On this test's own JVM, attached from outside by jcmd like any target of the lab. */
class HeapByOwnerProbeTests {

    private static final Duration WINDOW = Duration.ofSeconds(2);

    private final List<String> notes = new ArrayList<>();

    private Probed target(Probed.Reach reach) {
        return new Probed(Target.DIRECT, "direct", reach, WINDOW, Optional.empty(), notes::add);
    }

    private Probed thisJvm() {
        return target(new Probed.Local(ProcessHandle.current().pid(), List.of(), Path.of("unused.jfr")));
    }

    @Test
    void takesAHistogramAtRestAndOneAtTheWindowsEndBeforeItIsStopped() throws InterruptedException {
        HeapByOwnerProbe probe = new HeapByOwnerProbe();
        try (Probe.Running<HeapOwners> running = probe.start(thisJvm()).orElseThrow()) {
            long began = System.currentTimeMillis() - WINDOW.toMillis() + 200;
            running.windowBegan(began);
            // Held past the window's end like a load's tail: the histogram is in before the probe is stopped.
            Thread.sleep(200);

            // The heap's figures read nothing of the ended load.
            Optional<HeapOwners> heap = running.stop().over(null);

            assertThat(heap).isPresent();
            assertThat(heap.get().owner(Owner.JDK)).isPresent();
            assertThat(heap.get().owner(Owner.BYTE_ARRAYS)).isPresent();
            assertThat(heap.get().restMib()).isPositive();
            assertThat(heap.get().loadedMib()).isPositive();
            assertThat(heap.get().loadedSecondsAfterWindow()).isNotNegative();
        }
    }

    @Test
    void aLoadThatEndedBeforeItsWindowHasNoFigures() {
        try (Probe.Running<HeapOwners> running =
                new HeapByOwnerProbe().start(thisJvm()).orElseThrow()) {
            assertThat(running.stop().over(null)).isEmpty();
        }
    }

    @Test
    void aTargetWithoutALocalJvmIsNotProbed() {
        HeapByOwnerProbe probe = new HeapByOwnerProbe();

        assertThat(probe.start(target(new Probed.Unreachable()))).isEmpty();
        assertThat(probe.start(target(new Probed.Remote(java.net.URI.create("http://other:8081")))))
                .isEmpty();
    }

    @Test
    void whatIsNoWholeHistogramIsNoFigureAndANote() {
        assertThat(HeapByOwnerProbe.grouped("12345:\nNo such process\n", thisJvm(), "under load"))
                .isEmpty();
        assertThat(notes).singleElement().asString().contains("under load").contains("No such process");
    }

    @Test
    void aProcessThatIsGoneHasNoHistogramAndANote() {
        assertThat(HeapByOwnerProbe.histogram(Integer.MAX_VALUE, thisJvm(), "at rest"))
                .isEmpty();
        assertThat(notes).singleElement().asString().contains("at rest");
    }
}
