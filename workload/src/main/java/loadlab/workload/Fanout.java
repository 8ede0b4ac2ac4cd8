package loadlab.workload;

import java.util.List;

/**
 * {@code GET /fanout?n=N}: N concurrent {@code GET /} calls to the backend, answered as
 * {@code {"delayMs":<the largest delay>,"calls":[<body 1>,...,<body N>]}} with each body passed through verbatim.
 * Each app makes the calls in its own model's idiom; the limits and the answer are the same everywhere.
 */
public final class Fanout {

    /**
     * The most calls one request may fan out to. 16 covers the interesting range (N/(N+1) of the slowest delay is 94%
     * at 16, so the critical path hardly grows beyond it) while keeping a blocking model's cost bounded: at 16, a
     * platform thread per call means up to 400 x 16 = 6,400 pool threads in app-threadpool-400.
     */
    public static final int MAX_CALLS = 16;

    private Fanout() {}

    /** The validated {@code n} parameter, raw as the request carries it ({@code null} when absent). */
    public static int calls(String n) {
        return (int) Parameters.wholeNumber("n", n, 1, MAX_CALLS, "the number of concurrent backend calls");
    }

    /**
     * The answer to a fan-out whose calls returned these bodies, in call order. {@code delayMs} comes first and is
     * the largest of the calls' delays: the critical path, which the load runner subtracts from the response time to
     * get the latency the app added.
     */
    public static String answer(List<String> bodies) {
        long slowest = 0;
        for (String body : bodies) {
            slowest = Math.max(slowest, BackendBody.delayMs(body));
        }
        StringBuilder answer = new StringBuilder(32 + bodies.size() * 24)
                .append("{\"delayMs\":")
                .append(slowest)
                .append(",\"calls\":[");
        for (int i = 0; i < bodies.size(); i++) {
            if (i > 0) {
                answer.append(',');
            }
            answer.append(bodies.get(i));
        }
        return answer.append("]}").toString();
    }
}
