package loadlab.loadtest.run;

import java.io.PrintStream;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import loadlab.loadtest.engine.EngineFigures;
import loadlab.loadtest.engine.RmiFailure;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.plan.Engines;

/**
 * Every remote engine's own figures during one load ({@link EngineFigures}, in the engine's registry), sampled every
 * second as the lab samples any process ({@link ProcessSampler}). An engine that cannot be read, one older than this
 * runner or one whose reading fails, gives no figures and a note; it never fails the load, whose samples are what
 * the run measures.
 */
final class EngineSamplers implements AutoCloseable {

    static final EngineSamplers NONE = new EngineSamplers(List.of());

    /** An engine's answer takes milliseconds; one that takes longer must not hold up the end of a load. */
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);

    /**
     * The first calls to an engine open its connections (over SSL, a handshake in two JVMs whose code is still cold):
     * with five test JVMs on two cores, that took longer than {@link #CALL_TIMEOUT} twice in one build, and the engine's
     * figures were lost for the whole load.
     */
    private static final Duration FIRST_CALL_TIMEOUT = Duration.ofSeconds(10);

    private static final double BYTES_PER_MIB = 1024.0 * 1024;

    private final List<Sampled> engines;

    private EngineSamplers(List<Sampled> engines) {
        this.engines = engines;
    }

    /**
     * Starts reading each engine now; one that cannot be looked up is noted at once and left unread.
     *
     * @param note where a note about an engine goes, once per engine and run (the caller decides)
     */
    static EngineSamplers start(Engines running, BiConsumer<Engines.Address, String> note) {
        List<Sampled> engines = new ArrayList<>();
        for (Engines.Address address : running.addresses()) {
            Reader reader = new Reader(address);
            Optional<String> unreadable = reader.lookUp();
            unreadable.ifPresent(why -> note.accept(
                    address,
                    "engine " + address + " gives no figures of its own (" + why
                            + "): its CPU, threads and heap are left out of the report"));
            engines.add(new Sampled(
                    address,
                    reader,
                    unreadable.isEmpty()
                            ? Optional.of(ProcessSampler.of("engine-" + address, reader::read))
                            : Optional.empty()));
        }
        return new EngineSamplers(engines);
    }

    /**
     * Stops every sampler and returns each engine's readings; an engine whose reading failed has none, and the reason
     * is noted.
     */
    List<EngineUsage.Readings> stop(PrintStream out, String label) {
        List<EngineUsage.Readings> readings = new ArrayList<>();
        for (Sampled engine : engines) {
            ResourceSamples samples = engine.sampler().map(ProcessSampler::stop).orElse(ResourceSamples.NONE);
            Optional<String> problem = engine.sampler().flatMap(ProcessSampler::problem);
            problem.ifPresent(why -> out.println("[" + label + "] engine " + engine.address()
                    + " could not be read during the load (" + why + "): no figures of its own for this load"));
            readings.add(new EngineUsage.Readings(
                    engine.address().toString(),
                    engine.address().isLoopback(),
                    problem.isPresent() ? ResourceSamples.NONE : samples,
                    engine.reader().processors(),
                    engine.reader().heapMaxMib()));
            engine.reader().close();
        }
        return readings;
    }

    @Override
    public void close() {
        for (Sampled engine : engines) {
            engine.sampler().ifPresent(ProcessSampler::stop);
            engine.reader().close();
        }
    }

    private record Sampled(Engines.Address address, Reader reader, Optional<ProcessSampler> sampler) {}

    /** One engine's figures object, each call bounded in time so a hung engine cannot hang the runner. */
    private static final class Reader {
        private final Engines.Address address;
        private final ExecutorService calls;
        private volatile EngineFigures figures;
        private volatile EngineFigures.Reading last;

        Reader(Engines.Address address) {
            this.address = address;
            this.calls = Executors.newSingleThreadExecutor(task -> {
                Thread thread = new Thread(task, "loadlab-engine-figures-" + address);
                thread.setDaemon(true);
                return thread;
            });
        }

        /** Empty once the engine's figures object is found; else why not. */
        Optional<String> lookUp() {
            try {
                figures = call(() -> (EngineFigures) LocateRegistry.getRegistry(address.host(), address.port())
                        .lookup(EngineFigures.NAME));
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of("interrupted while looking it up");
            } catch (RuntimeException e) {
                return Optional.of(
                        e.getCause() instanceof NotBoundException
                                ? "its registry has no " + EngineFigures.NAME + ": an engine older than this runner"
                                : String.valueOf(e.getMessage()));
            }
        }

        /** One reading, as a {@link ProcessSampler} takes it; a failure ends the sampling with its reason. */
        Optional<ResourceSamples.Reading> read() {
            EngineFigures.Reading reading;
            try {
                reading = call(figures::read);
            } catch (InterruptedException e) {
                // The sampler is stopping: the readings so far stand.
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
            last = reading;
            return Optional.of(new ResourceSamples.Reading(
                    reading.atMillis(),
                    reading.cpuNanos(),
                    reading.rssKb() < 0 ? ResourceSamples.Reading.UNKNOWN : reading.rssKb(),
                    reading.threads(),
                    ResourceSamples.Reading.UNKNOWN,
                    reading.heapUsedBytes() / 1024));
        }

        OptionalInt processors() {
            EngineFigures.Reading reading = last;
            return reading == null ? OptionalInt.empty() : OptionalInt.of(reading.processors());
        }

        OptionalDouble heapMaxMib() {
            EngineFigures.Reading reading = last;
            return reading == null || reading.heapMaxBytes() < 0
                    ? OptionalDouble.empty()
                    : OptionalDouble.of(reading.heapMaxBytes() / BYTES_PER_MIB);
        }

        void close() {
            calls.shutdownNow();
        }

        private <T> T call(Callable<T> remote) throws InterruptedException {
            Duration timeout = last == null ? FIRST_CALL_TIMEOUT : CALL_TIMEOUT;
            Future<T> answer = calls.submit(remote);
            try {
                return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw new IllegalStateException(RmiFailure.rootMessage(e.getCause()), e.getCause());
            } catch (TimeoutException e) {
                throw new IllegalStateException("no answer within " + timeout.toSeconds() + " s");
            } finally {
                answer.cancel(true);
            }
        }
    }
}
