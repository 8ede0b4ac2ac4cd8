package loadlab.slowserver;

import java.time.InstantSource;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Decides each request's answer: a delay uniform over the range of the phase running when it arrives (the base
 * range before the schedule starts and after it ends) and, with the phase's shares, a fault.
 *
 * <p>Seeded, one generator serves every draw in arrival order (a delay, then a fault draw only in a phase that has
 * faults), so a run without a schedule draws exactly the sequence it drew before schedules existed.
 */
final class Answers {

    /** Where the schedule stands at one instant. */
    enum State {
        NOT_STARTED,
        RUNNING,
        FINISHED
    }

    /**
     * @param phaseIndex -1 when no phase runs
     * @param phase      null when no phase runs: the base range applies, without faults
     */
    record Moment(State state, long startedAtEpochMs, long nowEpochMs, int phaseIndex, Phase phase) {

        long elapsedMs() {
            return state == State.NOT_STARTED ? 0 : Math.max(0, nowEpochMs - startedAtEpochMs);
        }
    }

    private static final long NOT_STARTED = Long.MIN_VALUE;

    private final SlowServerConfig config;
    // The wall clock, not a monotonic one: the runner lines phases up with its own per-second series by epoch ms.
    private final InstantSource clock;
    // Null when unseeded: ThreadLocalRandom then avoids contending on one generator at 1000 req/s.
    private final Random seeded;
    private volatile long startedAtEpochMs = NOT_STARTED;

    Answers(SlowServerConfig config, InstantSource clock) {
        this.config = config;
        this.clock = clock;
        this.seeded = config.seed().isPresent() ? new Random(config.seed().getAsLong()) : null;
    }

    /** (Re)starts the schedule now: phases count from this instant. */
    Moment start() {
        long now = clock.millis();
        startedAtEpochMs = now;
        return momentAt(now, now);
    }

    Moment now() {
        return momentAt(startedAtEpochMs, clock.millis());
    }

    SlowServerConfig config() {
        return config;
    }

    Answer next() {
        Phase phase = now().phase();
        int min = phase == null ? config.minDelayMs() : phase.minDelayMs();
        int span = (phase == null ? config.maxDelayMs() : phase.maxDelayMs()) - min;
        boolean faulty = phase != null && phase.hasFaults();
        int delayMs;
        double faultDraw;
        if (seeded == null) {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            delayMs = min + random.nextInt(span + 1);
            faultDraw = faulty ? random.nextDouble() : 1;
        } else {
            // Draws serialised: the n-th request to arrive gets the n-th numbers of the seed's sequence.
            synchronized (seeded) {
                delayMs = min + seeded.nextInt(span + 1);
                faultDraw = faulty ? seeded.nextDouble() : 1;
            }
        }
        return new Answer(delayMs, faulty ? faultOf(phase, faultDraw) : null);
    }

    /** Stacks the shares on [0, 1): a draw under the first share is that fault, and so on; above them all, none. */
    private static FaultKind faultOf(Phase phase, double draw) {
        double bound = 0;
        for (FaultKind kind : FaultKind.values()) {
            bound += phase.share(kind);
            if (draw < bound) {
                return kind;
            }
        }
        return null;
    }

    private Moment momentAt(long startedAt, long now) {
        if (startedAt == NOT_STARTED) {
            return new Moment(State.NOT_STARTED, 0, now, -1, null);
        }
        // A wall clock stepped back behind the start counts as the start itself.
        long elapsed = Math.max(0, now - startedAt);
        int index = config.schedule().phaseIndexAt(elapsed);
        if (index < 0) {
            return new Moment(State.FINISHED, startedAt, now, -1, null);
        }
        return new Moment(
                State.RUNNING, startedAt, now, index, config.schedule().phases().get(index));
    }
}
