package loadlab.loadtest.measure;

/**
 * Whose a byte of heap or a second of CPU is, as far as a class name can tell: the model's own machinery, the HTTP
 * client (one row per library, since the client is a dimension of its own), the server, Spring, and rows that say
 * plainly that no owner can be told. {@link OwnerRules} decides which classes belong where.
 */
public enum Owner {
    VIRTUAL_THREAD_STACKS("virtual-thread stacks", Claim.OWN),
    VIRTUAL_THREADS("virtual threads", Claim.OWN),
    KOTLIN_COROUTINES("Kotlin coroutines", Claim.OWN),
    JDK_HTTP_CLIENT("JDK HttpClient", Claim.OWN),
    HTTP_URL_CONNECTION("HttpURLConnection", Claim.OWN),
    APACHE_HTTP_CLIENT("Apache HttpClient 5", Claim.OWN),
    JETTY_CLIENT("Jetty HttpClient", Claim.OWN),
    REACTOR_NETTY_CLIENT("Reactor Netty client", Claim.OWN),
    TOMCAT("Tomcat", Claim.OWN),
    REACTOR_NETTY_SERVER("Reactor Netty server", Claim.OWN),
    NETTY("Netty (server and client)", Claim.SHARED),
    REACTOR("Reactor (WebFlux and Reactor Netty)", Claim.SHARED),
    SPRING("Spring", Claim.OWN),
    /** Libraries the table does not name (Jackson, Micrometer, logging) and the app's own code. */
    REST("the rest", Claim.OWN),
    BYTE_ARRAYS("byte[] (any owner)", Claim.NONE),
    CHAR_ARRAYS("char[] (any owner)", Claim.NONE),
    OTHER_PRIMITIVE_ARRAYS("other primitive arrays (any owner)", Claim.NONE),
    /** The JDK's own classes, other than those of its HTTP clients and of virtual threads: any caller's. */
    JDK("JDK (any owner)", Claim.NONE),
    /** CPU only: the garbage collector's threads. */
    GC("GC", Claim.NONE),
    /** CPU only: the JIT compiler's threads. */
    JIT("JIT", Claim.NONE);

    /**
     * How strongly a stack frame of this owner claims a CPU sample, walking from the top of the stack: the first
     * frame of an {@link #OWN} owner takes it; a {@link #SHARED} owner's frame takes it only if no frame below it is
     * of an own owner; a sample whose frames are all the JDK's is the JDK's.
     */
    enum Claim {
        /** The code that did the work: its frame names whose the work was. */
        OWN,
        /**
         * Plumbing that works for whoever is further down the stack: Netty's event loop and pipeline, Reactor's
         * operators. Its classes alone cannot say whether they serve the server or the client.
         */
        SHARED,
        /** Never claims a sample from a frame: the JDK's classes (any caller's), arrays, and threads. */
        NONE
    }

    private final String label;
    private final Claim claim;

    Owner(String label, Claim claim) {
        this.label = label;
        this.claim = claim;
    }

    /** The row's name in a table or a chart's legend. */
    public String label() {
        return label;
    }

    Claim claim() {
        return claim;
    }
}
