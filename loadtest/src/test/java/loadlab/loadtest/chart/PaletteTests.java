package loadlab.loadtest.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.util.List;
import java.util.stream.Stream;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

class PaletteTests {

    private static final List<Target> ALL =
            Stream.concat(Stream.of(Target.DIRECT), Target.APPS.stream()).toList();

    @Test
    void everyTargetHasItsOwnColour() {
        List<Color> colours =
                ALL.stream().map(target -> Palette.of(target.name())).toList();

        assertThat(colours).doesNotHaveDuplicates();
    }

    @Test
    void aTargetsColourDependsOnItsNameOnlySoEveryChartAndEveryRunAgree() {
        // Two charts ask separately, with names built separately; the answer must not depend on order or identity.
        for (Target target : ALL.reversed()) {
            assertThat(Palette.of(new String(target.name().toCharArray()))).isEqualTo(Palette.of(target.name()));
        }
        assertThat(Palette.of("app-webflux")).isEqualTo(new Color(0x009E73));
    }

    @Test
    void aTargetAddedLaterGetsAStableColourThatNoNamedTargetHas() {
        Color spare = Palette.of("app-loom-preview");

        assertThat(Palette.of("app-loom-preview")).isEqualTo(spare);
        assertThat(ALL.stream().map(target -> Palette.of(target.name()))).doesNotContain(spare);
    }
}
