package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import loadlab.loadtest.measure.ClassHistogram.ClassBytes;
import loadlab.loadtest.measure.HeapByOwner.OwnerBytes;
import org.junit.jupiter.api.Test;

/**
 * Groups real histograms: {@code jcmd <pid> GC.class_histogram} of app-virtual and app-webflux (JDK 25.0.3, Boot
 * 4.1.0, built from main at bf10586), each taken 22 s into 200 closed-loop users calling it against slow-server at
 * 500..1500 ms, so about 200 requests were waiting in each.
 */
class HeapByOwnerTests {

    static String resource(String name) throws IOException {
        try (InputStream in = HeapByOwnerTests.class.getResourceAsStream("/owners/" + name)) {
            assertThat(in).as("test resource /owners/%s", name).isNotNull();
            InputStream text = name.endsWith(".gz") ? new GZIPInputStream(in) : in;
            return new String(text.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static HeapByOwner recorded(String app) throws IOException {
        return HeapByOwner.ofHistogram(resource(app + ".class_histogram.txt.gz"));
    }

    private static List<String> classesOf(HeapByOwner heap, Owner owner) {
        return heap.owners().stream()
                .filter(row -> row.owner() == owner)
                .flatMap(row -> row.classes().stream())
                .map(ClassBytes::className)
                .toList();
    }

    @Test
    void theOwnersAddUpToTheHistogramsTotal() throws IOException {
        for (String app : List.of("app-virtual", "app-webflux")) {
            String text = resource(app + ".class_histogram.txt.gz");
            ClassHistogram histogram = ClassHistogram.parse(text);
            HeapByOwner heap = HeapByOwner.ofHistogram(text);

            assertThat(heap.owners().stream().mapToLong(OwnerBytes::bytes).sum())
                    .as(app)
                    .isEqualTo(heap.totalBytes())
                    .isEqualTo(histogram.totalBytes());
            assertThat(heap.owners().stream().mapToLong(OwnerBytes::instances).sum())
                    .as(app)
                    .isEqualTo(histogram.totalInstances());
            assertThat(heap.owners().stream()
                            .mapToInt(row -> row.classes().size())
                            .sum())
                    .as(app)
                    .isEqualTo(histogram.classes().size());
            assertThat(heap.owners().stream()
                            .mapToDouble(row -> row.share(heap.totalBytes()))
                            .sum())
                    .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
        }
    }

    @Test
    void aVirtualThreadAppsKnownClassesLandWithTheirOwners() throws IOException {
        HeapByOwner heap = recorded("app-virtual");

        assertThat(classesOf(heap, Owner.VIRTUAL_THREAD_STACKS)).containsExactly("jdk.internal.vm.StackChunk");
        assertThat(classesOf(heap, Owner.VIRTUAL_THREADS)).contains("java.lang.VirtualThread");
        assertThat(classesOf(heap, Owner.JDK_HTTP_CLIENT))
                .contains("jdk.internal.net.http.common.MinimalFuture", "jdk.internal.net.http.Http1Exchange")
                .allMatch(name -> name.contains("jdk.internal.net.http.") || name.contains("java.net.http."));
        assertThat(classesOf(heap, Owner.TOMCAT))
                .contains(
                        "org.apache.tomcat.util.buf.ByteChunk",
                        "[Lorg.apache.tomcat.util.http.MimeHeaderField;",
                        "org.apache.coyote.Request");
        assertThat(classesOf(heap, Owner.SPRING)).allMatch(name -> name.contains("org.springframework."));
        // byte[] first by far, then byte[][] and the like.
        assertThat(classesOf(heap, Owner.BYTE_ARRAYS)).startsWith("[B").allMatch(name -> name.matches("\\[+B"));
        assertThat(classesOf(heap, Owner.CHAR_ARRAYS)).startsWith("[C").allMatch(name -> name.matches("\\[+C"));
        assertThat(classesOf(heap, Owner.JDK)).contains("java.lang.String", "[Ljava.lang.Object;");
        assertThat(classesOf(heap, Owner.REST)).contains("tools.jackson.databind.json.JsonMapper");
        // A blocking app has no Reactor Netty, and no other client than the JDK's.
        assertThat(heap.bytes(Owner.REACTOR_NETTY_CLIENT)).isZero();
        assertThat(heap.bytes(Owner.REACTOR_NETTY_SERVER)).isZero();
        assertThat(heap.bytes(Owner.APACHE_HTTP_CLIENT)).isZero();
        // About 200 parked virtual threads: their stacks are there, and hold more than one page each.
        OwnerBytes stacks = heap.owners().stream()
                .filter(row -> row.owner() == Owner.VIRTUAL_THREAD_STACKS)
                .findFirst()
                .orElseThrow();
        assertThat(stacks.instances()).isGreaterThanOrEqualTo(200);
        assertThat(stacks.bytes() / stacks.instances()).isGreaterThan(4096);
    }

    @Test
    void aReactiveAppsKnownClassesLandWithTheirOwnersAndNettyStaysShared() throws IOException {
        HeapByOwner heap = recorded("app-webflux");

        assertThat(classesOf(heap, Owner.REACTOR_NETTY_CLIENT))
                .contains(
                        "reactor.netty.http.client.HttpClientOperations",
                        "reactor.netty.resources.DefaultPooledConnectionProvider$PooledConnection",
                        "reactor.netty.internal.shaded.reactor.pool.SimpleDequePool$QueuePooledRef");
        assertThat(classesOf(heap, Owner.REACTOR_NETTY_SERVER))
                .contains("reactor.netty.http.server.HttpServerOperations");
        assertThat(classesOf(heap, Owner.NETTY))
                .contains(
                        "io.netty.channel.epoll.EpollSocketChannel",
                        "[Lio.netty.handler.codec.DefaultHeaders$HeaderEntry;",
                        "reactor.netty.channel.FluxReceive",
                        "reactor.netty.resources.DefaultLoopResources$EventLoop");
        assertThat(classesOf(heap, Owner.REACTOR))
                .contains("reactor.core.publisher.FluxOnErrorResume$ResumeSubscriber");
        assertThat(heap.bytes(Owner.TOMCAT)).isZero();
        assertThat(heap.bytes(Owner.VIRTUAL_THREAD_STACKS)).isZero();
    }

    @Test
    void ownersAreInOneOrderForEveryAppAndEachOwnersClassesLargestFirst() throws IOException {
        for (String app : List.of("app-virtual", "app-webflux")) {
            HeapByOwner heap = recorded(app);

            assertThat(heap.owners().stream().map(OwnerBytes::owner).toList())
                    .as(app)
                    .isSortedAccordingTo(Enum::compareTo);
            assertThat(heap.owners())
                    .allSatisfy(row -> assertThat(row.classes())
                            .isSortedAccordingTo((a, b) -> Long.compare(b.bytes(), a.bytes())));
        }
    }

    private static final String SMALL = """
            4242:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:            10           1000  [B (java.base@25.0.3)
               2:             2            200  [[B (java.base@25.0.3)
               3:             3            300  [I (java.base@25.0.3)
               4:             4            400  [Lorg.apache.tomcat.util.buf.ByteChunk;
               5:             5            500  org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager
               6:             6            600  sun.net.www.protocol.http.HttpURLConnection (java.base@25.0.3)
               7:             7            700  sun.net.www.protocol.jar.JarURLConnection (java.base@25.0.3)
               8:             8            800  loadlab.mvc.ProxyController$$SpringCGLIB$$0
            Total            45           4500
            """;

    @Test
    void arraysBelongToTheirElementsOwnerUnlessTheElementsArePrimitive() {
        HeapByOwner heap = HeapByOwner.ofHistogram(SMALL);

        assertThat(heap.bytes(Owner.BYTE_ARRAYS)).isEqualTo(1200);
        assertThat(heap.bytes(Owner.OTHER_PRIMITIVE_ARRAYS)).isEqualTo(300);
        assertThat(heap.bytes(Owner.TOMCAT)).isEqualTo(400);
        assertThat(heap.bytes(Owner.APACHE_HTTP_CLIENT)).isEqualTo(500);
        assertThat(heap.bytes(Owner.HTTP_URL_CONNECTION)).isEqualTo(600);
        assertThat(heap.bytes(Owner.JDK)).isEqualTo(700);
        assertThat(heap.bytes(Owner.REST)).isEqualTo(800);
        assertThat(heap.totalBytes()).isEqualTo(4500);
    }

    @Test
    void whatIsNotAWholeHistogramIsRefusedSayingWhy() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ClassHistogram.parse("4242:\ncom.sun.tools.attach.AttachNotSupportedException: no"))
                .withMessageContaining("not a class histogram")
                .withMessageContaining("AttachNotSupportedException");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ClassHistogram.parse(SMALL.substring(0, SMALL.indexOf("Total"))))
                .withMessageContaining("without its Total line");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ClassHistogram.parse(SMALL.replace("45           4500", "45           4501")))
                .withMessageContaining("4500 bytes; its Total says 45, 4501");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ClassHistogram.parse(SMALL.replace("   8:", "   8")))
                .withMessageContaining("not a row");
    }
}
