package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.HeapOwners.OwnerHeap;
import org.junit.jupiter.api.Test;

/** Side by side: the recorded app-webflux histogram stands for "at rest", app-virtual's for "under load". */
class HeapOwnersTests {

    private static final double MIB = 1024.0 * 1024;

    private static HeapByOwner recorded(String app) throws IOException {
        return HeapByOwner.ofHistogram(HeapByOwnerTests.resource(app + ".class_histogram.txt.gz"));
    }

    @Test
    void everyOwnerOfEitherHistogramHasARowInOwnerOrderWithItsMibAtRestAndAtLoad() throws IOException {
        HeapByOwner rest = recorded("app-webflux");
        HeapByOwner loaded = recorded("app-virtual");

        HeapOwners heap = HeapOwners.of(rest, loaded, 0.4);

        assertThat(heap.owners()).extracting(OwnerHeap::owner).isSorted();
        // Tomcat is only in the virtual-thread app's, Reactor Netty's server only in WebFlux's: both have rows.
        assertThat(heap.owner(Owner.TOMCAT).orElseThrow().restMib()).isZero();
        assertThat(heap.owner(Owner.TOMCAT).orElseThrow().loadedMib()).isEqualTo(loaded.bytes(Owner.TOMCAT) / MIB);
        assertThat(heap.owner(Owner.REACTOR_NETTY_SERVER).orElseThrow().loadedMib())
                .isZero();
        assertThat(heap.owner(Owner.REACTOR_NETTY_SERVER).orElseThrow().restMib())
                .isEqualTo(rest.bytes(Owner.REACTOR_NETTY_SERVER) / MIB);
        assertThat(heap.owner(Owner.GC)).isEmpty();
        assertThat(heap.owners().stream().mapToDouble(OwnerHeap::loadedMib).sum())
                .isCloseTo(heap.loadedMib(), within(1e-6));
        assertThat(heap.owners().stream().mapToDouble(OwnerHeap::restMib).sum())
                .isCloseTo(heap.restMib(), within(1e-6));
        assertThat(heap.loadedMib()).isEqualTo(loaded.totalBytes() / MIB);
        assertThat(Owner.values())
                .allSatisfy(owner ->
                        assertThat(heap.loadedShare(owner)).isEqualTo(loaded.bytes(owner) / MIB / heap.loadedMib()));
    }

    @Test
    void perThousandInFlightIsWhatTheOwnerAddedOverTheRequestsInFlight() {
        OwnerHeap stacks = new OwnerHeap(Owner.VIRTUAL_THREAD_STACKS, 2.0, 62.0);

        assertThat(stacks.addedMib()).isEqualTo(60.0);
        assertThat(HeapOwners.per1000(stacks.addedMib(), 500)).isEqualTo(120.0);
        assertThatIllegalArgumentException().isThrownBy(() -> HeapOwners.per1000(1.0, 0));
    }

    @Test
    void readsBackFromTheDataFileAsItWasWritten() throws IOException {
        HeapOwners heap = HeapOwners.of(recorded("app-webflux"), recorded("app-virtual"), 1.25);

        ProbeFigures figures = ProbeFigures.NONE.with(HeapOwners.KEY, Optional.of(heap));
        Map<String, JsonNode> json = DataFile.JSON.readValue(
                DataFile.JSON.writeValueAsString(figures.json()),
                DataFile.JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, JsonNode.class));
        ProbeFigures read = ProbeFigures.ofJson(json);

        assertThat(read.get(HeapOwners.KEY)).contains(heap);
        assertThat(read.probes()).containsExactly("heapOwners");
    }
}
