package loadlab.loadtest.plan;

import java.util.List;

/** The knob table as the documentation shows it: every knob of {@code knobs.tsv}, in its order. */
public final class KnobTable {

    /** @param defaults empty for none */
    public record Row(String makeVariable, String property, String defaults, String meaning) {}

    private KnobTable() {}

    public static List<Row> rows() {
        return Knob.all().stream()
                .map(k -> new Row(k.makeVariable(), k.property(), k.defaults().strip(), k.meaning()))
                .toList();
    }
}
