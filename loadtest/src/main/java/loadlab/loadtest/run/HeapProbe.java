package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heap a JVM of the lab holds live: {@code jcmd <pid> GC.run} forces a full collection, then {@code GC.heap_info}
 * says what is still in use. jcmd attaches from outside, so the target runs no agent and opens no port for it; it
 * leaves one "Attach Listener" thread behind, the same in every target.
 */
final class HeapProbe {

    private static final Pattern USED = Pattern.compile("heap\\s+total[^\\n]*?used (\\d+)K");
    private static final long TIMEOUT_SECONDS = 60;

    private HeapProbe() {}

    /** The heap in use after a full collection, MiB; empty when the JVM could not be asked (gone, or no jcmd). */
    static OptionalDouble liveHeapMib(long pid) {
        return jcmd(pid, "GC.run", "GC.heap_info").map(HeapProbe::usedMib).orElse(OptionalDouble.empty());
    }

    /**
     * What {@code jcmd <pid>} printed for these commands, run in turn in one attach; empty when the JVM could not be
     * asked (gone, no jcmd, an error, or no answer within {@value #TIMEOUT_SECONDS} s).
     */
    static Optional<String> jcmd(long pid, String... commands) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return Optional.empty();
        }
        Path script = null;
        Path output = null;
        try {
            script = Files.createTempFile("loadlab-heap-probe", ".jcmd");
            output = Files.createTempFile("loadlab-heap-probe", ".out");
            Files.writeString(script, String.join("\n", commands) + "\n");
            // To a file, not a pipe: a JVM that never answers must not hang the run past the timeout.
            Process process = new ProcessBuilder(List.of(jcmd.toString(), String.valueOf(pid), "-f", script.toString()))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return Optional.of(Files.readString(output, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            deleteQuietly(script);
            deleteQuietly(output);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // A temporary file left in the temporary folder.
            }
        }
    }

    /** {@code garbage-first heap   total reserved 524288K, committed 524288K, used 207754K [...]}: the used part. */
    static OptionalDouble usedMib(String heapInfo) {
        Matcher used = USED.matcher(heapInfo);
        return used.find() ? OptionalDouble.of(Long.parseLong(used.group(1)) / 1024.0) : OptionalDouble.empty();
    }
}
