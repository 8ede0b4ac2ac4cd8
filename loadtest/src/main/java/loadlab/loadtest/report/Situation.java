package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The situations a team brings to the lab, in the order the answer page lists them: each answered by the canonical
 * runs of some scenarios ({@link #sources}, by scenario name, every one of which must agree on a model for it to be
 * chosen), with further scenarios to read ({@link #more}), and decided by figures applied in turn: the models that lead
 * on the first (those even with the best) go on to the second, and so on. Why each row decides as it does is the answer
 * page's Method (template {@code answer.md}); what each row is called, template {@code situation.md}.
 *
 * <p>The sources are values so that a row can move to other scenarios by changing them here, and nothing else. A row
 * may have more than one {@link Reading}, in the order it prefers them: it reads the first whose scenarios were
 * measured (any one of them), else its last. A failing or slowing backend prefers its timelines as open arrivals,
 * which keep coming while the backend is slow (the queue that builds is the question), and falls back to the closed
 * loops, whose users back off.
 */
enum Situation {
    SLOW_BACKEND("slowBackend", List.of("compare"), List.of(), List.of(Deciding.GOOD)),
    CONNECTIONS(
            "connections", List.of("connections"), List.of(), List.of(Deciding.GOOD, Deciding.HEAP_PER_1000_WAITING)),
    CPU_WORK("cpuWork", List.of("cpu-5ms"), List.of(), List.of(Deciding.GOOD)),
    DATABASE("database", List.of("db"), List.of("db-pool-10", "db-pool-50", "db-pool-100"), List.of(Deciding.GOOD)),
    FAN_OUT("fanOut", List.of("fanout-4"), List.of(), List.of(Deciding.GOOD)),
    FAILING_BACKEND(
            "failingBackend",
            Reading.underOpenArrivals(List.of("slowdown", "spike", "faults")),
            new Reading(List.of("slowdown", "spike", "faults"), List.of(), List.of(Deciding.GOOD, Deciding.TAIL))),
    COLD_START("coldStart", List.of("cold-start", "cold-start-busy"), List.of(), List.of(Deciding.LOST_AT_START)),
    FAST_BACKEND("fastBackend", List.of("fast-backend"), List.of(), List.of(Deciding.PER_CORE));

    /** Scenarios that answer no situation of their own, in the order the index lists them after the situations'. */
    static final List<String> OTHER_SCENARIOS = List.of("sweep", "open", "capacity", "soak");

    /** How the templates name the row: a key of {@link #flags}. */
    final String id;

    /** The ways to answer the row, the one it prefers first: never empty. */
    final List<Reading> readings;

    /**
     * One way to answer a row: the scenarios that decide it, further scenarios to read, and the figures that decide.
     *
     * @param openArrivals its sources are timelines under open arrivals, the closed loops they pair with in {@code more}
     */
    record Reading(List<String> sources, List<String> more, List<Deciding> deciding, boolean openArrivals) {

        Reading(List<String> sources, List<String> more, List<Deciding> deciding) {
            this(sources, more, deciding, false);
        }

        /**
         * The open-arrival versions of closed timelines ({@link TimelinePairs#openOf}), decided by what the backlog
         * cost: requests lost to timeouts, then the seconds until it drained. Good throughput cannot decide here: under
         * open arrivals it equals the arrival rate for every model that keeps up. The closed timelines are read beside.
         */
        static Reading underOpenArrivals(List<String> closed) {
            return new Reading(
                    closed.stream().map(TimelinePairs::openOf).toList(),
                    closed,
                    List.of(Deciding.LOST_TO_TIMEOUTS, Deciding.DRAINED_AFTER),
                    true);
        }
    }

    Situation(String id, List<String> sources, List<String> more, List<Deciding> deciding) {
        this(id, new Reading(sources, more, deciding));
    }

    Situation(String id, Reading... readings) {
        this.id = id;
        this.readings = List.of(readings);
    }

    /** The first reading any of whose scenarios was measured, else the last. */
    Reading reading(Set<String> measured) {
        return readings.stream()
                .filter(r -> r.sources().stream().anyMatch(measured::contains))
                .findFirst()
                .orElse(readings.getLast());
    }

    /** Every situation's id, true for this one's: what a template tells the rows apart by. */
    Map<String, Boolean> flags() {
        Map<String, Boolean> flags = new LinkedHashMap<>();
        for (Situation s : values()) {
            flags.put(s.id, s == this);
        }
        return flags;
    }

    /** Scenario names in the order of the questions they answer, then the others: the index's order. */
    static List<String> questionOrder() {
        List<String> order = new ArrayList<>();
        for (Situation s : values()) {
            // The fallback reading's scenarios first: the closed timelines, then their open versions.
            for (Reading r : s.readings.reversed()) {
                Stream.concat(r.sources().stream(), r.more().stream())
                        .filter(name -> !order.contains(name))
                        .forEach(order::add);
            }
        }
        OTHER_SCENARIOS.stream().filter(name -> !order.contains(name)).forEach(order::add);
        return order;
    }
}
