package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import loadlab.loadtest.measure.OwnerRules.Rule;
import org.junit.jupiter.api.Test;

class OwnerRulesTests {

    /** A class a rule is about: one in its package, or the class itself. */
    private static String exampleOf(Rule rule) {
        return rule.pattern().endsWith(".") ? rule.pattern() + "Example" : rule.pattern();
    }

    @Test
    void noRuleIsHiddenByAnEarlierOne() {
        for (Rule rule : OwnerRules.RULES) {
            assertThat(OwnerRules.ofClass(exampleOf(rule))).as(rule.pattern()).isEqualTo(rule.owner());
            assertThat(OwnerRules.ofClass(exampleOf(rule) + "$Inner"))
                    .as(rule.pattern())
                    .isEqualTo(rule.owner());
        }
    }

    @Test
    void aClassRuleTakesItsNestedAndGeneratedClassesButNotANamesake() {
        assertThat(OwnerRules.ofClass("java.lang.VirtualThread$VThreadContinuation"))
                .isEqualTo(Owner.VIRTUAL_THREADS);
        assertThat(OwnerRules.ofClass("java.lang.VirtualThread$$Lambda/0x000000001361df40"))
                .isEqualTo(Owner.VIRTUAL_THREADS);
        assertThat(OwnerRules.ofClass("java.lang.VirtualThreadLike")).isEqualTo(Owner.JDK);
        assertThat(OwnerRules.ofClass("jdk.internal.vm.StackChunkCache")).isEqualTo(Owner.JDK);
    }

    @Test
    void theJdksHttpClientsAndVirtualThreadsComeBeforeTheRestOfTheJdk() {
        assertThat(OwnerRules.ofClass("jdk.internal.net.http.HttpClientImpl")).isEqualTo(Owner.JDK_HTTP_CLIENT);
        assertThat(OwnerRules.ofClass("java.net.http.HttpClient")).isEqualTo(Owner.JDK_HTTP_CLIENT);
        assertThat(OwnerRules.ofClass("sun.net.www.http.KeepAliveCache")).isEqualTo(Owner.HTTP_URL_CONNECTION);
        assertThat(OwnerRules.ofClass("sun.net.www.protocol.jar.JarURLConnection"))
                .isEqualTo(Owner.JDK);
        assertThat(OwnerRules.ofClass("java.net.HttpURLConnection")).isEqualTo(Owner.JDK);
        assertThat(OwnerRules.ofClass("jdk.internal.vm.Continuation")).isEqualTo(Owner.VIRTUAL_THREADS);
        assertThat(OwnerRules.ofClass("jdk.internal.misc.Unsafe")).isEqualTo(Owner.JDK);
    }

    @Test
    void librariesOutsideTheTableAreTheRestNotAGuess() {
        assertThat(OwnerRules.ofClass("tools.jackson.databind.json.JsonMapper")).isEqualTo(Owner.REST);
        assertThat(OwnerRules.ofClass("org.apache.logging.log4j.Logger")).isEqualTo(Owner.REST);
        assertThat(OwnerRules.ofClass("loadlab.mvc.ProxyController")).isEqualTo(Owner.REST);
        assertThat(OwnerRules.ofClass("kotlin.collections.ArraysKt")).isEqualTo(Owner.REST);
        assertThat(OwnerRules.ofClass("kotlinx.coroutines.DispatchedTask")).isEqualTo(Owner.KOTLIN_COROUTINES);
    }

    @Test
    void aSampleBelongsToTheTopmostFrameThatOwnsItsWork() {
        // Tomcat's thread running Spring, which calls the JDK client, which is in the JDK's socket code.
        assertThat(OwnerRules.ofStack(List.of(
                        "sun.nio.ch.SocketDispatcher",
                        "sun.nio.ch.SocketChannelImpl",
                        "jdk.internal.net.http.SocketTube",
                        "java.util.concurrent.CompletableFuture",
                        "org.springframework.http.client.JdkClientHttpRequest",
                        "org.springframework.web.servlet.DispatcherServlet",
                        "org.apache.catalina.core.ApplicationFilterChain",
                        "org.apache.tomcat.util.net.SocketProcessorBase",
                        "java.lang.VirtualThread")))
                .isEqualTo(Owner.JDK_HTTP_CLIENT);
        // Jackson writing the body for Spring: the library's own row, not Spring's.
        assertThat(OwnerRules.ofStack(List.of(
                        "java.lang.String",
                        "tools.jackson.core.json.UTF8JsonGenerator",
                        "org.springframework.http.converter.AbstractJacksonHttpMessageConverter")))
                .isEqualTo(Owner.REST);
        // A virtual thread parking: the model's own machinery under the JDK's frames.
        assertThat(OwnerRules.ofStack(List.of(
                        "jdk.internal.misc.Unsafe",
                        "java.util.concurrent.locks.LockSupport",
                        "java.lang.VirtualThread",
                        "java.lang.VirtualThread$VThreadContinuation")))
                .isEqualTo(Owner.VIRTUAL_THREADS);
    }

    @Test
    void nettyAndReactorYieldToTheServerOrClientBelowThem() {
        assertThat(OwnerRules.ofStack(List.of(
                        "io.netty.buffer.PooledByteBufAllocator",
                        "io.netty.channel.AbstractChannelHandlerContext",
                        "reactor.core.publisher.MonoMap",
                        "reactor.netty.channel.ChannelOperations",
                        "reactor.netty.http.client.HttpClientOperations",
                        "reactor.netty.channel.ChannelOperationsHandler",
                        "io.netty.channel.nio.NioEventLoop")))
                .isEqualTo(Owner.REACTOR_NETTY_CLIENT);
        assertThat(OwnerRules.ofStack(List.of(
                        "io.netty.handler.codec.http.HttpObjectEncoder",
                        "reactor.netty.http.server.HttpServerOperations",
                        "org.springframework.web.reactive.DispatcherHandler")))
                .isEqualTo(Owner.REACTOR_NETTY_SERVER);
        // The event loop waiting on its selector, for nobody in particular: Netty's own.
        assertThat(OwnerRules.ofStack(List.of(
                        "sun.nio.ch.EPoll",
                        "io.netty.channel.epoll.Native",
                        "io.netty.channel.epoll.EpollEventLoop",
                        "io.netty.util.concurrent.SingleThreadEventExecutor",
                        "java.lang.Thread")))
                .isEqualTo(Owner.NETTY);
        // Reactor operators run for Spring's handler further down: Spring's.
        assertThat(OwnerRules.ofStack(List.of(
                        "reactor.core.publisher.FluxMap$MapSubscriber",
                        "org.springframework.web.reactive.result.method.InvocableHandlerMethod")))
                .isEqualTo(Owner.SPRING);
        assertThat(OwnerRules.ofStack(List.of("reactor.core.publisher.Operators", "io.netty.util.Recycler")))
                .isEqualTo(Owner.REACTOR);
    }

    @Test
    void aStackOfTheJdkAloneIsTheJdks() {
        assertThat(OwnerRules.ofStack(
                        List.of("java.util.HashMap", "java.util.concurrent.ForkJoinPool", "java.lang.Thread")))
                .isEqualTo(Owner.JDK);
        assertThat(OwnerRules.ofStack(List.of())).isEqualTo(Owner.JDK);
    }
}
