package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import loadlab.reporting.GeneratedBlocks;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README, docs/ and every page under results/ resolves: the file exists, and an anchor
 * ({@code page.md#a-heading}) names a heading of that page as GitHub spells it. Moving a report or renaming a heading
 * fails here rather than on a reader's click.
 */
class LinksTests {

    /** Surefire runs in loadtest/. */
    private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

    /** A Markdown link or image: its target, up to a space (a title) or the closing parenthesis. */
    private static final Pattern LINK =
            Pattern.compile("!?\\[[^\\]]*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<Path> pages = new ArrayList<>(GeneratedBlocks.documents(PROJECT));
        try (Stream<Path> results = Files.walk(PROJECT.resolve("results"))) {
            results.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertThat(pages).hasSizeGreaterThan(10);

        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (String target : links(Files.readString(page))) {
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue; // https:, mailto: and the like: not ours to check here
                }
                checked++;
                String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : "";
                Path file =
                        path.isEmpty() ? page : page.getParent().resolve(path).normalize();
                if (!Files.exists(file)) {
                    broken.add(PROJECT.relativize(page) + ": " + target + " (no such file)");
                } else if (!anchor.isEmpty()
                        && file.toString().endsWith(".md")
                        && !anchorsOf(file).contains(anchor)) {
                    broken.add(PROJECT.relativize(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(checked).isGreaterThan(50);
        assertThat(broken).isEmpty();
    }

    @Test
    void headingsBecomeAnchorsAsGitHubSpellsThem() {
        assertThat(slug("slow-server (WireMock)")).isEqualTo("slow-server-wiremock");
        assertThat(slug("app-threadpool, app-threadpool-400, app-virtual"))
                .isEqualTo("app-threadpool-app-threadpool-400-app-virtual");
        assertThat(slug("Quick start: a first answer in ten minutes"))
                .isEqualTo("quick-start-a-first-answer-in-ten-minutes");
        assertThat(slug("`GET /db`")).isEqualTo("get-db");
        assertThat(links("see [a](b.md#c) and `[not](a link)` and ![chart](charts/x.png)"))
                .containsExactly("b.md#c", "charts/x.png");
    }

    private static List<String> links(String markdown) {
        String text = FENCE.matcher(markdown).replaceAll("");
        text = CODE_SPAN.matcher(text).replaceAll("");
        List<String> targets = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            targets.add(m.group(1));
        }
        return targets;
    }

    private Set<String> anchorsOf(Path page) throws IOException {
        Set<String> known = anchors.get(page);
        if (known == null) {
            known = new HashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            Matcher m = HEADING.matcher(FENCE.matcher(Files.readString(page)).replaceAll(""));
            while (m.find()) {
                String slug = slug(m.group(1));
                int n = seen.merge(slug, 1, Integer::sum);
                known.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
            anchors.put(page, known);
        }
        return known;
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens kept), spaces to hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1"); // a link's text, not its target
        text = Normalizer.normalize(text, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{N}\\- _]", "").replace(' ', '-');
    }
}
