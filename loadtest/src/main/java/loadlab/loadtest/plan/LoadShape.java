package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.Locale;

/**
 * How load arrives at a target: a closed loop of users who each wait for an answer before asking again, or an
 * open stream of requests at a fixed rate that does not slow down when the target does.
 */
public sealed interface LoadShape {

    /** Who Little's law counts: the users of a closed loop, the thread bound of an open one. */
    int concurrency();

    /** Where the load sits on its axis: users for a closed loop, the arrival rate for an open one. */
    double level();

    /** A short name for folders and progress lines, e.g. {@code users-500} or {@code rate-150}. */
    String label();

    record Closed(int users) implements LoadShape {
        public Closed {
            if (users <= 0) {
                throw new IllegalArgumentException("users must be positive: " + users);
            }
        }

        @Override
        public int concurrency() {
            return users;
        }

        @Override
        public double level() {
            return users;
        }

        @Override
        public String label() {
            return "users-" + users;
        }
    }

    /**
     * @param maxThreads the bound on requests in flight: each arrival gets a thread that lives at most about the
     *     response timeout, so the knobs refuse a rate whose rate × timeout would exceed it
     */
    record Open(double ratePerSecond, int maxThreads) implements LoadShape {
        public Open {
            if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond) || maxThreads <= 0) {
                throw new IllegalArgumentException(
                        "rate and maxThreads must be positive: " + ratePerSecond + ", " + maxThreads);
            }
        }

        @Override
        public int concurrency() {
            return maxThreads;
        }

        @Override
        public double level() {
            return ratePerSecond;
        }

        @Override
        public String label() {
            return ratePerSecond == Math.rint(ratePerSecond)
                    ? "rate-" + (long) ratePerSecond
                    : String.format(Locale.ROOT, "rate-%.1f", ratePerSecond);
        }
    }

    /**
     * A closed loop whose users jump to {@code factor} times as many within a second, hold, and drop back: calm for
     * {@code before}, the spike for {@code during}, calm again for {@code after}.
     */
    record Spike(int users, int factor, Duration before, Duration during, Duration after) implements LoadShape {
        public Spike {
            if (users <= 0 || factor < 2 || before.isNegative() || !during.isPositive() || after.isNegative()) {
                throw new IllegalArgumentException("a spike needs users, a factor of at least 2 and a length: " + users
                        + " x" + factor + " for " + during.toSeconds() + " s");
            }
        }

        /** Who Little's law counts in the calm stretches; the spike itself is judged against them. */
        @Override
        public int concurrency() {
            return users;
        }

        @Override
        public double level() {
            return users;
        }

        @Override
        public String label() {
            return "spike-" + users + "x" + factor;
        }
    }
}
