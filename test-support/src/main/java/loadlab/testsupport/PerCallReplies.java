package loadlab.testsupport;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Answers each call according to its arrival number (1, 2, ... since {@link #script} was set): a fan-out's calls are
 * identical requests, so arrival order is the only thing that tells them apart. A call may be held at the
 * {@link HoldGate} before its answer. Applied only to stubs that name it.
 */
final class PerCallReplies implements ResponseDefinitionTransformerV2 {

    static final String NAME = "per-call";

    /** What the call with a given arrival number gets, and whether it waits at the gate first. */
    record Reply(ResponseDefinition response, boolean held) {}

    private final HoldGate gate;
    private final AtomicInteger arrivals = new AtomicInteger();
    private volatile IntFunction<Reply> script = arrival -> {
        throw new IllegalStateException("no script");
    };

    PerCallReplies(HoldGate gate) {
        this.gate = gate;
    }

    void script(IntFunction<Reply> script) {
        arrivals.set(0);
        this.script = script;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        Reply reply = script.apply(arrivals.incrementAndGet());
        if (reply.held()) {
            gate.holdThisCall();
        }
        return reply.response();
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public String getName() {
        return NAME;
    }
}
