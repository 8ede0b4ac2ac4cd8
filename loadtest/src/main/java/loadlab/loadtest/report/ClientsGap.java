package loadlab.loadtest.report;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.MemoryPerConnection;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.measure.PairedRatio;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.plan.Target;

/**
 * The README's answer to "how much of the gap between virtual threads and WebFlux is the client's": CPU per request
 * from the interleaved {@code clients} run, virtual threads' over WebFlux's, first each on its own client (as the apps
 * ship), then both on the same client, then virtual threads on the lightest blocking client; and heap per waiting
 * request from the {@code clients-connections} sweep, the same pairs as differences, split by owner. Where a
 * same-client figure is nearer even than the own-client one, the difference is the clients'.
 */
final class ClientsGap {

    /** The scenario whose CPU figures this reads. */
    static final String SCENARIO = "clients";

    /** The scenario whose heap figures this reads. */
    static final String HEAP_SCENARIO = "clients-connections";

    /** A comparison the block makes, A against B; shown only when the run had both targets. */
    enum Pair {
        OWN_CLIENTS("app-virtual+jdk", "app-webflux+reactor", Optional.empty()),
        BOTH_REACTOR("app-virtual+reactor", "app-webflux+reactor", Optional.of("reactor")),
        BOTH_JDK("app-virtual+jdk", "app-webflux+jdk", Optional.of("jdk")),
        BOTH_APACHE("app-virtual+apache", "app-webflux+apache", Optional.of("apache")),
        BOTH_JETTY("app-virtual+jetty", "app-webflux+jetty", Optional.of("jetty")),
        PLAIN_BLOCKING("app-virtual+simple", "app-webflux+reactor", Optional.empty()),
        CORO_OWN("app-coroutines+reactor", "app-webflux+reactor", Optional.empty());

        final String a;
        final String b;
        /** The client both sides share, when the pair holds the client equal and leaves only the model. */
        final Optional<String> sameClient;

        Pair(String a, String b, Optional<String> sameClient) {
            this.a = a;
            this.b = b;
            this.sameClient = sameClient;
        }
    }

    /**
     * Whose a byte of a waiting request's heap is, coarser than {@link Owner}: the columns of the block's heap tables.
     */
    enum Part {
        /** The model's own machinery: virtual threads and their stacks, coroutines. */
        MODEL,
        CLIENT,
        SERVER,
        /** Netty's and Reactor's classes, which serve the server and the client alike. */
        NETTY_REACTOR,
        SPRING,
        /** Libraries no rule names, the app, and what any owner may hold: arrays, the JDK's classes. */
        REST;

        static Part of(Owner owner) {
            return switch (owner) {
                case VIRTUAL_THREAD_STACKS, VIRTUAL_THREADS, KOTLIN_COROUTINES -> MODEL;
                case JDK_HTTP_CLIENT, HTTP_URL_CONNECTION, APACHE_HTTP_CLIENT, JETTY_CLIENT, REACTOR_NETTY_CLIENT ->
                    CLIENT;
                case TOMCAT, REACTOR_NETTY_SERVER -> SERVER;
                case NETTY, REACTOR -> NETTY_REACTOR;
                case SPRING -> SPRING;
                case REST, BYTE_ARRAYS, CHAR_ARRAYS, OTHER_PRIMITIVE_ARRAYS, JDK, GC, JIT -> REST;
            };
        }
    }

    /** @param lower A costs less than B, the interval clear of 1; {@code higher} likewise; neither: even */
    record Row(String a, String b, String ratio, String low, String high, boolean lower, boolean higher) {}

    /** @param shipped the shipped gap and its split by client; empty without both sides or when it is not positive */
    record Cpu(String link, String load, List<Row> rows, Optional<CpuShipped> shipped) {}

    /**
     * The shipped gap in CPU per request, {@link Pair#OWN_CLIENTS}'s ratio as percent more, and each same-client pair's
     * ratio set against it: percent points of the shipped gap that remain with the client held equal (the model's) and
     * the rest (the clients').
     */
    record CpuShipped(
            String a, String b, String percentMore, String ratio, String low, String high, List<CpuSplit> splits) {}

    /**
     * @param even the same-client ratio's interval includes 1: no part of the gap is told apart from none as the model's
     */
    record CpuSplit(String client, String ratio, String low, String high, boolean even, Share share) {}

    /**
     * A shipped gap split into what remains with the client held equal (the model's part) and the rest (the clients'),
     * each as an amount and as a percent of the gap.
     */
    record Share(String model, String modelPercent, String clients, String clientsPercent, boolean noneRemains) {

        /**
         * One formula for heap and CPU: the model's part is the same-client gap, the clients' what is left of it; none
         * remains where the same-client gap is not above zero (the clients' part is then all of the gap, or more).
         */
        static Share of(double shipped, double model, DoubleFunction<String> format) {
            double clients = shipped - model;
            return new Share(
                    format.apply(model),
                    Format.whole(100 * model / shipped),
                    format.apply(clients),
                    Format.whole(100 * clients / shipped),
                    !(model > 0));
        }
    }

    /**
     * @param targets one per app x client of the run
     * @param gaps    one per {@link Pair} the run had both sides of
     * @param shipped the shipped gap and its split; empty without both sides, or when it is not positive (there is
     *                nothing to split)
     */
    record Heap(String link, String load, List<TargetHeap> targets, List<Gap> gaps, Optional<Shipped> shipped) {}

    /**
     * MiB per 1,000 waiting requests, formatted: the histograms' total and each {@link Part}, or n/a throughout where a
     * target had no histograms taken while its requests waited.
     */
    record Parts(
            String total, String model, String client, String server, String nettyReactor, String spring, String rest) {

        static final Parts NOT_AVAILABLE = new Parts(
                Format.NOT_AVAILABLE,
                Format.NOT_AVAILABLE,
                Format.NOT_AVAILABLE,
                Format.NOT_AVAILABLE,
                Format.NOT_AVAILABLE,
                Format.NOT_AVAILABLE,
                Format.NOT_AVAILABLE);

        static Parts of(Optional<Map<Part, Double>> mib, DoubleFunction<String> format) {
            return mib.map(m -> new Parts(
                            format.apply(m.values().stream()
                                    .mapToDouble(Double::doubleValue)
                                    .sum()),
                            format.apply(m.get(Part.MODEL)),
                            format.apply(m.get(Part.CLIENT)),
                            format.apply(m.get(Part.SERVER)),
                            format.apply(m.get(Part.NETTY_REACTOR)),
                            format.apply(m.get(Part.SPRING)),
                            format.apply(m.get(Part.REST))))
                    .orElse(NOT_AVAILABLE);
        }
    }

    /** @param per1000 heap after a full collection per 1,000 waiting requests ({@link MemoryPerConnection}), MiB */
    record TargetHeap(String target, String per1000, Parts parts) {}

    /** A pair's heap per 1,000 waiting requests: A's minus B's, A's over B's, and the difference by part. */
    record Gap(String a, String b, String difference, String ratio, Parts parts) {}

    /**
     * The shipped gap, MiB per 1,000 waiting requests: {@link Pair#OWN_CLIENTS}'s A minus B, each model on its own
     * client.
     *
     * @param splits one per client both models were also run on
     */
    record Shipped(String a, String b, String mib, List<Split> splits) {}

    /**
     * The shipped gap against the same two models on one client: what remains with the client held equal is the
     * model's, the rest the clients'. MiB per 1,000 waiting requests, and percent of the shipped gap.
     */
    record Split(String client, Share share) {}

    record View(Optional<Cpu> cpu, Optional<Heap> heap) {}

    private ClientsGap() {}

    static String render(List<AnswerReport.Entry> entries, String base) {
        List<AnswerReport.Entry> canonical = AnswerReport.canonical(entries);
        return Common.TEMPLATES.render("clients-gap", new View(cpu(canonical, base), heap(canonical, base)));
    }

    private static Optional<AnswerReport.Entry> entry(List<AnswerReport.Entry> canonical, String scenario) {
        return canonical.stream().filter(e -> e.scenario().equals(scenario)).findFirst();
    }

    private static Optional<Cpu> cpu(List<AnswerReport.Entry> canonical, String base) {
        return entry(canonical, SCENARIO)
                .flatMap(e -> e.results().sideBySide().flatMap(side -> {
                    List<Row> rows = rows(side);
                    return rows.isEmpty()
                            ? Optional.empty()
                            : Optional.of(new Cpu(
                                    base + e.report(),
                                    LoadWords.of(e.results().plan()).render(),
                                    rows,
                                    cpuShipped(side)));
                }));
    }

    private static Optional<PairedRatio.Estimated> estimated(SideBySide side, Pair pair) {
        if (!side.targets().contains(pair.a) || !side.targets().contains(pair.b)) {
            return Optional.empty();
        }
        return switch (side.ratio(pair.a, pair.b, SideBySide.Cost.CPU_PER_1000_REQUESTS)) {
            case PairedRatio.Estimated e -> Optional.of(e);
            case PairedRatio.NotEstimated n -> Optional.empty();
        };
    }

    /** The shipped ratio's excess over 1 in percent, split by each same-client ratio's excess. */
    private static Optional<CpuShipped> cpuShipped(SideBySide side) {
        return estimated(side, Pair.OWN_CLIENTS)
                .filter(shipped -> shipped.ratio() > 1)
                .map(shipped -> new CpuShipped(
                        Pair.OWN_CLIENTS.a,
                        Pair.OWN_CLIENTS.b,
                        Format.whole(100 * (shipped.ratio() - 1)),
                        Format.hundredths(shipped.ratio()),
                        Format.ratioBound(shipped.low()),
                        Format.ratioBound(shipped.high()),
                        Arrays.stream(Pair.values())
                                .filter(p -> p.sameClient.isPresent())
                                .flatMap(p -> estimated(side, p).stream()
                                        .map(same -> new CpuSplit(
                                                p.sameClient.orElseThrow(),
                                                Format.hundredths(same.ratio()),
                                                Format.ratioBound(same.low()),
                                                Format.ratioBound(same.high()),
                                                same.verdict() == PairedRatio.Verdict.EVEN,
                                                Share.of(
                                                        100 * (shipped.ratio() - 1),
                                                        100 * (same.ratio() - 1),
                                                        Format::whole))))
                                .toList()));
    }

    private static List<Row> rows(SideBySide side) {
        return Arrays.stream(Pair.values())
                .flatMap(p -> estimated(side, p).stream()
                        .map(e -> new Row(
                                p.a,
                                p.b,
                                Format.hundredths(e.ratio()),
                                Format.ratioBound(e.low()),
                                Format.ratioBound(e.high()),
                                e.verdict() == PairedRatio.Verdict.A_LOWER,
                                e.verdict() == PairedRatio.Verdict.B_LOWER)))
                .toList();
    }

    /**
     * A target's heap at the heaviest level, MiB per 1,000 waiting requests: in all, and by part where its histograms
     * came in while requests still waited.
     */
    record Measured(double per1000, Optional<Map<Part, Double>> parts) {

        static Optional<Measured> of(Point point) {
            return MemoryPerConnection.of(point).map(memory -> new Measured(memory.heapMibPer1000(), parts(point)));
        }

        private static Optional<Map<Part, Double>> parts(Point point) {
            return point.cost().probes().get(HeapOwners.KEY).flatMap(heap -> {
                OptionalDouble inFlight = heap.inFlightAtHistogram(point);
                if (inFlight.isEmpty()) {
                    return Optional.empty();
                }
                Map<Part, Double> parts = new EnumMap<>(Part.class);
                for (Part part : Part.values()) {
                    parts.put(part, 0.0);
                }
                for (HeapOwners.OwnerHeap row : heap.owners()) {
                    parts.merge(
                            Part.of(row.owner()),
                            HeapOwners.per1000(row.addedMib(), (int) inFlight.getAsDouble()),
                            Double::sum);
                }
                return Optional.of(parts);
            });
        }

        /** This minus {@code other}, part by part where both have parts. */
        Measured minus(Measured other) {
            return new Measured(
                    per1000 - other.per1000,
                    parts.flatMap(mine -> other.parts.map(theirs -> {
                        Map<Part, Double> difference = new EnumMap<>(Part.class);
                        mine.forEach((part, mib) -> difference.put(part, mib - theirs.get(part)));
                        return difference;
                    })));
        }
    }

    private static Optional<Heap> heap(List<AnswerReport.Entry> canonical, String base) {
        return entry(canonical, HEAP_SCENARIO).flatMap(e -> {
            Map<String, Measured> measured = measured(e.results());
            if (measured.isEmpty()) {
                return Optional.empty();
            }
            List<Pair> pairs = Arrays.stream(Pair.values())
                    .filter(p -> measured.containsKey(p.a) && measured.containsKey(p.b))
                    .toList();
            return Optional.of(new Heap(
                    base + e.report(),
                    LoadWords.of(e.results().plan()).render(),
                    measured.entrySet().stream()
                            .map(m -> new TargetHeap(
                                    m.getKey(),
                                    Format.tenths(m.getValue().per1000()),
                                    Parts.of(m.getValue().parts(), Format::tenths)))
                            .toList(),
                    pairs.stream()
                            .map(p -> gap(p, measured.get(p.a), measured.get(p.b)))
                            .toList(),
                    shipped(pairs, measured)));
        });
    }

    /** The apps' figures at the run's heaviest level, by target name in run order; a failed or unmeasured one left out. */
    private static Map<String, Measured> measured(ResultSet results) {
        double heaviest = results.plan().loads().getLast().level();
        Map<String, Measured> measured = new java.util.LinkedHashMap<>();
        for (Target target : results.targets()) {
            if (target.isApp()) {
                results.at(target, heaviest).flatMap(Measured::of).ifPresent(m -> measured.put(target.name(), m));
            }
        }
        return measured;
    }

    private static Gap gap(Pair pair, Measured a, Measured b) {
        Measured difference = a.minus(b);
        return new Gap(
                pair.a,
                pair.b,
                Format.signedTenths(difference.per1000()),
                b.per1000() > 0 ? Format.hundredths(a.per1000() / b.per1000()) : Format.NOT_AVAILABLE,
                Parts.of(difference.parts(), Format::signedTenths));
    }

    private static Optional<Shipped> shipped(List<Pair> pairs, Map<String, Measured> measured) {
        if (!pairs.contains(Pair.OWN_CLIENTS)) {
            return Optional.empty();
        }
        double shipped = measured.get(Pair.OWN_CLIENTS.a).per1000()
                - measured.get(Pair.OWN_CLIENTS.b).per1000();
        if (shipped <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Shipped(
                Pair.OWN_CLIENTS.a,
                Pair.OWN_CLIENTS.b,
                Format.tenths(shipped),
                pairs.stream()
                        .filter(p -> p.sameClient.isPresent())
                        .map(p -> new Split(
                                p.sameClient.orElseThrow(),
                                Share.of(
                                        shipped,
                                        measured.get(p.a).per1000()
                                                - measured.get(p.b).per1000(),
                                        Format::tenths)))
                        .toList()));
    }
}
