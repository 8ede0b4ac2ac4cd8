package loadlab.loadtest.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import loadlab.loadtest.plan.CpuPinning;

/**
 * Puts the lab's processes on the CPUs a plan gives them, with util-linux's {@code taskset}: a service is started
 * under {@code taskset -c <cpus>}, and this JVM (the load generator) moves all its threads, and so every thread they
 * start later, with {@code taskset -a -p -c}.
 */
final class Affinity {

    private static final Path TASKSET = CpuPinning.TASKSET;
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final Path TASKS = Path.of("/proc/self/task");

    private Affinity() {}

    /** The words to put before a service's command line; none when nothing is pinned. */
    static List<String> prefix(List<Integer> cpus) {
        return cpus.isEmpty() ? List.of() : List.of(TASKSET.toString(), "-c", CpuPinning.list(cpus));
    }

    /**
     * Moves every thread of this JVM to {@code cpus} until {@link Pinned#close()} gives it the whole machine back.
     *
     * @throws IllegalStateException when taskset is missing or refuses: a pinned scenario must not run unpinned
     */
    static Pinned pinThisJvm(CpuPinning pinning) {
        if (!pinning.pinned()) {
            return () -> {};
        }
        if (!Files.isExecutable(TASKSET)) {
            throw new IllegalStateException("appCpus needs " + TASKSET + " (util-linux), which is missing");
        }
        setThisJvm(CpuPinning.list(pinning.labCpus()));
        return () -> setThisJvm("0-" + (pinning.machine() - 1));
    }

    /** Undoes a {@link #pinThisJvm}; closing twice is harmless. */
    interface Pinned extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Moves the calling thread alone to {@code cpus}; nothing when {@code cpus} is empty (nothing pinned).
     *
     * @throws IllegalStateException when taskset is missing or refuses, or the thread's id cannot be read
     */
    static void pinThisThread(List<Integer> cpus) {
        if (cpus.isEmpty()) {
            return;
        }
        // /proc/thread-self names the calling thread's task: <pid>/task/<tid>, and taskset -p takes a tid as a pid.
        Path task;
        try {
            task = Files.readSymbolicLink(THREAD_SELF);
        } catch (IOException e) {
            throw new IllegalStateException("cannot tell this thread's id from " + THREAD_SELF + ": " + e, e);
        }
        setTask(task, CpuPinning.list(cpus));
    }

    /** Moves one thread, {@code /proc/<pid>/task/<tid>}, to {@code cpus}: taskset -p takes a tid as a pid. */
    private static void setTask(Path task, String cpus) {
        taskset(List.of(TASKSET.toString(), "-p", "-c", cpus, task.getFileName().toString()));
    }

    /**
     * taskset -a sets each thread of the JVM in turn, and stops with an error when one of them ends between its
     * listing and its turn (seen as a run's JMeter threads ended: "No such process"). What counts is that every thread
     * still alive is on {@code cpus}, threads born since included (they inherit their parent's CPUs). So after a
     * failure, each live thread not yet on {@code cpus} is set alone, a thread that ends meanwhile skipped, and that
     * is checked thread by thread; taskset -a is tried again only when one is still not. Retrying taskset -a alone
     * once failed ten times in a row (AffinityTests, whose threads come and go all the time, on a starved host). A
     * refusal that repeats is a real one.
     */
    private static final int JVM_TRIES = 10;

    private static void setThisJvm(String cpus) {
        List<String> command = List.of(
                TASKSET.toString(),
                "-a",
                "-p",
                "-c",
                cpus,
                String.valueOf(ProcessHandle.current().pid()));
        Set<Integer> wanted = CpuPinning.cpus(cpus).orElseThrow();
        for (int tried = 1; ; tried++) {
            try {
                taskset(command);
                return;
            } catch (IllegalStateException e) {
                setEachLiveThreadNotOn(wanted, cpus);
                if (everyLiveThreadOn(wanted)) {
                    return;
                }
                if (tried == JVM_TRIES || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
            }
        }
    }

    /** Moves each live thread of this JVM that is on other CPUs than {@code wanted}; one that ends is skipped. */
    private static void setEachLiveThreadNotOn(Set<Integer> wanted, String cpus) {
        List<Path> elsewhere;
        try {
            elsewhere = liveThreadsNotOn(wanted);
        } catch (IOException | UncheckedIOException e) {
            return;
        }
        for (Path task : elsewhere) {
            try {
                setTask(task, cpus);
            } catch (IllegalStateException ended) {
                // Ended since it was listed (or refused: the check that follows finds it).
            }
        }
    }

    /** Whether each thread of this JVM that lives now may run on exactly {@code cpus}; threads that end are skipped. */
    private static boolean everyLiveThreadOn(Set<Integer> cpus) {
        try {
            return liveThreadsNotOn(cpus).isEmpty();
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** This JVM's threads, {@code /proc/self/task/<tid>}, that live now and may run on other CPUs than {@code cpus}. */
    private static List<Path> liveThreadsNotOn(Set<Integer> cpus) throws IOException {
        try (Stream<Path> tasks = Files.list(TASKS)) {
            return tasks.filter(task -> allowedCpus(task)
                            .filter(allowed -> !allowed.equals(cpus))
                            .isPresent())
                    .toList();
        }
    }

    /** A thread's CPUs from its status file's {@code Cpus_allowed_list}; empty when the thread has ended. */
    private static Optional<SortedSet<Integer>> allowedCpus(Path task) {
        try {
            return Files.readAllLines(task.resolve("status")).stream()
                    .filter(line -> line.startsWith("Cpus_allowed_list:"))
                    .findFirst()
                    .flatMap(line -> CpuPinning.cpus(line.substring("Cpus_allowed_list:".length())));
        } catch (IOException e) {
            // A thread that ended while being read: its folder is gone (or its file says "No such process").
            if (e instanceof NoSuchFileException || !Files.exists(task)) {
                return Optional.empty();
            }
            throw new UncheckedIOException(e);
        }
    }

    private static void taskset(List<String> command) {
        try {
            Process taskset =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(taskset.getInputStream().readAllBytes()).strip();
            if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed"
                        + (output.isEmpty()
                                ? ""
                                : ": " + output.lines().reduce((a, b) -> b).orElseThrow()));
            }
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(String.join(" ", command) + " was interrupted", e);
        }
    }
}
