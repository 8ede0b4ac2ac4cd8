package loadlab.loadtest.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import loadlab.loadtest.plan.Knobs;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.threads.openmodel.gui.OpenModelThreadGroupGui;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;

/**
 * Requests that arrive at random (a Poisson stream) at a set rate, whatever the target does with the earlier ones:
 * JMeter's open-model thread group, which jmeter-java-dsl 2.2 does not wrap.
 * <p>
 * The DSL's rps thread group regulates a pool of threads by feedback instead, and against a backend that answers in
 * 0..4000 ms it could not hold even 80 req/s for slow-server alone; an open workload whose generator falls behind
 * would blame the models for its own shortfall. Here each arrival gets a thread, so the threads in flight stay below
 * rate × response timeout, which {@link Knobs} checks against its thread bound before a run starts.
 */
final class OpenArrivals extends BaseThreadGroup<OpenArrivals> {

    private final String schedule;

    OpenArrivals(String name, double ratePerSecond, Duration rampUp, Duration hold) {
        super(name, OpenModelThreadGroupGui.class, List.of());
        this.schedule = schedule(ratePerSecond, rampUp, hold);
    }

    /** JMeter's schedule language: from 0 up to the rate over the ramp-up, then the rate for the rest. */
    static String schedule(double ratePerSecond, Duration rampUp, Duration hold) {
        String rate = "rate(" + number(ratePerSecond) + "/sec)";
        String ramp = rampUp.isZero() ? "" : "rate(0/sec) random_arrivals(" + rampUp.toSeconds() + " sec) ";
        return ramp + rate + " random_arrivals(" + hold.toSeconds() + " sec) " + rate;
    }

    @Override
    protected AbstractThreadGroup buildThreadGroup() {
        OpenModelThreadGroup group = new OpenModelThreadGroup();
        group.setScheduleString(schedule);
        return group;
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%s", value);
    }
}
