package loadlab.loadtest.run;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The probes every load runs, in the order they start on a target. A new probe is one class ({@link Probe}), one
 * figure record in {@code measure/} (with its {@code KEY}), one line here, and one column entry in
 * {@code report/ProbeColumns}.
 */
public final class Probes {

    /** What the lab runs: live memory first, so that its collection at rest is over before anything is sampled. */
    public static final Probes ALL = new Probes(List.of(
            new LiveMemoryProbe(),
            new CpuSpeedProbe(),
            new PoolWatch(),
            new HeapByOwnerProbe(),
            new CpuByOwnerProbe()));

    private final List<Probe<?>> probes;

    /** @throws IllegalArgumentException when two probes have the same id: their figures would overwrite each other */
    public Probes(List<Probe<?>> probes) {
        Set<String> ids = new HashSet<>();
        for (Probe<?> probe : probes) {
            if (!ids.add(probe.key().id())) {
                throw new IllegalArgumentException(
                        "two probes are named '" + probe.key().id() + "'");
            }
        }
        this.probes = List.copyOf(probes);
    }

    /** These probes and one more, started last. */
    public Probes and(Probe<?> another) {
        List<Probe<?>> more = new ArrayList<>(probes);
        more.add(another);
        return new Probes(more);
    }

    List<Probe<?>> list() {
        return probes;
    }
}
