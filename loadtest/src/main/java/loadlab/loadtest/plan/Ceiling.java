package loadlab.loadtest.plan;

/**
 * Little's law, the lab's ground truth and its one formula for what a target can deliver: at most C requests in
 * flight, each taking D on average, complete at most C / D per second. C is whichever is smaller of what the load
 * offers (closed-loop users, or the load generator's thread bound for open arrivals), the model's own thread limit
 * and, for a database request, the connection pool; D is what one request takes ({@link Request#meanMillis}); CPU
 * work caps it at cores / work; an open load never completes more than its arrival rate either.
 */
public final class Ceiling {

    private Ceiling() {}

    /** Requests that can be in flight at once: the load's concurrency, capped by the model's thread limit. */
    public static int concurrency(Target target, LoadShape load) {
        int offered = load.concurrency();
        return target.threadLimit().isPresent()
                ? Math.min(offered, target.threadLimit().getAsInt())
                : offered;
    }

    /**
     * Requests that can be in flight at once in this plan: min(users, threads, pool). A database request holds one of
     * the pool's connections for its whole query (the direct row's pool too), so beyond the pool's size requests wait.
     */
    public static int concurrency(Target target, LoadShape load, Plan plan) {
        int threads = concurrency(target, load);
        return plan.dbPool().isPresent() ? Math.min(threads, plan.dbPool().getAsInt()) : threads;
    }

    /**
     * What the target could complete with its concurrency, whatever the load's rate: C / D, where D is what its
     * request takes (the backend alone, for direct); and, for CPU work of W per request, no more than its cores / W.
     */
    public static double capacity(Target target, LoadShape load, Plan plan) {
        return capacity(target, load, plan, plan.appCores());
    }

    /**
     * The same with the cores the target may use given: an app on another host has its own host's, not the ones the
     * plan gives an app here.
     */
    public static double capacity(Target target, LoadShape load, Plan plan, int cores) {
        Request request = plan.requestOf(target);
        double littlesLaw = littlesLaw(concurrency(target, load, plan), request.meanMillis(plan.backend()));
        return request.micros() == 0 ? littlesLaw : Math.min(littlesLaw, cores / (request.micros() / 1e6));
    }

    /** The most the target can deliver under this load: its capacity, and for an open load no more than the rate. */
    public static double perSecond(Target target, LoadShape load, Plan plan) {
        return perSecond(target, load, plan, plan.appCores());
    }

    /** The same with the cores the target may use given ({@link #capacity(Target, LoadShape, Plan, int)}). */
    public static double perSecond(Target target, LoadShape load, Plan plan, int cores) {
        double capacity = capacity(target, load, plan, cores);
        return load instanceof LoadShape.Open open ? Math.min(open.ratePerSecond(), capacity) : capacity;
    }

    /** C / D per second, with D in milliseconds. */
    public static double littlesLaw(double concurrency, double meanMillis) {
        if (!(meanMillis > 0)) {
            // A zero time per request has no finite ceiling; the lab is about a slow backend, so it is a setup mistake.
            throw new IllegalArgumentException("mean time per request must be positive: " + meanMillis);
        }
        return concurrency / (meanMillis / 1000);
    }

    /** Whether requests must wait for a thread: the model has fewer threads than the load has in flight. */
    public static boolean queues(Target target, LoadShape load) {
        return concurrency(target, load) < load.concurrency();
    }
}
