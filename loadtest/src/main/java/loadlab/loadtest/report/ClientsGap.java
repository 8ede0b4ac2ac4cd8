package loadlab.loadtest.report;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import loadlab.loadtest.measure.PairedRatio;
import loadlab.loadtest.measure.SideBySide;

/**
 * The README's answer to "how much of the CPU gap between virtual threads and WebFlux is the client's": from the
 * committed {@code clients} run, virtual threads' CPU per request over WebFlux's, first each on its own client (as the
 * apps ship), then both on the same client, then virtual threads on the lightest blocking client. Where the same-client
 * ratio is nearer 1 than the own-client one, the difference is the clients'.
 */
final class ClientsGap {

    /** The scenario whose data this reads. */
    static final String SCENARIO = "clients";

    /** A comparison the block makes, A over B; shown only when the run had both targets. */
    enum Pair {
        OWN_CLIENTS("app-virtual+jdk", "app-webflux+reactor"),
        BOTH_REACTOR("app-virtual+reactor", "app-webflux+reactor"),
        BOTH_JDK("app-virtual+jdk", "app-webflux+jdk"),
        PLAIN_BLOCKING("app-virtual+simple", "app-webflux+reactor"),
        CORO_OWN("app-coroutines+reactor", "app-webflux+reactor");

        final String a;
        final String b;

        Pair(String a, String b) {
            this.a = a;
            this.b = b;
        }
    }

    /** @param lower A costs less than B, the interval clear of 1; {@code higher} likewise; neither: even */
    record Row(String a, String b, String ratio, String low, String high, boolean lower, boolean higher) {}

    record View(Optional<String> link, List<Row> rows) {}

    private ClientsGap() {}

    static String render(List<AnswerReport.Entry> entries, String base) {
        Optional<AnswerReport.Entry> entry = AnswerReport.canonical(entries).stream()
                .filter(e -> e.scenario().equals(SCENARIO))
                .findFirst();
        Optional<SideBySide> side = entry.flatMap(e -> e.results().sideBySide());
        List<Row> rows = side.map(ClientsGap::rows).orElse(List.of());
        return Common.TEMPLATES.render(
                "clients-gap", new View(entry.filter(e -> !rows.isEmpty()).map(e -> base + e.report()), rows));
    }

    private static List<Row> rows(SideBySide side) {
        return Arrays.stream(Pair.values())
                .filter(p -> side.targets().contains(p.a) && side.targets().contains(p.b))
                .flatMap(p -> switch (side.ratio(p.a, p.b, SideBySide.Cost.CPU_PER_1000_REQUESTS)) {
                    case PairedRatio.Estimated e ->
                        Stream.of(new Row(
                                p.a,
                                p.b,
                                Format.hundredths(e.ratio()),
                                Format.hundredths(e.low()),
                                Format.hundredths(e.high()),
                                e.verdict() == PairedRatio.Verdict.A_LOWER,
                                e.verdict() == PairedRatio.Verdict.B_LOWER));
                    case PairedRatio.NotEstimated n -> Stream.<Row>empty();
                })
                .toList();
    }
}
