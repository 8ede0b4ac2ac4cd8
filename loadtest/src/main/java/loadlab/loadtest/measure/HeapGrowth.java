package loadlab.loadtest.measure;

import java.util.List;
import java.util.Optional;

/**
 * How a target's heap after GC moved over a long window: the least-squares slope over all of it and over its second
 * half. A heap that grows over both keeps growing; one that grew early and flattened was warming up.
 *
 * @param mibPerMinute           the slope over the whole window
 * @param secondHalfMibPerMinute the slope over its second half
 * @param collections            the collections it is computed from
 */
public record HeapGrowth(double mibPerMinute, double secondHalfMibPerMinute, int collections) {

    /** Fewer collections than this in a half leave no slope worth reading. */
    static final int LEAST_COLLECTIONS = 4;

    public boolean keepsGrowing() {
        return mibPerMinute > Thresholds.HEAP_GROWTH_MIB_PER_MINUTE
                && secondHalfMibPerMinute > Thresholds.HEAP_GROWTH_MIB_PER_MINUTE;
    }

    /** Empty when the window had too few collections to fit a line through. */
    public static Optional<HeapGrowth> of(Series series, MeasurementWindow window) {
        double from = series.secondOf(window.startMillis());
        double to = series.secondOf(window.endMillis());
        double middle = (from + to) / 2;
        List<Series.HeapPoint> all = series.heapAfterGc().stream()
                .filter(h -> h.atSecond() >= from && h.atSecond() < to)
                .toList();
        List<Series.HeapPoint> secondHalf =
                all.stream().filter(h -> h.atSecond() >= middle).toList();
        if (secondHalf.size() < LEAST_COLLECTIONS || all.size() - secondHalf.size() < LEAST_COLLECTIONS) {
            return Optional.empty();
        }
        return Optional.of(new HeapGrowth(slope(all) * 60, slope(secondHalf) * 60, all.size()));
    }

    /** Least squares, MiB per second. */
    static double slope(List<Series.HeapPoint> points) {
        double meanX = points.stream()
                .mapToDouble(Series.HeapPoint::atSecond)
                .average()
                .orElse(0);
        double meanY =
                points.stream().mapToDouble(Series.HeapPoint::mib).average().orElse(0);
        double covariance = 0;
        double variance = 0;
        for (Series.HeapPoint p : points) {
            covariance += (p.atSecond() - meanX) * (p.mib() - meanY);
            variance += (p.atSecond() - meanX) * (p.atSecond() - meanX);
        }
        return variance == 0 ? 0 : covariance / variance;
    }
}
