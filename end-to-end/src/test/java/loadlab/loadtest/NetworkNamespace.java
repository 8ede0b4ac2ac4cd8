package loadlab.loadtest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another host on this machine, for a test: a network namespace joined to this one by a veth pair, this side at
 * {@link #rootAddress()} and the other at {@link #address()}, a /24 of their own that no other interface uses. What
 * runs inside it ({@link #exec()}) sees only its own loopback and that link, as a process on another machine would.
 * {@link #close()} ends whatever still runs inside and removes the namespace and the pair.
 */
final class NetworkNamespace implements AutoCloseable {

    private final String name;
    private final String rootLink;
    private final String rootAddress;
    private final String address;

    private NetworkNamespace(String name, String rootLink, String rootAddress, String address) {
        this.name = name;
        this.rootLink = rootLink;
        this.rootAddress = rootAddress;
        this.address = address;
    }

    /** Whether this process may make namespaces: root, with {@code ip} installed. */
    static boolean canCreate() throws IOException, InterruptedException {
        Path status = Path.of("/proc/self/status");
        boolean root = Files.exists(status)
                && Files.readAllLines(status).stream()
                        .filter(line -> line.startsWith("Uid:"))
                        .anyMatch(line -> line.split("\\s+")[1].equals("0"));
        try {
            return root && run(List.of("ip", "netns", "list")).isEmpty();
        } catch (IOException noIp) {
            return false;
        }
    }

    /**
     * Makes the namespace and its link, or removes what it made and throws.
     *
     * @param subnet the first three octets of the pair's /24, e.g. {@code 10.201.0}: .1 here, .2 inside
     */
    static NetworkNamespace create(String subnet) throws IOException, InterruptedException {
        long id = ProcessHandle.current().pid() % 100_000;
        // Interface names stop at 15 characters.
        NetworkNamespace namespace =
                new NetworkNamespace("loadlab-test-" + id, "llr" + id, subnet + ".1", subnet + ".2");
        String inside = "lln" + id;
        List<List<String>> steps = List.of(
                List.of("ip", "netns", "add", namespace.name),
                List.of("ip", "link", "add", namespace.rootLink, "type", "veth", "peer", "name", inside),
                List.of("ip", "link", "set", inside, "netns", namespace.name),
                List.of("ip", "addr", "add", namespace.rootAddress + "/24", "dev", namespace.rootLink),
                List.of("ip", "link", "set", namespace.rootLink, "up"),
                List.of(
                        "ip",
                        "netns",
                        "exec",
                        namespace.name,
                        "ip",
                        "addr",
                        "add",
                        namespace.address + "/24",
                        "dev",
                        inside),
                List.of("ip", "netns", "exec", namespace.name, "ip", "link", "set", inside, "up"),
                List.of("ip", "netns", "exec", namespace.name, "ip", "link", "set", "lo", "up"));
        for (List<String> step : steps) {
            String failed = run(step);
            if (!failed.isEmpty()) {
                namespace.close();
                throw new IOException(String.join(" ", step) + " failed: " + failed);
            }
        }
        return namespace;
    }

    /** The address of this side of the link: an address of this host that the namespace reaches. */
    String rootAddress() {
        return rootAddress;
    }

    /** The namespace's address on the link. */
    String address() {
        return address;
    }

    /** The command prefix that runs a command inside. */
    List<String> exec() {
        return List.of("ip", "netns", "exec", name);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        // Whatever the test left running inside; the namespace's processes are the test's alone.
        Process pids = new ProcessBuilder("ip", "netns", "pids", name)
                .redirectErrorStream(true)
                .start();
        List<String> inside = new ArrayList<>(new String(pids.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.matches("\\d+"))
                .toList());
        pids.waitFor(10, TimeUnit.SECONDS);
        for (String pid : inside) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
        }
        // Deleting the namespace deletes its end of the pair, and with it this one; the second delete is for a pair
        // whose end never moved inside.
        run(List.of("ip", "netns", "del", name));
        run(List.of("ip", "link", "del", rootLink));
    }

    /** Runs a command to its end: empty when it succeeded, else its exit code and output. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            return "timed out";
        }
        return process.exitValue() == 0 ? "" : "exit " + process.exitValue() + ": " + output;
    }
}
