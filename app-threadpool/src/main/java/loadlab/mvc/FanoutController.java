package loadlab.mvc;

import static org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import loadlab.workload.Fanout;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

@RestController
class FanoutController {

    private final RestClient backend;
    private final AsyncTaskExecutor calls;

    /**
     * The calls run on Boot's {@code applicationTaskExecutor}, so that the model is configuration only: in
     * app-virtual ({@code spring.threads.virtual.enabled=true}) a new virtual thread per call; in the thread-pool apps
     * a pool of platform threads, sized in application.properties so that it never caps calls below what the request
     * threads ask for.
     */
    FanoutController(RestClient backend, @Qualifier(APPLICATION_TASK_EXECUTOR_BEAN_NAME) AsyncTaskExecutor calls) {
        this.backend = backend;
        this.calls = calls;
    }

    // The blocking idiom: the request's thread hands the n blocking calls to n other threads and waits for all of
    // them, in the order they finish, so that the first failure answers at once and cancels (interrupts) the rest.
    @GetMapping(path = "/fanout", produces = MediaType.APPLICATION_JSON_VALUE)
    String fanout(@RequestParam(name = "n", required = false) String n) {
        int count = Fanout.calls(n);
        CompletionService<String> done = new ExecutorCompletionService<>(calls);
        List<Future<String>> started = new ArrayList<>(count);
        try {
            for (int i = 0; i < count; i++) {
                started.add(done.submit(this::call));
            }
            String[] bodies = new String[count];
            for (int i = 0; i < count; i++) {
                Future<String> finished = done.take();
                bodies[started.indexOf(finished)] = finished.get();
            }
            return Fanout.answer(Arrays.asList(bodies));
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the backend", e);
        } finally {
            // After a failure (or an interrupt) the calls still running are no longer wanted; a no-op for the rest.
            started.forEach(call -> call.cancel(true));
        }
    }

    private String call() {
        return backend.get().uri("/").retrieve().body(String.class);
    }

    // The call's own exception (a RestClientException becomes the usual 502), not the executor's wrapper.
    private static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause);
    }
}
