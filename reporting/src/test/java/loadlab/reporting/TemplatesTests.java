package loadlab.reporting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemplatesTests {

    record Row(String name, String value) {}

    record Page(String title, List<Row> rows, Optional<String> note) {}

    private final Templates templates = Templates.in(TemplatesTests.class, "templates/sample");

    @Test
    void fillsRowsOptionalsAndPartialsWithoutEscaping() {
        String md = templates.render(
                "page", new Page("A <b>", List.of(new Row("a", "1"), new Row("b", "2")), Optional.of("x")));

        assertThat(md).isEqualTo("# A <b>\n\n| a | 1 |\n| b | 2 |\nNote: x & <b>\n_A <b>_\n");
    }

    @Test
    void anEmptyOptionalIsAnInvertedSection() {
        String md = templates.render("page", new Page("t", List.of(), Optional.empty()));

        assertThat(md).isEqualTo("# t\n\nNo note.\n_t_\n");
    }

    @Test
    void aNameTheViewLacksFailsTheRender() {
        assertThatThrownBy(() -> templates.render("typo", new Page("t", List.of(), Optional.empty())))
                .hasMessageContaining("titel");
    }

    @Test
    void aMissingTemplateIsNamed() {
        assertThatThrownBy(() -> templates.render("nowhere", new Page("t", List.of(), Optional.empty())))
                .hasMessageContaining("templates/sample/nowhere.md");
    }

    @Test
    void markdownCellsAndCode() {
        assertThat(Markdown.cell(" a |\n b ")).isEqualTo("a \\| b");
        assertThat(Markdown.code("x `y`")).isEqualTo("`` x `y` ``");
        assertThat(Markdown.codeCell("a|b")).isEqualTo("`a\\|b`");
    }
}
