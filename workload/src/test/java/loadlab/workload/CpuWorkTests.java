package loadlab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicReference;
import loadlab.workload.CpuWork.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class CpuWorkTests {

    @ParameterizedTest
    @CsvSource({"0, 0", "1, 19", "50, 950", "1000, 19000", "20000, 380000", "1000000, 19000000"})
    void theWorkIsAFixedNumberOfRoundsPerMicrosecond(long micros, long rounds) {
        assertThat(CpuWork.iterations(micros)).isEqualTo(rounds);
        assertThat(CpuWork.burn(micros).iterations()).isEqualTo(rounds);
    }

    /**
     * The checksums were computed independently (Python's hashlib: 32 zero bytes, then sha256 of the state, again and
     * again). They pin the work itself: changing the function or its constant changes what every /cpu result means,
     * and must be a deliberate change of these lines too.
     */
    @ParameterizedTest
    @CsvSource({
        "0, 0000000000000000000000000000000000000000000000000000000000000000",
        "1, a7fd40e10ce6b3640e0e97250d983a32250bb8c9b13dee976726feb6d5c39fe5",
        "1000, 55b32904c4f3e97769532fb00d0ff158be00159406370e252cef00005b322260"
    })
    void theChecksumIsTheFinalStateOfTheHashChain(long micros, String checksum) {
        assertThat(CpuWork.burn(micros)).isEqualTo(new Result(micros, CpuWork.iterations(micros), checksum));
    }

    @Test
    void theSameWorkGivesTheSameChecksumOnAnyKindOfThread() throws InterruptedException {
        AtomicReference<Result> onVirtual = new AtomicReference<>();
        Thread.ofVirtual().start(() -> onVirtual.set(CpuWork.burn(250))).join();
        AtomicReference<Result> onPlatform = new AtomicReference<>();
        Thread.ofPlatform().start(() -> onPlatform.set(CpuWork.burn(250))).join();

        assertThat(onVirtual.get()).isEqualTo(onPlatform.get()).isEqualTo(CpuWork.burn(250));
    }

    @Test
    void theAnswerPutsTheBackendsDelayFirst() {
        Result work = new Result(1000, 19000, "55b3");

        String answer = CpuWork.answer(1734, work);

        assertThat(answer)
                .isEqualTo("{\"delayMs\":1734,\"work\":{\"micros\":1000,\"iterations\":19000,\"checksum\":\"55b3\"}}");
        assertThat(BackendBody.delayMs(answer)).isEqualTo(1734);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "20000", "1000000"})
    void acceptsMicrosFromNoWorkToOneSecond(String micros) {
        assertThat(CpuWork.micros(micros)).isEqualTo(Long.parseLong(micros));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "-1                    | micros=-1 is out of range 0..1000000",
                "1000001               | micros=1000001 is out of range 0..1000000",
                "99999999999999999999  | micros=99999999999999999999 is out of range 0..1000000",
                "abc                   | micros='abc' is not a whole number",
                "1.5                   | micros='1.5' is not a whole number",
                "''                    | micros='' is not a whole number",
                "' 5'                  | micros=' 5' is not a whole number"
            })
    void rejectsMicrosOutsideItsRangeNamingTheValue(String micros, String reason) {
        assertThatThrownBy(() -> CpuWork.micros(micros))
                .isInstanceOf(BadParameterException.class)
                .hasMessage(reason);
    }

    @ParameterizedTest
    @NullSource
    void rejectsMissingMicros(String micros) {
        assertThatThrownBy(() -> CpuWork.micros(micros))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("micros is missing: microseconds of CPU work, 0..1000000");
    }
}
