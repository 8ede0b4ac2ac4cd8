package loadlab.loadtest.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which CPUs an app may run on, and which the rest of the lab (slow-server and the load generator) may, when a
 * scenario keeps them apart. When the backend is fast the app's own CPU is the bottleneck, and on a small machine the
 * load generator and slow-server would otherwise take the app's cores from it; pinned, the app's cores are its own and
 * the direct row shows what the lab itself can deliver on the others.
 *
 * @param appCpus  the CPUs an app is pinned to, ascending; empty when nothing is pinned
 * @param labCpus  the other CPUs of the machine, where slow-server and the load generator run; empty when unpinned
 * @param machine  the CPUs of the machine (so the number of cores an unpinned app may use)
 */
public record CpuPinning(List<Integer> appCpus, List<Integer> labCpus, int machine) {

    /** What pins a process to CPUs: util-linux's, on every Linux the lab runs on. */
    public static final java.nio.file.Path TASKSET = java.nio.file.Path.of("/usr/bin/taskset");

    /** What a command line gives to undo a scenario's pinning. */
    static final String NONE = "none";

    private static final Pattern RANGE = Pattern.compile("(\\d{1,4})(?:-(\\d{1,4}))?");

    public CpuPinning {
        appCpus = List.copyOf(appCpus);
        labCpus = List.copyOf(labCpus);
        if (machine < 1 || appCpus.isEmpty() != labCpus.isEmpty()) {
            throw new IllegalArgumentException("pinning needs CPUs for the app and for the rest of the lab, or none");
        }
    }

    /** Every process shares every CPU of the machine. */
    public static CpuPinning none(int machineCpus) {
        return new CpuPinning(List.of(), List.of(), machineCpus);
    }

    /**
     * Parses a CPU list as {@code taskset -c} takes it ({@code 1}, {@code 1-3}, {@code 0,2}); every CPU must exist
     * and at least one must be left for the rest of the lab. {@code none} pins nothing, so that a command line can run
     * a pinned scenario unpinned.
     *
     * @param label how an error names the knob, e.g. {@code appCpus}
     */
    static CpuPinning parse(String label, String raw, int machineCpus) {
        if (raw.equals(NONE)) {
            return none(machineCpus);
        }
        Optional<SortedSet<Integer>> named = cpus(raw);
        if (named.isEmpty()
                && !Arrays.stream(raw.split(",", -1))
                        .allMatch(part -> RANGE.matcher(part.strip()).matches())) {
            throw new IllegalArgumentException(label + "='" + raw
                    + "' is not a CPU list such as 1, 1-3 or 0,2, or none (this machine's CPUs: 0-"
                    + (machineCpus - 1)
                    + ")");
        }
        if (named.isEmpty() || named.get().last() >= machineCpus) {
            throw new IllegalArgumentException(label + "='" + raw + "' names CPUs this machine does not have "
                    + "(its CPUs: 0-" + (machineCpus - 1) + ")");
        }
        SortedSet<Integer> app = named.get();
        List<Integer> lab = new ArrayList<>();
        IntStream.range(0, machineCpus).filter(cpu -> !app.contains(cpu)).forEach(lab::add);
        if (lab.isEmpty()) {
            throw new IllegalArgumentException(label + "='" + raw + "' leaves no CPU for slow-server and the load "
                    + "generator (this machine's CPUs: 0-" + (machineCpus - 1) + ")");
        }
        return new CpuPinning(List.copyOf(app), lab, machineCpus);
    }

    /**
     * The CPUs a list names, as {@code taskset -c} takes it and the kernel's {@code Cpus_allowed_list} writes it
     * ({@code 1}, {@code 1-3}, {@code 0,2}); empty when it is no such list, or a range runs backwards.
     */
    public static Optional<SortedSet<Integer>> cpus(String list) {
        SortedSet<Integer> cpus = new TreeSet<>();
        for (String part : list.split(",", -1)) {
            Matcher m = RANGE.matcher(part.strip());
            if (!m.matches()) {
                return Optional.empty();
            }
            int from = Integer.parseInt(m.group(1));
            int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
            if (to < from) {
                return Optional.empty();
            }
            IntStream.rangeClosed(from, to).forEach(cpus::add);
        }
        return Optional.of(cpus);
    }

    public boolean pinned() {
        return !appCpus.isEmpty();
    }

    /** The cores an app may use: those it is pinned to, else the machine's. */
    public int appCores() {
        return pinned() ? appCpus.size() : machine;
    }

    /** A CPU list as {@code taskset -c} takes it, e.g. {@code 0,1}. */
    public static String list(List<Integer> cpus) {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** One line for the environment: where each process of the lab ran. */
    public String describe() {
        if (!pinned()) {
            return "none: the app, slow-server and the load generator share all " + machine + " CPUs";
        }
        return "each app on CPU " + list(appCpus) + "; slow-server and the load generator on CPU " + list(labCpus)
                + " (taskset)";
    }
}
