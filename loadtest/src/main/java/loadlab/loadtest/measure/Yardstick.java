package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * The fixed pieces of work the lab has timed as a CPU yardstick, each with the unit it normalises to. A data file
 * names the one it was timed with, so that figures normalised by different work are never compared as if alike.
 */
public enum Yardstick {

    /**
     * Until the yardstick was named in the data file: a walk through a 64 KiB table, which stays in the core's own
     * caches. Its time hardly moved while the targets' CPU per request moved by a third, window by window: it saw the
     * core's clock, not what the host's other work does to the caches the targets' code lives in.
     */
    WALK_64_KIB("walk-64KiB", 1.0, "a walk through a table that fits the core's caches, hashed and branched on"),

    /**
     * A walk through 512 KiB, half a core's L2 cache here, four times a second. Between two walks the target's own
     * threads and the host's other tenants evict part of it, so each walk pays for what it finds gone, as a request's
     * code and data do after the few milliseconds a request sleeps. Over 24 ten-second slices of app-webflux's load
     * its time followed the app's CPU per request (correlation 0.83, against about 0 for the 64 KiB walk).
     */
    WALK_512_KIB(
            "walk-512KiB",
            1.5,
            "a walk through a 512 KiB table, which the target's threads and the host's other work partly evict from "
                    + "the core's caches between two walks, as they do a request's code and data");

    private final String id;
    private final double referenceMs;
    private final String description;

    Yardstick(String id, double referenceMs, String description) {
        this.id = id;
        this.referenceMs = referenceMs;
        this.description = description;
    }

    /** The name a data file gives it. */
    @JsonValue
    public String id() {
        return id;
    }

    /** What one run of the work is taken to cost on the reference CPU: the unit of the figures it normalises. */
    public double referenceMs() {
        return referenceMs;
    }

    /** The work, in words, for a report; the first one's words are those its reports were written with. */
    public String description() {
        return description;
    }

    /** @throws IllegalArgumentException naming an id no yardstick has */
    @JsonCreator
    public static Yardstick of(String id) {
        return Arrays.stream(values())
                .filter(yardstick -> yardstick.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown CPU yardstick: " + id));
    }
}
