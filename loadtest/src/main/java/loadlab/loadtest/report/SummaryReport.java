package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.BeforeWindow;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * results/summary.md, the comparison, as a view for {@code templates/loadtest/summary.md}: the verdict, one headline
 * table, then the details. Every cell is one figure over a target's runs, the median with its range when it was
 * repeated ({@link Cells}), the same in every table.
 */
final class SummaryReport {

    private SummaryReport() {}

    record View(
            Common common,
            int users,
            int runs,
            boolean repeated,
            boolean inTurns,
            Verdict verdict,
            boolean cpuOverBackend,
            Verdict.TailView tail,
            List<Tables.Row<Headline>> headline,
            List<Tables.Row<Tables.Latency>> latency,
            Optional<PoolView> pool,
            Optional<ResourcesView> resources,
            Optional<ProbeColumns.View> probes,
            Optional<CostOwners.View> owners,
            List<CpuShare> heldBack,
            List<Before> before,
            List<Warmed> warmUps,
            String ceilingExample,
            String meanDelay,
            Optional<SideBySideView> sideBySide) {}

    /** The headline: one figure per column, the ones the verdict reads. */
    record Headline(
            String model,
            String good,
            String ofCeiling,
            String p50,
            String tail,
            String errors,
            String cpu,
            String rss) {}

    record ResourcesView(
            List<Tables.Row<Tables.Resources>> rows,
            boolean speedTimed,
            boolean backendSampled,
            boolean backendIdleOff,
            Optional<Speed> speed,
            boolean remote,
            int cores,
            String generatorJvm,
            boolean engines,
            List<GeneratorRows> generator,
            long idleSpan) {}

    record Speed(String description, String reference) {}

    record GeneratorRows(String name, List<Tables.Generator> rows) {}

    /** Requests that failed in the ramp-up and warm-up, which no figure of the window counts. */
    record Before(String name, Optional<Integer> run, int errors, int requests, String byClass, int from, int to) {

        boolean oneSecond() {
            return from == to;
        }
    }

    record Warmed(String name, long seconds) {}

    /** @param levels whether the rows are of several loads, each with its own Users cell */
    record PoolView(boolean levels, List<Tables.Row<Tables.Pool>> rows) {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        return render(results, charts, ProbeColumns.ALL);
    }

    /** @param probeColumns the columns of the probes' figures it may show */
    static String render(ResultSet results, List<ChartLink> charts, List<ProbeColumn<?>> probeColumns) {
        return Common.TEMPLATES.render("summary", view(results, charts, probeColumns));
    }

    static View view(ResultSet results, List<ChartLink> charts, List<ProbeColumn<?>> probeColumns) {
        Plan plan = results.plan();
        Map<Target, List<Point>> byTarget = results.byTarget();
        int runs = byTarget.values().stream().mapToInt(List::size).max().orElse(1);
        List<Point> all = results.points();
        TailFigure tail = TailFigure.of(all, plan.phases().timeoutSeconds());
        Figure cpu = Scores.cpuFigure(all);
        List<Scores> scores = byTarget.entrySet().stream()
                .map(e -> new Scores(e.getKey(), e.getValue()))
                .toList();
        List<Tables.Row<Headline>> headline = new ArrayList<>();
        List<Tables.Row<Tables.Latency>> latency = new ArrayList<>();
        List<Tables.Row<Tables.Pool>> pool = new ArrayList<>();
        List<Tables.Row<Tables.Resources>> resources = new ArrayList<>();
        List<GeneratorRows> generator = new ArrayList<>();
        List<CpuShare> heldBack = new ArrayList<>();
        byTarget.forEach((target, points) -> {
            headline.add(Tables.row(
                    target,
                    "",
                    points,
                    r -> new Headline(
                            Markdown.cell(target.model()),
                            Cells.of(Figure.GOOD, r),
                            Cells.of(Figure.EFFICIENCY, r),
                            Cells.of(Figure.P50, r),
                            tail.cell(r),
                            Cells.of(Figure.ERRORS, r),
                            Cells.of(cpu, r),
                            Cells.of(Figure.RSS, r))));
            latency.add(Tables.row(target, "", points, Tables.Latency::of));
            pool.add(Tables.row(target, "", points, Tables.Pool::of));
            resources.add(Tables.row(target, "", points, Tables.Resources::of));
            if (points.stream().noneMatch(Point::failed)) {
                generator.add(new GeneratorRows(Markdown.cell(target.name()), Tables.Generator.of(points)));
                Point shown = results.representative(target);
                if (shown.outcome().hasRequests()
                        && !Verdicts.atCeiling(shown.stats().orElseThrow())) {
                    CpuShare.of(shown, plan.cpus()).filter(CpuShare::busy).ifPresent(heldBack::add);
                }
            }
        });
        var costs = all.stream().map(Point::cost).toList();
        boolean anyCost = all.stream().anyMatch(p -> !p.cost().equals(loadlab.loadtest.measure.ResourceCost.NONE));
        Optional<Speed> speed = all.stream()
                .flatMap(p -> p.cost().speed().stream())
                .findFirst()
                .map(s -> s.yardstick())
                .map(y -> new Speed(y.description(), Format.hundredths(y.referenceMs())));
        ResourcesView resourcesView = new ResourcesView(
                resources,
                Figure.speedTimed(costs),
                Figure.backendSampled(costs),
                costs.stream()
                        .flatMap(c -> c.backend().stream())
                        .allMatch(b -> b.idleCores().isPresent()),
                speed,
                !results.environment().remoteTargets().isEmpty(),
                results.environment().cores(),
                results.environment().loadGeneratorJvm(),
                Tables.anyEngines(all),
                generator,
                plan.phases().idleSpan().toSeconds());
        int users = plan.load().concurrency();
        return new View(
                Common.of(results, "loadlab results", charts),
                users,
                runs,
                runs > 1,
                results.repeatsTakenInTurns(),
                Verdict.of(scores, tail, cpu),
                cpu == Figure.CPU_OVER_BACKEND,
                Verdict.TailView.of(tail),
                headline,
                latency,
                plan.request().usesDatabase() ? Optional.of(new PoolView(false, pool)) : Optional.empty(),
                anyCost ? Optional.of(resourcesView) : Optional.empty(),
                ProbeColumns.view(byTarget, probeColumns),
                CostOwners.of(results),
                heldBack,
                before(byTarget, runs > 1),
                warmUps(plan, results.representatives()),
                users + " / " + Format.seconds(plan.meanDelayMs()) + " = "
                        + Format.rate(Ceiling.littlesLaw(users, plan.meanDelayMs())),
                Format.seconds(plan.meanDelayMs()),
                SideBySideView.of(results));
    }

    private static List<Before> before(Map<Target, List<Point>> byTarget, boolean repeated) {
        List<Before> before = new ArrayList<>();
        byTarget.values().stream()
                .flatMap(List::stream)
                .forEach(p -> BeforeWindow.of(p)
                        .filter(b -> b.errors() > 0)
                        .ifPresent(b -> before.add(new Before(
                                p.target().name(),
                                repeated ? Optional.of(p.run()) : Optional.empty(),
                                b.errors(),
                                b.requests(),
                                Format.errorsByClass(b.errorsByClass()),
                                b.firstErrorSecond(),
                                b.lastErrorSecond()))));
        return before;
    }

    /** Each target's warm-up when it lasted until the JIT settled; none when the plan's was fixed. */
    private static List<Warmed> warmUps(Plan plan, List<Point> rows) {
        if (!plan.phases().untilJitSettles()) {
            return List.of();
        }
        return rows.stream()
                .filter(p -> p.stats().isPresent() && !p.series().seconds().isEmpty())
                .map(p -> new Warmed(
                        p.target().name(),
                        Math.round(p.series()
                                        .secondOf(
                                                p.stats().orElseThrow().window().startMillis())
                                - plan.phases().rampUpSeconds())))
                .toList();
    }
}
