package loadlab.loadtest.measure;

import java.util.List;

/**
 * Which {@link Owner} a class belongs to, by its name: one ordered table, the first rule that matches wins, for the
 * heap (a class histogram's rows) and for CPU (a sample's stack frames) alike. So the more specific rules come first:
 * the JDK's HTTP clients and virtual threads before the rest of the JDK, Reactor Netty's client and server before
 * the rest of Reactor Netty.
 * <p>
 * What a class name cannot tell is not guessed. A {@code byte[]} is a Tomcat buffer, a Netty buffer or a string's
 * bytes; a {@code HashMap$Node} anyone's: they stay in rows of their own (primitive arrays, the JDK). Netty's classes
 * serve the Netty server and Reactor Netty's client at once in a reactive app (one event loop, one buffer pool), so
 * Netty is a row of its own for the heap; for CPU a stack says more, and a Netty frame yields to the Reactor Netty
 * server's or client's frame below it ({@link Owner.Claim#SHARED}).
 */
final class OwnerRules {

    /**
     * A rule: {@code pattern} ending in a dot is a package prefix (its subpackages included); otherwise a class, its
     * nested and generated classes ({@code $...}) included.
     */
    record Rule(String pattern, Owner owner) {

        boolean matches(String className) {
            if (pattern.endsWith(".")) {
                return className.startsWith(pattern);
            }
            return className.equals(pattern) || className.startsWith(pattern + "$");
        }
    }

    /** The table, in the order it is applied. */
    static final List<Rule> RULES = List.of(
            // The model's own: a parked virtual thread keeps its frames in stack chunks on the heap.
            new Rule("jdk.internal.vm.StackChunk", Owner.VIRTUAL_THREAD_STACKS),
            new Rule("java.lang.VirtualThread", Owner.VIRTUAL_THREADS),
            new Rule("jdk.internal.vm.Continuation", Owner.VIRTUAL_THREADS),
            new Rule("kotlinx.coroutines.", Owner.KOTLIN_COROUTINES),
            new Rule("kotlin.coroutines.", Owner.KOTLIN_COROUTINES),
            // The HTTP clients, one owner per library.
            new Rule("jdk.internal.net.http.", Owner.JDK_HTTP_CLIENT),
            new Rule("java.net.http.", Owner.JDK_HTTP_CLIENT),
            // HttpURLConnection's HTTP classes only: sun.net.www also serves jar: and file: URLs.
            new Rule("sun.net.www.protocol.http.", Owner.HTTP_URL_CONNECTION),
            new Rule("sun.net.www.http.", Owner.HTTP_URL_CONNECTION),
            new Rule("org.apache.hc.", Owner.APACHE_HTTP_CLIENT),
            // All of Jetty (client, io, http, reactive client): no app runs a Jetty server, Tomcat or Netty serve.
            new Rule("org.eclipse.jetty.", Owner.JETTY_CLIENT),
            // Reactor Netty's event loops serve its server and its client alike; its connection pools, the client.
            new Rule("reactor.netty.resources.DefaultLoopResources", Owner.NETTY),
            new Rule("reactor.netty.resources.LoopResources", Owner.NETTY),
            new Rule("reactor.netty.resources.", Owner.REACTOR_NETTY_CLIENT),
            new Rule("reactor.netty.internal.shaded.reactor.pool.", Owner.REACTOR_NETTY_CLIENT),
            new Rule("reactor.netty.http.client.", Owner.REACTOR_NETTY_CLIENT),
            // The servers.
            new Rule("org.apache.tomcat.", Owner.TOMCAT),
            new Rule("org.apache.coyote.", Owner.TOMCAT),
            new Rule("org.apache.catalina.", Owner.TOMCAT),
            new Rule("jakarta.servlet.", Owner.TOMCAT),
            new Rule("reactor.netty.http.server.", Owner.REACTOR_NETTY_SERVER),
            // Shared by a reactive app's server and client.
            new Rule("reactor.netty.", Owner.NETTY),
            new Rule("io.netty.", Owner.NETTY),
            new Rule("reactor.", Owner.REACTOR),
            new Rule("org.springframework.", Owner.SPRING),
            // The rest of the JDK: any caller's.
            new Rule("java.", Owner.JDK),
            new Rule("javax.", Owner.JDK),
            new Rule("jdk.", Owner.JDK),
            new Rule("sun.", Owner.JDK),
            new Rule("com.sun.", Owner.JDK));

    private OwnerRules() {}

    /**
     * @param className as a class histogram or a stack frame writes it: a binary name ({@code a.b.C$D}, a hidden
     *                  class's {@code a.b.C$$Lambda/0x...}), or an array's descriptor ({@code [B},
     *                  {@code [Lorg.apache.tomcat.util.buf.ByteChunk;}), which belongs to its element class's owner
     *                  unless its elements are primitive
     */
    static Owner ofClass(String className) {
        int dimensions = 0;
        while (dimensions < className.length() && className.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions > 0) {
            return ofArrayElement(className, dimensions);
        }
        for (Rule rule : RULES) {
            if (rule.matches(className)) {
                return rule.owner();
            }
        }
        return Owner.REST;
    }

    /**
     * The owner of a CPU sample, from its stack's classes, top frame first: the first frame of an owner that claims
     * its own work ({@link Owner.Claim#OWN}, classes outside the table included, as {@link Owner#REST}); else the
     * first frame of a shared owner (Netty, Reactor) with no own frame below it; else, all frames being the JDK's,
     * the JDK. A GC or JIT thread is never sampled: their CPU comes from their threads' time instead.
     */
    static Owner ofStack(List<String> classesTopFirst) {
        Owner shared = null;
        for (String className : classesTopFirst) {
            Owner owner = ofClass(className);
            switch (owner.claim()) {
                case OWN -> {
                    return owner;
                }
                case SHARED -> {
                    if (shared == null) {
                        shared = owner;
                    }
                }
                case NONE -> {}
            }
        }
        return shared == null ? Owner.JDK : shared;
    }

    private static Owner ofArrayElement(String descriptor, int dimensions) {
        String element = descriptor.substring(dimensions);
        if (element.startsWith("L") && element.endsWith(";")) {
            return ofClass(element.substring(1, element.length() - 1));
        }
        return switch (element) {
            case "B" -> Owner.BYTE_ARRAYS;
            case "C" -> Owner.CHAR_ARRAYS;
            case "Z", "S", "I", "J", "F", "D" -> Owner.OTHER_PRIMITIVE_ARRAYS;
            default -> throw new IllegalArgumentException("not an array descriptor: " + descriptor);
        };
    }
}
