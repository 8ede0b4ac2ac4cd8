package loadlab.reporting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GeneratedBlocksTests {

    private static final String DOC = """
            # Title

            Hand-written.

            <!-- generated:answer -->
            old table
            <!-- /generated:answer -->

            More prose.
            <!-- generated:other -->

            kept as it is
            <!-- /generated:other -->
            """;

    @Test
    void fillsTheBlocksItKnowsAndLeavesTheRest() {
        String filled = GeneratedBlocks.fill(
                DOC, name -> Optional.ofNullable(Map.of("answer", "| new |\n").get(name)));

        assertThat(filled).isEqualTo("""
                        # Title

                        Hand-written.

                        <!-- generated:answer -->

                        | new |

                        <!-- /generated:answer -->

                        More prose.
                        <!-- generated:other -->

                        kept as it is
                        <!-- /generated:other -->
                        """);
        assertThat(GeneratedBlocks.fill(
                        filled,
                        name -> Optional.ofNullable(Map.of("answer", "| new |").get(name))))
                .as("a filled document is a fixed point")
                .isEqualTo(filled);
    }

    @Test
    void namesAndContents() {
        assertThat(GeneratedBlocks.names(DOC)).containsExactly("answer", "other");
        assertThat(GeneratedBlocks.content(DOC, "other")).contains("kept as it is");
        assertThat(GeneratedBlocks.content(DOC, "missing")).isEmpty();
    }

    @Test
    void anUnclosedOrNestedBlockIsAnErrorNamingIt() {
        assertThatThrownBy(() -> GeneratedBlocks.names("<!-- generated:a -->\ntext\n"))
                .hasMessageContaining("'a' is not closed");
        assertThatThrownBy(() -> GeneratedBlocks.names(
                        "<!-- generated:a -->\n<!-- generated:b -->\n<!-- /generated:b -->\n<!-- /generated:a -->\n"))
                .hasMessageContaining("'b' opens inside block 'a'");
    }
}
