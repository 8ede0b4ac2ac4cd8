package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import loadlab.loadtest.plan.Target;

/**
 * A model x client table where a run's targets carry clients ({@code CLIENT=...}, e.g. {@code app-virtual+simple}):
 * a row per app, a column per client library the run used, in {@link Target#CLIENTS}'s order, each cell that app on
 * that client. The side-by-side run fills it with CPU ratios, a sweep with heap and threads; the shape is one.
 *
 * @param clients the columns' client names
 * @param rows    one per app module, in the order the run first had it
 */
record ClientMatrix<C>(List<String> clients, List<Row<C>> rows) {

    /** @param cells one per client, the {@code absent} cell where the run did not have this app on that client */
    record Row<C>(String model, List<C> cells) {}

    /**
     * The matrix of {@code apps}; empty when fewer than two, or when none carries a client (a run of the models with
     * their own clients has no client dimension).
     */
    static <C> Optional<ClientMatrix<C>> of(List<Target> apps, Function<Target, C> cell, C absent) {
        if (apps.size() < 2 || apps.stream().allMatch(a -> a.client().isEmpty())) {
            return Optional.empty();
        }
        List<String> clients = Target.CLIENTS.stream()
                .filter(c -> apps.stream().anyMatch(a -> a.client().equals(Optional.of(c))))
                .toList();
        List<Row<C>> rows = new ArrayList<>();
        for (String module : apps.stream().map(Target::module).distinct().toList()) {
            List<C> cells = new ArrayList<>();
            for (String client : clients) {
                cells.add(apps.stream()
                        .filter(a -> a.module().equals(module) && a.client().equals(Optional.of(client)))
                        .findFirst()
                        .map(cell)
                        .orElse(absent));
            }
            rows.add(new Row<>(module, cells));
        }
        return Optional.of(new ClientMatrix<>(clients, rows));
    }
}
