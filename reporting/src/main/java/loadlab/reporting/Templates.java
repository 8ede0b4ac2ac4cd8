package loadlab.reporting;

import com.samskivert.mustache.DefaultCollector;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lab's one report renderer: Mustache templates on the class path, filled from view records. The wording of a
 * report lives in its template; the numbers and verdicts arrive as the view's values, already formatted, so a template
 * has no logic beyond "this section when there is one" and "once per row".
 *
 * <p>Templates are {@code <folder>/<name>.md}; {@code {{> name}}} includes another from the same folder. Nothing is
 * HTML-escaped (the output is Markdown). A name the view does not have fails the render, so a typo in a template
 * cannot pass for an empty figure. A section on 0, an empty text or an empty list is skipped. An {@link Optional} is a section that shows its value once or not at all, like a
 * list of one or none.
 */
public final class Templates {

    private final ClassLoader loader;
    private final String folder;
    private final Mustache.Compiler compiler;
    private final Map<String, Template> compiled = new ConcurrentHashMap<>();

    private Templates(ClassLoader loader, String folder) {
        this.loader = loader;
        this.folder = folder;
        this.compiler = Mustache.compiler()
                .escapeHTML(false)
                .strictSections(true)
                .zeroIsFalse(true)
                .emptyStringIsFalse(true)
                .withCollector(new OptionalCollector())
                .withLoader(name -> new StringReader(source(name)));
    }

    /**
     * @param anchor a class whose class loader has the templates
     * @param folder the templates' folder on the class path, e.g. {@code templates/loadtest}
     */
    public static Templates in(Class<?> anchor, String folder) {
        return new Templates(anchor.getClassLoader(), folder);
    }

    /** The template {@code name} filled from {@code view}. */
    public String render(String name, Object view) {
        return compiled.computeIfAbsent(name, n -> compiler.compile(reader(n))).execute(view);
    }

    private Reader reader(String name) {
        return new StringReader(source(name));
    }

    private String source(String name) {
        String path = folder + "/" + name + ".md";
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no template " + path + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the template " + path, e);
        }
    }

    /** Optionals as sections of one value or none, as a list of one or none would be. */
    private static final class OptionalCollector extends DefaultCollector {

        @Override
        public Iterator<?> toIterator(Object value) {
            return switch (value) {
                case Optional<?> optional -> optional.stream().iterator();
                case OptionalDouble optional -> optional.stream().boxed().iterator();
                case OptionalInt optional -> optional.stream().boxed().iterator();
                case OptionalLong optional -> optional.stream().boxed().iterator();
                default -> super.toIterator(value);
            };
        }
    }
}
