package loadlab.loadtest.measure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.RunOrder;
import loadlab.loadtest.plan.Target;

/**
 * Everything one run of the lab measured: its plan, where it ran, and every point, failed ones included. It is what
 * a data file holds and what every report and chart is rendered from, so a report can be rebuilt without a run.
 *
 * @param sideBySide an interleaved comparison's slices; empty for targets measured one after another
 */
public record ResultSet(Plan plan, Environment environment, List<Point> points, Optional<SideBySide> sideBySide) {

    public ResultSet {
        points = List.copyOf(points);
    }

    /** The results of targets measured one after another. */
    public ResultSet(Plan plan, Environment environment, List<Point> points) {
        this(plan, environment, points, Optional.empty());
    }

    /** Whether every point was measured: only such a run replaces the published results. */
    public boolean succeeded() {
        return points.stream().noneMatch(Point::failed);
    }

    /** The targets that have points, in run order. */
    public List<Target> targets() {
        return RunOrder.of(
                plan.targetNames(), points.stream().map(Point::target).toList());
    }

    /** One target's points, by ascending load, each load's runs in order. */
    public List<Point> of(Target target) {
        return points.stream()
                .filter(p -> p.target().equals(target))
                .sorted(Comparator.comparingDouble((Point p) -> p.load().level())
                        .thenComparingInt(Point::run))
                .toList();
    }

    /** Each target with its points, in run order. */
    public Map<Target, List<Point>> byTarget() {
        Map<Target, List<Point>> byTarget = new LinkedHashMap<>();
        targets().forEach(target -> byTarget.put(target, of(target)));
        return byTarget;
    }

    /**
     * The cores a target's CPU is judged against at every level, a failed one included: its own host's when any of its
     * points read them ({@link Point#cores}), else those the plan gives an app on this machine.
     */
    public int coresOf(Target target) {
        return of(target).stream()
                .filter(p -> p.cost().hostCores().isPresent())
                .findFirst()
                .map(p -> p.cores(plan))
                .orElse(plan.appCores());
    }

    /** The point of {@code target} at a load's level, its first run. */
    public Optional<Point> at(Target target, double level) {
        return of(target).stream().filter(p -> p.load().level() == level).findFirst();
    }

    /**
     * The point that speaks for a target in a comparison's tables: a failed run if there is one (one failed repeat
     * fails the target), else the run with the median throughput ({@link Repeats#representative()}).
     */
    public Point representative(Target target) {
        List<Point> runs = of(target);
        return runs.stream()
                .filter(Point::failed)
                .findFirst()
                .orElseGet(() -> runs.get(repeats(target).representative()));
    }

    /** The runs of a target whose runs all succeeded. */
    public Repeats repeats(Target target) {
        List<Point> runs = of(target);
        if (runs.stream().anyMatch(Point::failed)) {
            throw new IllegalStateException(target.name() + " has a failed run: it has no repeats to compare");
        }
        return new Repeats(
                target,
                runs.stream().map(p -> p.stats().orElseThrow()).toList(),
                runs.stream().map(Point::cost).toList());
    }

    /** Every target repeated more than once with all runs measured, in run order. */
    public Map<Target, Repeats> repeated() {
        Map<Target, Repeats> repeated = new LinkedHashMap<>();
        for (Target target : targets()) {
            List<Point> runs = of(target);
            if (runs.size() > 1 && runs.stream().noneMatch(Point::failed)) {
                repeated.put(target, repeats(target));
            }
        }
        return repeated;
    }

    /**
     * Whether the targets' repeats were taken in turns, every target's first run before any target's second, each in a
     * fresh process, rather than one after another in the same process, as the runner did before commit 1d1b5c9. Read
     * from when each window began, so that a data file written before that says how it was measured.
     */
    public boolean repeatsTakenInTurns() {
        List<Target> byStart = points.stream()
                .filter(p -> p.stats().isPresent())
                .sorted(Comparator.comparingLong(p -> p.stats().get().window().startMillis()))
                .map(Point::target)
                .toList();
        Set<Target> left = new HashSet<>();
        for (int i = 1; i < byStart.size(); i++) {
            if (!byStart.get(i).equals(byStart.get(i - 1))) {
                left.add(byStart.get(i - 1));
                if (left.contains(byStart.get(i))) {
                    return true; // a target came back after another had run
                }
            }
        }
        return false;
    }

    /** The representative point of every target, in run order. */
    public List<Point> representatives() {
        List<Point> shown = new ArrayList<>();
        targets().forEach(target -> shown.add(representative(target)));
        return shown;
    }
}
