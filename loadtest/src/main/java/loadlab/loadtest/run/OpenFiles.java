package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * The limit on open files a service starts with. Each connection is a file: 10,000 users mean 10,000 sockets into an
 * app and as many from it to the backend. A service is started with its soft limit raised to the hard limit (through
 * {@code prlimit}) where the soft one is lower; the hard limit itself is the machine's, the same for every service,
 * and the reports name it. On our machines both are 20,000, which no process here can raise.
 */
final class OpenFiles {

    private static final Path PRLIMIT = Path.of("/usr/bin/prlimit");
    private static final Path LIMITS = Path.of("/proc/self/limits");

    private OpenFiles() {}

    /** The words to put before {@code java} on a service's command line; none when nothing needs raising. */
    static List<String> raised() {
        OptionalLong soft = limit(0);
        OptionalLong hard = limit(1);
        if (soft.isEmpty() || hard.isEmpty() || soft.getAsLong() >= hard.getAsLong() || !Files.isExecutable(PRLIMIT)) {
            return List.of();
        }
        return List.of(PRLIMIT.toString(), "--nofile=" + hard.getAsLong() + ":" + hard.getAsLong(), "--");
    }

    /** The hard limit every service of the lab runs with, for the reports; empty when unknown. */
    static OptionalLong hardLimit() {
        return limit(1);
    }

    /** @param column 0 for the soft limit, 1 for the hard one, from {@code /proc/self/limits} */
    private static OptionalLong limit(int column) {
        try {
            return Files.readString(LIMITS)
                    .lines()
                    .filter(line -> line.startsWith("Max open files"))
                    .map(line ->
                            line.substring("Max open files".length()).trim().split("\\s+")[column])
                    .mapToLong(value -> value.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(value))
                    .boxed()
                    .findFirst()
                    .map(OptionalLong::of)
                    .orElse(OptionalLong.empty());
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
