package loadlab.loadtest.run;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What one load opened, closed in the reverse order however the load ends: each is closed even when one before it
 * throws, so that no sampler, probe or pool outlives the load. Some are opened only for some targets, which a
 * try-with-resources of fixed resources would have to hold as nulls.
 */
final class Closer implements AutoCloseable {

    private final Deque<AutoCloseable> opened = new ArrayDeque<>();

    /** {@code resource}, closed with the others. */
    <T extends AutoCloseable> T add(T resource) {
        opened.push(resource);
        return resource;
    }

    @Override
    public void close() {
        RuntimeException first = null;
        while (!opened.isEmpty()) {
            try {
                opened.pop().close();
            } catch (Exception e) {
                RuntimeException failure =
                        e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
                if (first == null) {
                    first = failure;
                } else {
                    first.addSuppressed(failure);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
