package loadlab.dbserver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Processes as the lab's reaper sees them: by their command line in /proc, as {@code pgrep -f} does. */
final class TaggedProcesses {

    private TaggedProcesses() {}

    /** The command line with spaces between arguments, or empty if the process is gone. */
    static String commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').strip();
        } catch (IOException gone) {
            return "";
        }
    }

    /** Live processes whose command line contains {@code text}, as {@code pgrep -f -- text} finds them. */
    static List<ProcessHandle> matching(String text) {
        return ProcessHandle.allProcesses()
                .filter(process -> process.pid() != ProcessHandle.current().pid())
                .filter(process -> commandLine(process.pid()).contains(text))
                .filter(ProcessHandle::isAlive)
                .toList();
    }
}
