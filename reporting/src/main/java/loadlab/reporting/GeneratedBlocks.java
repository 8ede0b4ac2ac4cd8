package loadlab.reporting;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The parts of a hand-written Markdown document (the README, a page of docs/) that a generator owns: each between
 * {@code <!-- generated:NAME -->} and {@code <!-- /generated:NAME -->}, on lines of their own. Everything outside them is
 * the writer's; everything inside is rewritten from the data by {@code make report}, so that a figure in prose is never
 * copied by hand. HTML comments, so the markers do not show on a rendered page.
 */
public final class GeneratedBlocks {

    private static final Pattern OPEN = Pattern.compile("<!-- generated:([a-z0-9-]+) -->");

    private GeneratedBlocks() {}

    public static String open(String name) {
        return "<!-- generated:" + name + " -->";
    }

    public static String close(String name) {
        return "<!-- /generated:" + name + " -->";
    }

    /** The documents that may hold generated blocks: the project's README, then every page of docs/, by name. */
    public static List<Path> documents(Path project) throws IOException {
        List<Path> documents = new ArrayList<>(List.of(project.resolve("README.md")));
        Path docs = project.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> pages = Files.list(docs)) {
                pages.filter(p -> p.getFileName().toString().endsWith(".md"))
                        .sorted()
                        .forEach(documents::add);
            }
        }
        return documents.stream().filter(Files::isRegularFile).toList();
    }

    /** The names of the document's blocks, in order. */
    public static List<String> names(String document) {
        return blocks(document).stream().map(Block::name).toList();
    }

    /** A block's text as the document has it, without its markers and the blank lines around it. */
    public static Optional<String> content(String document, String name) {
        return blocks(document).stream()
                .filter(b -> b.name().equals(name))
                .findFirst()
                .map(b -> document.substring(b.from(), b.to()).strip());
    }

    /**
     * The document with every block whose name {@code render} knows replaced by what it renders, a blank line on
     * either side; blocks it does not know are left as they are.
     */
    public static String fill(String document, Function<String, Optional<String>> render) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        for (Block block : blocks(document)) {
            Optional<String> text = render.apply(block.name());
            if (text.isEmpty()) {
                continue;
            }
            out.append(document, at, block.from())
                    .append("\n\n")
                    .append(text.get().strip())
                    .append("\n\n");
            at = block.to();
        }
        return out.append(document.substring(at)).toString();
    }

    /** @param from where its content starts, just after the opening marker; {@code to}: where the closing one starts */
    private record Block(String name, int from, int to) {}

    private static List<Block> blocks(String document) {
        List<Block> blocks = new ArrayList<>();
        Matcher open = OPEN.matcher(document);
        int searchFrom = 0;
        while (open.find(searchFrom)) {
            String name = open.group(1);
            int close = document.indexOf(close(name), open.end());
            if (close < 0) {
                throw new IllegalArgumentException("generated block '" + name + "' is not closed by " + close(name));
            }
            Matcher inner = OPEN.matcher(document).region(open.end(), close);
            if (inner.find()) {
                throw new IllegalArgumentException(
                        "generated block '" + inner.group(1) + "' opens inside block '" + name + "'");
            }
            blocks.add(new Block(name, open.end(), close));
            searchFrom = close + close(name).length();
        }
        return blocks;
    }
}
