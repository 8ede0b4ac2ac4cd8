package loadlab.loadtest.plan;

import java.time.Duration;

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
     * An open stream of arrivals: a seeded Poisson schedule at a rate that may step over time, sent by a fixed pool of
     * {@code maxThreads} generator threads that each wait for the next arrival's intended time.
     *
     * @param rates       the arrival rate over the window, constant or in steps
     * @param maxThreads  the bound on requests in flight: the generator's pool, each thread one request at a time, which
     *     a request holds at most about the response timeout, so the knobs refuse a rate whose rate × timeout would
     *     exceed it; arrivals that find every thread busy are sent late, and their lag says so
     * @param connections whether the pool's threads keep their connections from one arrival to the next
     */
    record Open(RateProfile rates, int maxThreads, Connections connections) implements LoadShape {

        /**
         * How the generator's connections relate to arrivals. {@link #POOLED} is what a gateway, a service mesh or
         * another service's client pool does in front of a service, and what the lab's closed loads do: the
         * default, so that open and closed runs differ in how load arrives and not in what each request costs the
         * target. {@link #PER_ARRIVAL} is a crowd of distinct clients (browsers, short-lived jobs), each arrival its
         * own TCP connection, closed after its answer.
         */
        public enum Connections {
            POOLED,
            PER_ARRIVAL
        }

        public Open {
            if (maxThreads <= 0) {
                throw new IllegalArgumentException(
                        "rate and maxThreads must be positive: " + rates + ", " + maxThreads);
            }
        }

        /** A constant rate through pooled connections. */
        public Open(double ratePerSecond, int maxThreads) {
            this(RateProfile.constant(ratePerSecond), maxThreads, Connections.POOLED);
        }

        /** Rates in steps through pooled connections. */
        public Open(RateProfile rates, int maxThreads) {
            this(rates, maxThreads, Connections.POOLED);
        }

        /** The calm rate: the whole load's when it is constant, the one its steps leave and return to otherwise. */
        public double ratePerSecond() {
            return rates.calm();
        }

        @Override
        public int concurrency() {
            return maxThreads;
        }

        @Override
        public double level() {
            return ratePerSecond();
        }

        @Override
        public String label() {
            return "rate-" + rates.label() + (connections == Connections.PER_ARRIVAL ? "-connection-each" : "");
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
