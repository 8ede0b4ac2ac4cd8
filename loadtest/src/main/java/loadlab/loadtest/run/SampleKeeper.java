package loadlab.loadtest.run;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import loadlab.loadtest.engine.EngineProperties;
import loadlab.loadtest.measure.Sample;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * Hands every sample of a plan to the runner, as a {@link Sample}, wherever the plan runs: a JMeter listener, so that
 * on remote engines JMeter sends each sample back to this JVM (a lambda in the plan would run on the engine instead).
 * <p>
 * The backend's {@code delayMs} comes from a variable that an extractor sets from the body, and that JMeter carries
 * with the sample ({@code sample_variables}), since engines strip successful samples of their bodies on the way back.
 * A failed sample keeps its body ({@code sample_sender_strip_also_on_error=false}), which names the failure. An open
 * load's arrival carries its intended time the same way ({@link OpenArrivals#INTENDED_VARIABLE}).
 */
final class SampleKeeper implements TestPlanChild {

    /** The variable the extractor fills, which {@link EngineProperties} makes JMeter carry with each sample. */
    static final String DELAY_VARIABLE = "delayMs";

    /** Listeners by id: JMeter may clone its elements, and a clone keeps only the id. */
    private static final Map<String, Consumer<Sample>> KEEPERS = new ConcurrentHashMap<>();

    private static final Pattern DIGITS = Pattern.compile("\\d{1,18}");

    private final String id = UUID.randomUUID().toString();

    /** @param keep takes each sample, from whichever JMeter thread finished it */
    SampleKeeper(Consumer<Sample> keep) {
        KEEPERS.put(id, keep);
    }

    /** Forgets the runner's consumer once the plan has ended. */
    void close() {
        KEEPERS.remove(id);
    }

    @Override
    public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
        Listener listener = new Listener();
        listener.setName("keep samples");
        listener.setProperty(Listener.ID, id);
        return parent.add(listener);
    }

    @Override
    public void showInGui() {}

    /**
     * What a sample was: its times, verdict and code, the failure it names, the delay the backend reported, and when it
     * was due if it was an open load's arrival.
     *
     * @param intendedMs the arrival's intended epoch millis as digits; empty for a closed loop's request
     */
    static Sample of(SampleResult result, String delayMs, String intendedMs) {
        return new Sample(
                result.getStartTime(),
                result.getEndTime(),
                result.isSuccessful(),
                result.getResponseCode(),
                result.isSuccessful()
                        ? result.getResponseMessage()
                        : Sample.failureMessage(result.getResponseMessage(), result.getResponseDataAsString()),
                Sample.backendDelayMs(delayMs),
                scheduled(intendedMs));
    }

    private static long scheduled(String intendedMs) {
        return intendedMs != null && DIGITS.matcher(intendedMs).matches()
                ? Long.parseLong(intendedMs)
                : Sample.NOT_SCHEDULED;
    }

    /**
     * The JMeter element: one instance for all threads ({@code NoThreadClone}), and {@code Remoteable}, so that in a
     * distributed run JMeter replaces it on the engines with a stub that calls it back here.
     */
    public static final class Listener extends AbstractTestElement
            implements SampleListener, TestStateListener, Remoteable, org.apache.jmeter.engine.util.NoThreadClone {

        private static final String ID = "SampleKeeper.id";

        @Override
        public void sampleOccurred(SampleEvent event) {
            Consumer<Sample> keep = KEEPERS.get(getPropertyAsString(ID));
            if (keep != null) {
                keep.accept(of(
                        event.getResult(),
                        variable(event, DELAY_VARIABLE),
                        variable(event, OpenArrivals.INTENDED_VARIABLE)));
            }
        }

        private static String variable(SampleEvent event, String name) {
            for (int i = 0; i < SampleEvent.getVarCount(); i++) {
                if (name.equals(SampleEvent.getVarName(i))) {
                    String value = event.getVarValue(i);
                    return value == null ? "" : value;
                }
            }
            return "";
        }

        @Override
        public void sampleStarted(SampleEvent event) {}

        @Override
        public void sampleStopped(SampleEvent event) {}

        /**
         * JMeter reads {@code sample_variables} once, when it first loads {@link SampleEvent}; the plan's properties
         * are set only now, before the first sample.
         */
        @Override
        public void testStarted() {
            SampleEvent.initSampleVariables();
        }

        @Override
        public void testStarted(String host) {
            SampleEvent.initSampleVariables();
        }

        @Override
        public void testEnded() {}

        @Override
        public void testEnded(String host) {}
    }
}
