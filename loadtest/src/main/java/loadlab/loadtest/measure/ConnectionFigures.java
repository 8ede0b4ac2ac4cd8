package loadlab.loadtest.measure;

/**
 * The TCP connections clients opened to a target's port over a span: what tells keep-alive from a connection per
 * request, whatever a report claims.
 *
 * @param opened   connections that appeared during the span, whichever side closed them and when
 * @param peakOpen the most that were established at once at any reading
 */
public record ConnectionFigures(int opened, int peakOpen) {

    /** The connection count's figures among a point's probes: over the measured window, at the target's port. */
    public static final ProbeFigures.Key<ConnectionFigures> KEY =
            new ProbeFigures.Key<>("connections", ConnectionFigures.class);

    /** Over this span and another: the connections each opened, and the higher peak. */
    public ConnectionFigures plus(ConnectionFigures other) {
        return new ConnectionFigures(opened + other.opened, Math.max(peakOpen, other.peakOpen));
    }

    /** Connections opened per request sent in the span: near 0 for kept-alive connections, 1 for one per request. */
    public double perRequest(long requests) {
        return requests == 0 ? 0 : (double) opened / requests;
    }
}
