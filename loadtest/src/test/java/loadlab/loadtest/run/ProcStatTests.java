package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.GcAndJitCpu;
import loadlab.loadtest.measure.ResourceSamples;
import org.junit.jupiter.api.Test;

class ProcStatTests {

    // Real lines from a JDK 25 JVM and from cat, then the same with awkward command names.
    private static final String JAVA_STAT =
            "48213 (java) S 48190 48190 10791 0 -1 4194560 61520 0 12 0 1530 247 0 0 20 0 "
                    + "41 0 1893720 4437893120 71824 18446744073709551615 94313427238912 94313427239817 140736305331648 0 0 0 "
                    + "4 2 16800 0 0 0 17 1 0 0 0 0 0 94313427252720 94313427253432 94313445535744 140736305338063 "
                    + "140736305338260 140736305338260 140736305340375 0";
    private static final String CAT_STAT =
            "14893 (cat) R 14891 14891 10791 0 -1 4194304 96 0 0 0 0 0 0 0 20 0 1 0 189247 "
                    + "3133440 389 18446744073709551615 94887541886976 94887541906857 140727707862768 0 0 0 0 0 0 0 0 0 17 1 0 0 "
                    + "0 0 0 94887541922864 94887541924480 94888429588480 140727707863551 140727707863571 140727707863571 "
                    + "140727707865067 0";

    private static final String JAVA_STATUS = """
            Name:\tjava
            Umask:\t0022
            State:\tS (sleeping)
            Tgid:\t48213
            Pid:\t48213
            PPid:\t48190
            VmPeak:\t 4437896 kB
            VmSize:\t 4333980 kB
            VmHWM:\t  301292 kB
            VmRSS:\t  287296 kB
            RssAnon:\t  250440 kB
            RssFile:\t   36856 kB
            Threads:\t41
            SigQ:\t0/95446
            voluntary_ctxt_switches:\t12
            """;

    @Test
    void statGivesUserAndSystemTicksOfTheProcessItself() {
        ProcStat.Stat stat = ProcStat.parseStat(JAVA_STAT);

        assertThat(stat.state()).isEqualTo('S');
        assertThat(stat.userTicks()).isEqualTo(1_530);
        assertThat(stat.systemTicks()).isEqualTo(247);
        assertThat(stat.cpuTicks()).isEqualTo(1_777);
        assertThat(ProcStat.parseStat(CAT_STAT).cpuTicks()).isZero();
    }

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        String odd = JAVA_STAT.replace("(java)", "(my (odd) ) app)");

        assertThat(ProcStat.parseStat(odd)).isEqualTo(ProcStat.parseStat(JAVA_STAT));
        assertThat(ProcStat.parseStat(JAVA_STAT.replace("(java)", "(a b c d e f g h i j k l m)"))
                        .cpuTicks())
                .isEqualTo(1_777);
    }

    @Test
    void aLineThatIsNotStatIsRefusedWithTheLineInTheMessage() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ProcStat.parseStat("48213 java S 1 2 3"))
                .withMessageContaining("48213 java S");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ProcStat.parseStat("48213 (java) S 1 2 3"))
                .withMessageContaining("too few fields");
    }

    @Test
    void statusGivesRssInKibAndThreads() {
        assertThat(ProcStat.parseStatus(JAVA_STATUS)).contains(new ProcStat.Status(287_296, 41));
    }

    @Test
    void aZombieHasNoRssAndSoNoStatus() {
        String zombie = """
                Name:\tjava
                State:\tZ (zombie)
                Tgid:\t48213
                Threads:\t1
                """;

        assertThat(ProcStat.parseStatus(zombie)).isEmpty();
    }

    @Test
    void clockTicksComeFromGetconfOrDefaultToAHundred() {
        assertThat(ProcStat.parseClockTicks("100\n")).isEqualTo(100);
        assertThat(ProcStat.parseClockTicks("250")).isEqualTo(250);
        assertThat(ProcStat.parseClockTicks("undefined")).isEqualTo(100);
        assertThat(ProcStat.parseClockTicks("0")).isEqualTo(100);
        assertThat(ProcStat.clockTicksPerSecond()).isPositive();
    }

    @Test
    void readsThisJvmsOwnProcEntries() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc only");
        burnCpu();

        ResourceSamples.Reading reading =
                ProcStat.read(ProcessHandle.current().pid()).orElseThrow();

        // A JVM has GC, JIT and signal threads besides this one, and tens of MiB resident at the least.
        assertThat(reading.threads()).isGreaterThan(5);
        assertThat(reading.rssKb()).isGreaterThan(10 * 1024);
        assertThat(reading.cpuNanos()).isPositive();
        assertThat(reading.atMillis())
                .isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(5_000L));
    }

    @Test
    void aProcessThatDoesNotExistGivesNoReading() {
        assertThat(ProcStat.read(Long.MAX_VALUE)).isEmpty();
    }

    /** Uses 50 ms of this thread's own CPU time (not wall time: the machine may be busy), within 10 s. */
    static long burnCpu() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long x = 0;
        long untilCpu = threads.getCurrentThreadCpuTime() + 50_000_000;
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (threads.getCurrentThreadCpuTime() < untilCpu && System.nanoTime() < deadline) {
            for (int i = 0; i < 10_000; i++) {
                x += Long.numberOfTrailingZeros(x + i);
            }
        }
        return x;
    }

    @Test
    void thisJvmsCollectorAndCompilerHaveWorked() {
        List<byte[]> kept = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 200; i++) {
                kept.add(new byte[64 * 1024]);
            }
            System.gc();
            kept.clear();
        }

        GcAndJitCpu cpu = ProcStat.gcAndJitCpu(ProcessHandle.current().pid()).orElseThrow();

        assertThat(cpu.gcNanos()).isPositive();
        assertThat(cpu.jitNanos()).isPositive();
    }

    @Test
    void aProcessThatIsGoneHasNoReading() {
        assertThat(ProcStat.gcAndJitCpu(Long.MAX_VALUE)).isEmpty();
    }
}
