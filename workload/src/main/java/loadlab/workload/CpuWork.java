package loadlab.workload;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * {@code GET /cpu?micros=W}: a fixed, deterministic amount of CPU work (a chain of SHA-256 hashes, never a sleep)
 * before one backend call, answered as
 * {@code {"delayMs":<the backend's delay>,"work":{"micros":W,"iterations":I,"checksum":"<hex>"}}}.
 *
 * <p>The amount of work is a fixed function of W, the same in every app and every process: {@link #iterations} uses
 * the constant {@link #ITERATIONS_PER_MILLISECOND}, measured once, never a calibration at run time (which would
 * give each model, on a machine under its own load, a different amount of work). The checksum depends only on W, so
 * a test can check that every app did exactly this work.
 */
public final class CpuWork {

    /** One second of CPU per request: far beyond any scenario (0 to 20 ms), low enough that a typo cannot hang an app. */
    public static final long MAX_MICROS = 1_000_000;

    /**
     * SHA-256 rounds (32 bytes in, 32 out) per millisecond of CPU on the lab's machine: 2 cores of an Intel Xeon with
     * the SHA extensions (sha_ni), Temurin JDK 25.0.3, whose SHA-256 intrinsic uses them. Measured with
     * {@link CpuWorkCalibration} (see there for the command) on 2026-11-23, with the machine otherwise idle: the
     * median of 15 runs of 200 ms of the thread's CPU time each, after 3 s of warm-up, was 19,019 (runs from 18,520
     * to 19,266); rounded to 19,000, so 1 ms of work is 19,000 rounds (about 53 ns each). On another machine or JDK
     * the same W takes a different time but is still the same work in every model, which is what the comparison needs.
     */
    public static final long ITERATIONS_PER_MILLISECOND = 19_000;

    private static final MessageDigest SHA_256 = sha256();

    private CpuWork() {}

    /** The validated {@code micros} parameter, raw as the request carries it ({@code null} when absent). */
    public static long micros(String micros) {
        return Parameters.wholeNumber("micros", micros, 0, MAX_MICROS, "microseconds of CPU work");
    }

    /** The rounds that make {@code micros} of work: a fixed function, the same in every app. */
    public static long iterations(long micros) {
        return (micros * ITERATIONS_PER_MILLISECOND + 500) / 1000;
    }

    /** Does {@code micros} of CPU work on the calling thread, whatever that thread is: that is the model's business. */
    public static Result burn(long micros) {
        long iterations = iterations(micros);
        return new Result(micros, iterations, HexFormat.of().formatHex(hashChain(iterations)));
    }

    /** {@code rounds} of SHA-256 over a 32-byte state that starts at zero; allocation-free, so no model pays in GC. */
    static byte[] hashChain(long rounds) {
        MessageDigest digest = newDigest();
        byte[] state = new byte[32];
        for (long i = 0; i < rounds; i++) {
            digest.update(state);
            digestInto(digest, state);
        }
        return state;
    }

    /** The answer to {@code GET /cpu}: {@code delayMs} first, so the load runner reads the backend's delay. */
    public static String answer(long delayMs, Result work) {
        return "{\"delayMs\":" + delayMs + ",\"work\":{\"micros\":" + work.micros() + ",\"iterations\":"
                + work.iterations() + ",\"checksum\":\"" + work.checksum() + "\"}}";
    }

    /**
     * What one {@code GET /cpu} computed.
     *
     * @param micros the work asked for
     * @param iterations the SHA-256 rounds that make it, {@link #iterations(long)}
     * @param checksum the final state in hex: depends only on {@code micros}
     */
    public record Result(long micros, long iterations, String checksum) {}

    private static void digestInto(MessageDigest digest, byte[] state) {
        try {
            digest.digest(state, 0, state.length);
        } catch (java.security.DigestException impossible) {
            throw new IllegalStateException("a 32-byte buffer holds a SHA-256 digest", impossible);
        }
    }

    // A clone of one prototype rather than getInstance per call: no provider lookup on the request path.
    private static MessageDigest newDigest() {
        try {
            return (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's SHA-256 can be cloned", e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
