package loadlab.loadtest.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code jcmd <pid> GC.class_histogram} printed: live instances and their bytes, class by class. The command runs
 * a full collection first (without {@code -all}), so these are the objects the app holds, not its garbage.
 *
 * @param classes one row per class, as printed (largest first)
 */
public record ClassHistogram(List<ClassBytes> classes, long totalInstances, long totalBytes) {

    /** One row: a class ({@code java.lang.String}, or an array's descriptor such as {@code [B}). */
    public record ClassBytes(String className, long instances, long bytes) {}

    // "   3:           212        3203928  jdk.internal.vm.StackChunk (java.base@25.0.3)"; the module is absent for
    // classes of the class path.
    private static final Pattern ROW = Pattern.compile("\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)(?:\\s+\\(.*\\))?\\s*");
    private static final Pattern TOTAL = Pattern.compile("Total\\s+(\\d+)\\s+(\\d+)\\s*");
    private static final String HEADER = "#instances";

    public ClassHistogram {
        classes = List.copyOf(classes);
    }

    /**
     * @param jcmdOutput as printed, jcmd's {@code <pid>:} line included
     * @throws IllegalArgumentException when it is not a whole histogram: no header (jcmd printed an error instead), a
     *                                  line that is no row, no total, or rows that do not add up to the total (cut
     *                                  short)
     */
    static ClassHistogram parse(String jcmdOutput) {
        List<ClassBytes> classes = new ArrayList<>();
        boolean header = false;
        Long totalInstances = null;
        long totalBytes = 0;
        for (String line : jcmdOutput.split("\n")) {
            if (!header) {
                header = line.contains(HEADER);
                continue;
            }
            Matcher row = ROW.matcher(line);
            Matcher total = TOTAL.matcher(line);
            if (line.isBlank() || line.startsWith("---")) {
                continue;
            } else if (totalInstances != null) {
                throw new IllegalArgumentException("class histogram: a line after the total: " + abbreviate(line));
            } else if (row.matches()) {
                classes.add(new ClassBytes(row.group(3), Long.parseLong(row.group(1)), Long.parseLong(row.group(2))));
            } else if (total.matches()) {
                totalInstances = Long.parseLong(total.group(1));
                totalBytes = Long.parseLong(total.group(2));
            } else {
                throw new IllegalArgumentException("class histogram: not a row: " + abbreviate(line));
            }
        }
        if (!header) {
            throw new IllegalArgumentException(
                    "not a class histogram (no '" + HEADER + "' header): " + abbreviate(jcmdOutput));
        }
        if (totalInstances == null) {
            throw new IllegalArgumentException("class histogram without its Total line: cut short?");
        }
        long instances = classes.stream().mapToLong(ClassBytes::instances).sum();
        long bytes = classes.stream().mapToLong(ClassBytes::bytes).sum();
        if (instances != totalInstances || bytes != totalBytes) {
            throw new IllegalArgumentException("class histogram rows add up to " + instances + " instances, " + bytes
                    + " bytes; its Total says " + totalInstances + ", " + totalBytes);
        }
        return new ClassHistogram(classes, totalInstances, totalBytes);
    }

    private static String abbreviate(String text) {
        String oneLine = text.strip().replace('\n', ' ');
        return oneLine.length() > 100 ? oneLine.substring(0, 100) + "..." : oneLine;
    }
}
