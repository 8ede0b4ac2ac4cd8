package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import loadlab.loadtest.measure.Estimate;
import loadlab.loadtest.measure.Thresholds;

/**
 * The lines a report leads with, as values: on each headline figure who leads, who is even with the leader (their
 * intervals overlap), who is behind; which models failed and which did not serve the load. Only apps compete (direct is
 * the backend alone), and only those that served the load ({@link Scores#served}).
 */
record Verdict(
        Line good,
        Line tail,
        TailView tailFigure,
        Line cpu,
        boolean cpuOverBackend,
        Optional<String> cpuRate,
        Line memory,
        List<Common.Failure> failed,
        List<String> notServed) {

    /** A model's figure as the line shows it. */
    record Named(String name, String value) {}

    /**
     * @param none       no app could compete on this figure
     * @param unmeasured apps competed, and none has this figure: an interleaved run reads its cost slice by slice, not
     *     over one window of the process
     * @param leaders    the best first, then the models even with it
     */
    record Line(
            boolean none,
            boolean unmeasured,
            List<Named> leaders,
            boolean even,
            List<Named> behind,
            boolean anyBehind) {

        static final Line NONE = new Line(true, false, List.of(), false, List.of(), false);

        static final Line UNMEASURED = new Line(false, true, List.of(), false, List.of(), false);

        static Line of(Optional<Leads.Lead> lead, boolean anyCompeting) {
            return lead.map(l -> new Line(
                            false,
                            false,
                            l.leaders().stream().map(Line::named).toList(),
                            l.even(),
                            l.behind().stream().map(Line::named).toList(),
                            !l.behind().isEmpty()))
                    .orElse(anyCompeting ? UNMEASURED : NONE);
        }

        /** The leader's value, as the index shows it once for all the models even with it. */
        public String best() {
            return leaders.isEmpty() ? "" : leaders.getFirst().value();
        }

        private static Named named(Leads.Candidate c) {
            return new Named(c.name(), c.shown());
        }
    }

    /** How the tail was read: p99, or the share of requests over a threshold (of seconds or milliseconds). */
    record TailView(boolean p99, String over, boolean timeouts) {

        static TailView of(TailFigure tail) {
            return tail.overMs().isEmpty()
                    ? new TailView(true, "", false)
                    : new TailView(false, Format.duration(tail.overMs().getAsDouble()), tail.timeouts());
        }
    }

    /** @param scores every target of the table, direct included */
    static Verdict of(List<Scores> scores, TailFigure tail, Figure cpu) {
        List<Scores> apps = scores.stream().filter(s -> s.target().isApp()).toList();
        List<Scores> competing = apps.stream().filter(Scores::served).toList();
        Line good = line(competing, s -> s.good(), Format::rate, true);
        Line tailLine = line(competing, s -> s.tail(tail), e -> "", false);
        tailLine = withCells(tailLine, competing, s -> tail.cell(s.runs()));
        List<Scores> cpuGroup = competing;
        Optional<String> rate = Optional.empty();
        if (Scores.ratesMatter(cpu) && !competing.isEmpty()) {
            double fastest = competing.stream()
                    .mapToDouble(s -> s.good().orElseThrow().value())
                    .max()
                    .orElseThrow();
            cpuGroup = competing.stream()
                    .filter(s ->
                            100 * (fastest - s.good().orElseThrow().value()) <= Thresholds.SAME_RATE_PERCENT * fastest)
                    .toList();
            rate = Optional.of(Format.rate(fastest));
        }
        Line cpuLine =
                withCells(line(cpuGroup, s -> s.cost(cpu), e -> "", false), cpuGroup, s -> Cells.of(cpu, s.runs()));
        Line memory = withCells(
                line(competing, s -> s.memory(Figure.RSS), e -> "", false),
                competing,
                s -> Cells.of(Figure.RSS, s.runs()));
        good = withCells(good, competing, s -> Cells.of(Figure.GOOD, s.runs()));
        List<Common.Failure> failed = apps.stream()
                .flatMap(s -> s.failure().map(f -> Common.Failure.of(s.target().name(), f)).stream())
                .toList();
        List<String> notServed = apps.stream()
                .filter(s -> s.failure().isEmpty() && !s.served())
                .map(s -> s.target().name())
                .toList();
        return new Verdict(
                good,
                tailLine,
                TailView.of(tail),
                cpuLine,
                cpu == Figure.CPU_OVER_BACKEND,
                rate,
                memory,
                failed,
                notServed);
    }

    private static Line line(
            List<Scores> scores,
            Function<Scores, Optional<Estimate>> figure,
            java.util.function.DoubleFunction<String> format,
            boolean higherIsBetter) {
        List<Leads.Candidate> candidates = new ArrayList<>();
        for (Scores s : scores) {
            figure.apply(s)
                    .ifPresent(
                            e -> candidates.add(new Leads.Candidate(s.target().name(), e, format.apply(e.value()))));
        }
        return Line.of(Leads.of(candidates, higherIsBetter), !scores.isEmpty());
    }

    /** The line with each model's value as its table cell shows it, so that the two never differ. */
    private static Line withCells(Line line, List<Scores> scores, Function<Scores, String> cell) {
        Function<Named, Named> shown = n -> new Named(
                n.name(),
                scores.stream()
                        .filter(s -> s.target().name().equals(n.name()))
                        .findFirst()
                        .map(cell)
                        .orElse(n.value()));
        return new Line(
                line.none(),
                line.unmeasured(),
                line.leaders().stream().map(shown).toList(),
                line.even(),
                line.behind().stream().map(shown).toList(),
                line.anyBehind());
    }
}
