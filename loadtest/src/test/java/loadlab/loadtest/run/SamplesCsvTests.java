package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplesCsvTests {

    @Test
    void eachRowSaysWhenItsRequestWasDueHowLateItWentAndWhatItsUserWaited(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("raw").resolve("samples.csv");
        SamplesCsv.write(
                csv,
                List.of(
                        new Sample(1_000, 1_250, true, "200", "OK", 240),
                        new Sample(2_300, 2_400, true, "200", "OK", 90, 2_000)));

        assertThat(Files.readAllLines(csv))
                .containsExactly(
                        "start_ms,end_ms,elapsed_ms,success,response_code,backend_delay_ms,error_class,intended_ms,lag_ms,"
                                + "from_intended_ms",
                        "1000,1250,250,true,\"200\",240,,1000,0,250",
                        "2300,2400,100,true,\"200\",90,,2000,300,400");
    }
}
