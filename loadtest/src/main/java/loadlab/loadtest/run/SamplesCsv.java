package loadlab.loadtest.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Sample;

/**
 * The raw samples behind a row, including warm-up and drain, so anyone can recompute the summary.
 * <p>
 * {@code start_ms} is when the request was sent and {@code elapsed_ms} its service time from there; {@code intended_ms}
 * is when it was due (an open load's arrival's scheduled time, a closed loop's send), {@code lag_ms} how late the
 * generator sent it, and {@code from_intended_ms} its response time from when it was due, what its user waited. The
 * columns added last, so that a reader of the first ones reads them where it did.
 */
final class SamplesCsv {

    static final String HEADER = "start_ms,end_ms,elapsed_ms,success,response_code,backend_delay_ms,error_class,"
            + "intended_ms,lag_ms,from_intended_ms";

    private SamplesCsv() {}

    public static void write(Path file, List<Sample> samples) throws IOException {
        Files.createDirectories(file.getParent());
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write(HEADER);
            out.newLine();
            for (Sample s : samples) {
                out.write(s.startMillis() + "," + s.endMillis() + "," + (s.endMillis() - s.startMillis()) + ","
                        + s.success() + "," + csv(s.responseCode()) + "," + s.backendDelayMs() + ","
                        + ErrorClass.classify(s).map(ErrorClass::label).orElse("") + "," + s.intendedMillis() + ","
                        + s.lagMillis() + "," + s.fromIntendedMillis());
                out.newLine();
            }
        }
    }

    private static String csv(String value) {
        return value == null ? "" : "\"" + value.replace("\"", "\"\"") + "\"";
    }
}
