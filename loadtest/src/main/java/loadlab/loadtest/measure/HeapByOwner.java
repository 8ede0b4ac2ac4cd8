package loadlab.loadtest.measure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import loadlab.loadtest.measure.ClassHistogram.ClassBytes;

/**
 * An app's live heap by owner ({@link OwnerRules}), from a class histogram taken at its heaviest load: what the
 * virtual threads' stacks, the HTTP client, the server and Spring each hold, and what no class name can attribute
 * (primitive arrays, the JDK's classes) in rows of their own.
 *
 * @param owners     the owners that hold anything, in {@link Owner}'s order, so every app's rows and bars stack alike
 * @param totalBytes the histogram's total: the owners' bytes add up to it
 */
public record HeapByOwner(List<OwnerBytes> owners, long totalBytes) {

    /**
     * @param classes the owner's classes, largest first: what a reader asks next ("whose buffers?")
     */
    public record OwnerBytes(Owner owner, long bytes, long instances, List<ClassBytes> classes) {

        public OwnerBytes {
            classes = List.copyOf(classes);
        }

        public double share(long totalBytes) {
            return totalBytes == 0 ? 0 : (double) bytes / totalBytes;
        }
    }

    public HeapByOwner {
        owners = List.copyOf(owners);
    }

    /** Groups a {@code jcmd <pid> GC.class_histogram} output; see {@link ClassHistogram#parse}. */
    public static HeapByOwner ofHistogram(String jcmdOutput) {
        return of(ClassHistogram.parse(jcmdOutput));
    }

    static HeapByOwner of(ClassHistogram histogram) {
        Map<Owner, List<ClassBytes>> byOwner = new EnumMap<>(Owner.class);
        for (ClassBytes row : histogram.classes()) {
            byOwner.computeIfAbsent(OwnerRules.ofClass(row.className()), owner -> new ArrayList<>())
                    .add(row);
        }
        List<OwnerBytes> owners = new ArrayList<>();
        byOwner.forEach((owner, rows) -> owners.add(new OwnerBytes(
                owner,
                rows.stream().mapToLong(ClassBytes::bytes).sum(),
                rows.stream().mapToLong(ClassBytes::instances).sum(),
                rows.stream()
                        .sorted(Comparator.comparingLong(ClassBytes::bytes).reversed())
                        .toList())));
        return new HeapByOwner(owners, histogram.totalBytes());
    }

    /** The owner's bytes; 0 when it holds nothing (an app without that client, say). */
    public long bytes(Owner owner) {
        return owners.stream()
                .filter(row -> row.owner() == owner)
                .mapToLong(OwnerBytes::bytes)
                .sum();
    }
}
