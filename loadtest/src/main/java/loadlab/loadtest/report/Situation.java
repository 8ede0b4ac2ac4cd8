package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The situations a team brings to the lab, in the order the answer page lists them: each answered by the canonical
 * runs of some scenarios ({@link #sources}, by scenario name, every one of which must agree on a model for it to be
 * chosen), with further scenarios to read ({@link #more}), and decided by figures applied in turn: the models that lead
 * on the first (those even with the best) go on to the second, and so on. Why each row decides as it does is the answer
 * page's Method (template {@code answer.md}); what each row is called, template {@code situation.md}.
 *
 * <p>The sources are values so that a row can move to other scenarios (open-arrival versions of the timelines, say)
 * by changing them here, and nothing else.
 */
enum Situation {
    SLOW_BACKEND("slowBackend", List.of("compare"), List.of(), List.of(Deciding.GOOD)),
    CONNECTIONS(
            "connections", List.of("connections"), List.of(), List.of(Deciding.GOOD, Deciding.HEAP_PER_1000_WAITING)),
    CPU_WORK("cpuWork", List.of("cpu-5ms"), List.of(), List.of(Deciding.GOOD)),
    DATABASE("database", List.of("db"), List.of("db-pool-10", "db-pool-50", "db-pool-100"), List.of(Deciding.GOOD)),
    FAN_OUT("fanOut", List.of("fanout-4"), List.of(), List.of(Deciding.GOOD)),
    FAILING_BACKEND(
            "failingBackend", List.of("slowdown", "spike", "faults"), List.of(), List.of(Deciding.GOOD, Deciding.TAIL)),
    FAST_BACKEND("fastBackend", List.of("fast-backend"), List.of(), List.of(Deciding.PER_CORE));

    /** Scenarios that answer no situation of their own, in the order the index lists them after the situations'. */
    static final List<String> OTHER_SCENARIOS = List.of("sweep", "open", "capacity", "soak");

    /** How the templates name the row: a key of {@link #flags}. */
    final String id;

    final List<String> sources;
    final List<String> more;
    final List<Deciding> deciding;

    Situation(String id, List<String> sources, List<String> more, List<Deciding> deciding) {
        this.id = id;
        this.sources = sources;
        this.more = more;
        this.deciding = deciding;
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
            Stream.concat(s.sources.stream(), s.more.stream())
                    .filter(name -> !order.contains(name))
                    .forEach(order::add);
        }
        OTHER_SCENARIOS.stream().filter(name -> !order.contains(name)).forEach(order::add);
        return order;
    }
}
