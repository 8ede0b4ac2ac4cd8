package loadlab.loadtest.measure;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statistics of one target's run, counted over its measurement window.
 *
 * @param requests            requests that completed inside the window, errors included
 * @param throughputPerSecond requests / window seconds, errors included: a timed-out request completes too, so under
 *                            overload this counts the users' timeouts as much as the target's answers
 * @param responseTimes       over ALL counted requests, errors included, as JMeter reports them (a timeout is
 *                            a slow answer the user saw); empty when nothing completed in the window
 * @param errors              counted requests with an {@link ErrorClass}
 * @param errorPercent        errors / requests × 100, 0 when there are no requests
 * @param errorsByClass       counts for every class, zeros included, in enum order
 * @param ceilingPerSecond    what the target could deliver at most under this load ({@code Ceiling})
 * @param efficiencyPercent   good throughput / ceiling × 100: a model only reaches its ceiling with answers that
 *                            succeed, so timeouts that pile up under overload do not count as work done
 * @param addedLatency        over GOOD requests only, since a failed request has no backend delay to subtract;
 *                            empty when there were none
 * @param openLoop            for an open load's arrivals, response times from their intended times and the
 *                            generator's lag; empty for a closed loop, whose {@code responseTimes} already are from
 *                            each request's due time (its send), and for data written before open runs had them
 */
public record RunStats(
        MeasurementWindow window,
        int requests,
        double throughputPerSecond,
        Optional<ResponseTimes> responseTimes,
        int errors,
        double errorPercent,
        Map<ErrorClass, Integer> errorsByClass,
        double ceilingPerSecond,
        double efficiencyPercent,
        Optional<AddedLatency> addedLatency,
        Optional<OpenLoop> openLoop) {

    /** Statistics without open-loop figures: a closed loop's, or an open run's from before they were measured. */
    public RunStats(
            MeasurementWindow window,
            int requests,
            double throughputPerSecond,
            Optional<ResponseTimes> responseTimes,
            int errors,
            double errorPercent,
            Map<ErrorClass, Integer> errorsByClass,
            double ceilingPerSecond,
            double efficiencyPercent,
            Optional<AddedLatency> addedLatency) {
        this(
                window,
                requests,
                throughputPerSecond,
                responseTimes,
                errors,
                errorPercent,
                errorsByClass,
                ceilingPerSecond,
                efficiencyPercent,
                addedLatency,
                Optional.empty());
    }

    /**
     * @param samples          every sample of the run; those outside the window are ignored
     * @param ceilingPerSecond what the target could deliver at most under this load, from {@code Ceiling}
     */
    public static RunStats compute(List<Sample> samples, MeasurementWindow window, double ceilingPerSecond) {
        if (!(ceilingPerSecond > 0)) {
            throw new IllegalArgumentException("the ceiling must be positive: " + ceilingPerSecond);
        }
        List<Sample> counted = samples.stream().filter(window::counts).toList();

        long[] elapsed = new long[counted.size()];
        long[] added = new long[counted.size()];
        int goodCount = 0;
        Map<ErrorClass, Integer> errorsByClass = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            errorsByClass.put(errorClass, 0);
        }
        for (int i = 0; i < counted.size(); i++) {
            Sample sample = counted.get(i);
            elapsed[i] = sample.elapsedMillis();
            Optional<ErrorClass> error = ErrorClass.classify(sample);
            if (error.isPresent()) {
                errorsByClass.merge(error.get(), 1, Integer::sum);
            } else {
                added[goodCount++] = sample.elapsedMillis() - sample.backendDelayMs();
            }
        }

        int requests = counted.size();
        int errors = requests - goodCount;
        double throughput = requests / window.seconds();
        ExactPercentiles elapsedPercentiles = ExactPercentiles.of(elapsed);
        ExactPercentiles addedPercentiles = ExactPercentiles.of(Arrays.copyOf(added, goodCount));
        return new RunStats(
                window,
                requests,
                throughput,
                elapsedPercentiles.isEmpty() ? Optional.empty() : Optional.of(ResponseTimes.of(elapsedPercentiles)),
                errors,
                requests == 0 ? 0 : 100.0 * errors / requests,
                Collections.unmodifiableMap(errorsByClass),
                ceilingPerSecond,
                100.0 * (goodCount / window.seconds()) / ceilingPerSecond,
                addedPercentiles.isEmpty() ? Optional.empty() : Optional.of(AddedLatency.of(addedPercentiles)),
                OpenLoop.of(counted));
    }

    /** Good throughput: requests that succeeded / window seconds, what the users actually got. */
    public double goodPerSecond() {
        return (requests - errors) / window.seconds();
    }
}
