package loadlab.loadtest;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.plan.Knobs;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import loadlab.loadtest.run.LabProcess;

/**
 * What the end-to-end tests share: the built project, free ports, a way to run the project's own commands, and a way
 * to find leftover processes.
 */
final class LabFixtures {

    static final String SIGINT_IGNORED =
            "SIGINT was ignored when this build started (a background job of a shell without job control), and a"
                    + " shell cannot trap a signal ignored at entry: Ctrl-C cannot be tested here";

    /** Whether this JVM, and so every process it starts, has SIGINT ignored. */
    static boolean sigintIgnored() throws IOException {
        return ignored(2);
    }

    /**
     * Whether this JVM, and so every process it starts, has this signal ignored (SIGINT in a background job, SIGHUP
     * under nohup), which a shell cannot trap: /proc's SigIgn mask, one bit per signal from 1.
     */
    static boolean ignored(int signal) throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return false;
        }
        return Files.readAllLines(status).stream()
                .filter(line -> line.startsWith("SigIgn:"))
                .map(line -> Long.parseUnsignedLong(
                        line.substring("SigIgn:".length()).trim(), 16))
                .anyMatch(mask -> (mask & (1L << (signal - 1))) != 0);
    }

    /**
     * The JIT flag of every JVM an end-to-end test starts (apps, slow-server, db-server, engines): C1 only. An app
     * pinned to one core started in 16 s with C2 compiling beside its main thread and in 7 s without; the tests assert
     * behaviour, never a cost, and their loads are too short for C2's code to matter.
     */
    static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    /** The tests run in end-to-end/, so the project (and the jars `make build` left) is one level up. */
    static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();

    private LabFixtures() {}

    /**
     * A small, quick scenario on free ports, writing to {@code results}; extra arguments override. The shortest phases
     * in which every target still answers: the tests assert behaviour (answers, errors, files, processes), never a rate.
     */
    static List<String> smallScenario(Path results, String... overrides) throws IOException {
        List<String> args = new ArrayList<>(List.of(
                "--project=" + PROJECT,
                "--results=" + results,
                "--appJvmFlags=" + String.join(" ", Plan.DEFAULT_APP_JVM_FLAGS) + " " + C1_ONLY,
                // Extracted jars with class-data archives: an app starts in half the CPU of its fat jar's start.
                "--launch=cds",
                "--rampup=1s",
                "--warmup=1s",
                "--duration=3s",
                // The JIT of a load can take minutes to settle; these tests check behaviour, not cost.
                "--jitWarmup=off",
                "--delayMin=0",
                "--delayMax=200",
                "--ports=" + portsEntries()));
        // A comparison of 4 users, unless the test names a scenario of another kind, which takes its own load knobs.
        // Four users at 0..200 ms ask for about 40 req/s (Little's law): still hundreds of requests a window. Every
        // request costs CPU three times over (load generator, app, slow-server: slow-server alone, C1 only, 1.3 ms),
        // and with three test JVMs at once 50 users kept both cores busy, then 10 users still most of them.
        if (Arrays.stream(overrides).noneMatch(o -> o.startsWith("--scenario="))) {
            args.add("--users=4");
        }
        // Unpinned, unless the test pins: a pinned run moves this whole test JVM onto CPU 0 and its apps onto CPU 1,
        // and with three test JVMs at once every load generator, report and slow-server shared one core while the
        // apps shared the other. ComparisonSmokeIT keeps the scenario's pinning, as make compare runs it.
        if (Arrays.stream(overrides).noneMatch(o -> o.startsWith("--appCpus="))) {
            args.add("--appCpus=none");
        }
        args.addAll(List.of(overrides));
        return args;
    }

    /** The --ports knob's value: every service of the lab on a port of its own, free now. */
    private static String portsEntries() throws IOException {
        List<Integer> free = freePorts(2 + Target.APPS.size());
        List<String> entries = new ArrayList<>();
        entries.add(Target.SLOW_SERVER + ":" + free.get(0));
        entries.add(Target.DB_SERVER + ":" + free.get(1));
        for (int i = 0; i < Target.APPS.size(); i++) {
            entries.add(Target.APPS.get(i).name() + ":" + free.get(2 + i));
        }
        return String.join(",", entries);
    }

    static int freePort() throws IOException {
        return freePorts(1).get(0);
    }

    /**
     * Ports free now and distinct: each stays bound until all are found, so two calls to the kernel cannot hand back
     * the same one. They come from below the kernel's ephemeral range, because a port from inside it (what a bind to
     * port 0 gives) can be taken by any client connection's local end, the load generator's included, before the
     * service meant for it binds it.
     */
    static List<Integer> freePorts(int count) throws IOException {
        int high = ephemeralLow();
        int low = Math.min(20_000, high / 2);
        int start = low + ThreadLocalRandom.current().nextInt(high - low);
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < high - low && held.size() < count; i++) {
                int port = low + (start - low + i) % (high - low);
                try {
                    held.add(new ServerSocket(port));
                } catch (IOException taken) {
                    // in use: try the next one
                }
            }
            if (held.size() < count) {
                throw new IOException("fewer than " + count + " free ports in " + low + ".." + (high - 1));
            }
            return held.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket socket : held) {
                socket.close();
            }
        }
    }

    /**
     * The first port the kernel hands out to a bind to port 0 or an outgoing connection. Read by lines: {@code
     * Files.readString} of this sysctl returned its first byte only ("3"), on JDK 25.
     */
    static int ephemeralLow() throws IOException {
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        return Files.exists(range)
                ? Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0])
                : 32_768;
    }

    /** Runs the lab in this JVM as {@code make compare} would, with these arguments. */
    static LoadLab.Run run(String runId, PrintStream out, List<String> args) {
        Knobs knobs = Knobs.parse(args.toArray(String[]::new));
        return LoadLab.run(knobs.plan(), knobs.setup(), out, runId);
    }

    /** The point of the target with this name that speaks for it: its representative run. */
    static Point row(LoadLab.Run run, String name) {
        return run.results().representatives().stream()
                .filter(p -> p.target().name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /**
     * Every process, anywhere on the machine, started for the run with this id: the JVMs' {@code -Dloadlab.run=<id>}
     * and PostgreSQL's {@code -c loadlab.run=<id>}.
     */
    static List<ProcessHandle> processesOf(String runId) {
        return ProcessHandle.allProcesses()
                .filter(p -> {
                    String command = p.info().commandLine().orElse("");
                    return command.contains(LabProcess.RUN_TAG + runId) || command.contains("loadlab.run=" + runId);
                })
                .toList();
    }

    static String newRunId(String name) {
        return "test-" + name + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    }

    /** How a command of the project ended, and everything it printed. */
    record Finished(int exitCode, String stdout, String stderr) {}

    /**
     * Runs a command in the project folder, as a user would type it there, and waits for it to end (at most 60 s).
     *
     * @param environment variables to set for it; a null value removes the variable
     */
    static Finished command(Map<String, String> environment, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(PROJECT.toFile());
        environment.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Process process = builder.start();
        // Both pipes at once: a command that fills one while the test reads the other would never end.
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> text(process.getErrorStream()));
        String stdout = text(process.getInputStream());
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not end within 60 s");
        }
        return new Finished(process.exitValue(), stdout, stderr.join());
    }

    private static String text(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
