package loadlab.testsupport;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.time.Duration;

/**
 * Holds every call of a burst until either all expected calls have arrived or none has arrived for a quiet period
 * (or, armed until released, until the test opens it); then lets them all go, and every later call through at once.
 * Applied only to stubs that name it.
 */
final class HoldGate implements ResponseDefinitionTransformerV2 {

    static final String NAME = "hold-gate";

    private final long quietNanos;
    private final long limitNanos;
    private int expected;
    private int arrived;
    private long lastArrival;
    private long armedAt;
    private boolean open = true;
    private boolean untilReleased;

    HoldGate(Duration quiet, Duration limit) {
        this.quietNanos = quiet.toNanos();
        this.limitNanos = limit.toNanos();
    }

    synchronized void arm(int expectedCalls) {
        untilReleased = false;
        expected = expectedCalls;
        arrived = 0;
        armedAt = System.nanoTime();
        lastArrival = armedAt;
        open = false;
    }

    /** Holds every call until {@link #openNow()}, or the limit, however long the calls stay quiet. */
    synchronized void armUntilReleased() {
        arm(Integer.MAX_VALUE);
        untilReleased = true;
    }

    synchronized void openNow() {
        release();
    }

    /** True while armed and neither opened nor past its limit: calls that arrive now are held. */
    synchronized boolean holding() {
        return !open && System.nanoTime() - armedAt < limitNanos;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        holdThisCall();
        return serveEvent.getResponseDefinition();
    }

    /** Holds the calling (container) thread as {@link #transform} does, for other transformers that hold some calls. */
    void holdThisCall() {
        try {
            pass();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void pass() throws InterruptedException {
        if (open) {
            return;
        }
        arrived++;
        lastArrival = System.nanoTime();
        if (arrived >= expected) {
            release();
        }
        while (!open) {
            long now = System.nanoTime();
            long quietEnds = untilReleased ? Long.MAX_VALUE : lastArrival + quietNanos;
            long waitNanos = Math.min(quietEnds, armedAt + limitNanos) - now;
            if (waitNanos <= 0) {
                release();
                return;
            }
            wait(waitNanos / 1_000_000 + 1);
        }
    }

    private void release() {
        open = true;
        notifyAll();
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
