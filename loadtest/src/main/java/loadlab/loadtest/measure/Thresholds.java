package loadlab.loadtest.measure;

/**
 * Every threshold the lab judges a figure by, in one place, so no two reports can disagree on what "at the ceiling"
 * or "kept up" means. {@link Verdicts} applies them; the reports only say what the verdicts are.
 */
public final class Thresholds {

    /** At or above this share of its Little's-law ceiling a target is doing all the backend lets it. */
    public static final double AT_CEILING_PERCENT = 98.0;

    /**
     * At or above this share of its ceiling a model still does what its threads and the backend allow: a sweep level
     * "holds". Looser than {@link #AT_CEILING_PERCENT}, since a sweep's windows are short.
     */
    public static final double HOLDS_PERCENT = 90.0;

    /** Errors at or above this share of a load's requests mean the load failed, not a stray reset. */
    public static final double ERROR_PERCENT_LIMIT = 1.0;

    /** A median this much above direct's (relative) is called queueing rather than noise. */
    public static final double QUEUEING_MEDIAN_RATIO = 1.10;

    /** A p99 up to this multiple of direct's at the same load is the backend's own tail, not queueing. */
    public static final double P99_CLOSE_RATIO = 1.10;

    /** At or above this share of the offered rate a target kept up with it, whatever chance says. */
    public static final double KEPT_UP_PERCENT = 98.0;

    /**
     * Arrivals are random (Poisson): a window expecting n of them gets n ± √n, so a count up to this many standard
     * deviations short is chance, not a model falling behind. At 80 req/s over 30 s that is 6% of the rate.
     */
    public static final double CHANCE_SIGMAS = 3.0;

    /** A process averaging this share of the machine's cores leaves the others too little to call CPU no factor. */
    public static final double BUSY_CPU_SHARE = 0.8;

    /** A thread pool's mean time per request at or above this share of the timeout already predicts timeouts. */
    public static final double NEAR_TIMEOUT = 0.8;

    /**
     * Above this spread across repeats, (max − min) / median, a figure is called noisy: it did not repeat. A diff's
     * change must exceed it too. CPU per request has its own, {@link #COST_NOISE_PERCENT}.
     */
    public static final double NOISY_PERCENT = 5.0;

    /**
     * The fewest runs of the CPU yardstick inside a window for its median to speak for the window: it runs four times a
     * second, so a 60 s window has about 240 and a window with fewer than this was not timed throughout.
     */
    public static final int MIN_SPEED_TIMINGS = 20;

    /**
     * A service that, for this long, neither answers its health check nor answers any request of the load has stopped
     * answering: its load ends and its row fails. Longer than a few missed probes, so a busy thread pool whose health
     * request waits in the queue is not taken for a dead one (its load still gets answers).
     */
    public static final java.time.Duration STALLED_AFTER = java.time.Duration.ofSeconds(15);

    /**
     * A service that used at least this share of a core in a second is working, even with no answer to show: a thread
     * pool past its collapse serves only requests whose users have given up, and its health request waits behind
     * them, yet it is alive and its row is a measurement (all timeouts), not a death. An idle JVM uses under 1% of a
     * core; a deadlocked or stopped one uses none.
     */
    public static final double WORKING_CPU_SHARE = 0.05;

    /**
     * Errors other than timeouts above this share of the ceiling, in a load that completed more than its ceiling,
     * mean the target failed fast (refused, reset, a 5xx at once) instead of serving: such a throughput is not a
     * measurement, and the row fails. Timeouts are bounded by users / timeout and are read as what they are.
     */
    public static final double FAST_ERRORS_SHARE_OF_CEILING = 0.10;

    /**
     * The JIT has settled once its compiler threads used less than this share of one core over
     * {@link #JIT_SETTLE_SPAN}: measured on app-threadpool at 100 req/s, they used 0.1 to 0.5 cores for the first two
     * minutes, in bursts with quiet seconds between them, and under 0.01 after, while the request threads' own CPU
     * fell by half as their code got compiled. With 2% over 10 s, a lull between bursts passed for settled and up to
     * 1.7 s of compiling still fell inside a 60 s window.
     */
    public static final double JIT_SETTLED_CORES = 0.01;

    public static final java.time.Duration JIT_SETTLE_SPAN = java.time.Duration.ofSeconds(20);

    /**
     * What a single run's figure can move by chance, for telling a lead from noise when a scenario ran once: good
     * throughput (a window of thousands of random delays), p99 (the tail of a random delay), CPU per request (the
     * lab's own repeatability target) and memory or threads. CPU per request's is also what its spread across repeats
     * and a diff's change must exceed, in place of {@link #NOISY_PERCENT}: on this shared host the CPU time of the same
     * work moves by more than 5% from one window to the next (slow-server's, for the same requests, spread up to 16%
     * over the three runs of 80fa760 and up to 17% over those of cb665db).
     */
    public static final double THROUGHPUT_NOISE_PERCENT = 2.0;

    public static final double LATENCY_NOISE_PERCENT = 5.0;

    /**
     * An open run's generator fell behind, and the run is flagged, when its lag p99 (actual send − intended time)
     * exceeds this share of the run's p99 from the intended time, or {@link #GENERATOR_LAG_FLOOR_MS}, whichever is
     * larger. The lag is added whole to each late request's latency from its intended time: below this share it moves
     * that p99 by less than a single run's p99 moves by chance ({@link #LATENCY_NOISE_PERCENT}), above it the figure is
     * partly the generator's. Against slow-server's 0..4000 ms that allows about 200 ms.
     */
    public static final double GENERATOR_LAG_PERCENT_OF_P99 = LATENCY_NOISE_PERCENT;

    /**
     * The least lag p99 that flags an open run, whatever its p99: the samples and the schedule are timed to the
     * millisecond, and a generator thread woken on a busy 2-core host runs a few ms late (a scheduler time slice), so
     * a backend of milliseconds would otherwise flag every run for wake-up jitter rather than for a generator that fell
     * behind (a GC pause, a saturated core, a pool with every thread busy).
     */
    public static final long GENERATOR_LAG_FLOOR_MS = 10;

    public static final double COST_NOISE_PERCENT = 10.0;
    public static final double MEMORY_NOISE_PERCENT = 5.0;

    /**
     * The index names a model's lead only among those that served the load: good throughput at least this share of
     * its own ceiling, or at least this share of the requests it completed good. A pool whose users all timed out has
     * no cost per request worth leading with; a model that delivered a pool's ceiling while the rest of its requests
     * timed out at the pool served what there was to serve; and a model held back by its CPU far below a
     * Little's-law ceiling that CPU makes meaningless (a backend of milliseconds) served every request it could.
     */
    public static final double SERVED_SHARE = 0.5;

    /**
     * An app whose throughput is within this of the next faster app's served the same rate, and CPU / slow-server's
     * ranks the apps of one rate: slow-server's own CPU per request rises as its rate falls (behind app-threadpool at
     * 100 req/s 0.63 s per 1000, behind the apps at 250 req/s 0.51-0.58), so a gap in rate would show up in the ratio
     * as a gap in cost.
     */
    public static final double SAME_RATE_PERCENT = 5.0;

    /**
     * A target is itself again once, for {@link #RECOVERY_HOLD_SECONDS} seconds in a row, its good throughput
     * (averaged over {@link #RECOVERY_SMOOTHING_SECONDS} seconds, since a second of 100 random delays varies by
     * about 10%) is within this share of its calm median and its p99 (the median of the same seconds) at most
     * {@link #RECOVERY_P99_RATIO} times its calm one.
     */
    public static final double RECOVERY_BAND_PERCENT = 10.0;

    public static final double RECOVERY_P99_RATIO = 1.25;
    public static final int RECOVERY_SMOOTHING_SECONDS = 5;
    public static final int RECOVERY_HOLD_SECONDS = 10;

    /**
     * Heap after GC that grows by more than this per minute, over the whole soak and over its second half alike, keeps
     * growing: a leak or an unbounded queue, not a warm-up.
     */
    public static final double HEAP_GROWTH_MIB_PER_MINUTE = 1.0;

    /**
     * A ratio between two targets measured side by side ({@code PairedRatio}) is shown with an interval at this
     * confidence, and names a lower one only when that interval excludes 1.
     */
    public static final double RATIO_CONFIDENCE_PERCENT = 95.0;

    /**
     * Bootstrap resamples behind a ratio's interval: with 10,000 the interval's ends, the 250th value from each end,
     * move by well under 1% from one seed to another, and 20 rounds resampled 10,000 times take milliseconds.
     */
    public static final int RATIO_RESAMPLES = 10_000;

    /**
     * Two interleaved runs of one scenario repeat when each ratio between two models moved by at most this much from
     * one to the other, and no lead changed (issue 34's bar for "the ratios repeat"). It is wider than the ratios' own
     * intervals' half-width on fast-backend (about 5-15%), because a repeat also meets another hour's host.
     */
    public static final double RATIO_REPEAT_PERCENT = 10.0;

    /**
     * The fewest rounds a ratio's interval is computed from. A percentile bootstrap of a mean is too narrow for few
     * rounds: it treats the rounds at hand as the whole population. On synthetic rounds with the noise of a shared
     * host (PairedRatioTests' rounds, 2,000 of each count), a 95% interval held the true ratio in 84% of cases from 5
     * rounds, 88% from 8, 90% from 10 and 12, 92.5% from 20.
     */
    public static final int MIN_RATIO_ROUNDS = 8;

    /**
     * Standard errors either side of a figure for the interval a lead must clear (95%): Wilson's for a share, the
     * square root of a count for a rate, the order statistics' ranks for a percentile ({@link Intervals}).
     */
    public static final double CONFIDENCE_Z = 1.96;

    /**
     * A tail whose max is at least this multiple of its p95 holds a second mode (requests at a timeout, a stall), and
     * p99 falls in one mode or the other by the size of it: in {@code faults} the apps' p99 was 20,002 ms, and
     * app-coroutines' 4,001 ms, with about 1% of every app's requests at the 20 s timeout. Such a table reads its tail
     * as the share of requests over {@link #TAIL_SHARE_P95_MULTIPLE} times the p95 instead. A single tail of one
     * random delay spans less than 1.1 (p95 3,800 ms, max 4,000 ms); a thread pool's queue, about 1.5.
     */
    public static final double TAIL_MODES_RATIO = 3.0;

    /**
     * Where a tail with two modes is cut, as a multiple of the table's median p95, rounded up to 1, 2 or 5 times a
     * power of ten: past the slow end of the body, short of the second mode.
     */
    public static final double TAIL_SHARE_P95_MULTIPLE = 2.0;

    private Thresholds() {}
}
