package loadlab.loadtest.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts slow-server's schedule when a target's window starts ({@code POST /__admin/slow-server/schedule/start}), so
 * every target meets the same phases at the same offsets into its window; the answer says when the clock started,
 * and that instant is the window's start.
 */
final class BackendSchedule implements WindowClock.WindowStart {

    static final String START_PATH = "/__admin/slow-server/schedule/start";
    private static final Pattern STARTED = Pattern.compile("\"startedAtEpochMs\"\\s*:\\s*(\\d+)");
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    private final URI start;
    private volatile String failure;

    BackendSchedule(String host, int port) {
        this.start = URI.create("http://" + host + ":" + port + START_PATH);
    }

    @Override
    public long begin(long plannedMillis) {
        try {
            HttpResponse<String> answer = CLIENT.send(
                    HttpRequest.newBuilder(start)
                            .timeout(Duration.ofSeconds(5))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            Matcher started = STARTED.matcher(answer.body());
            if (answer.statusCode() == 200 && started.find()) {
                return Long.parseLong(started.group(1));
            }
            failure = "POST " + start + " gave " + answer.statusCode();
        } catch (IOException e) {
            failure = "POST " + start + ": " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted while starting the backend's schedule";
        }
        return plannedMillis;
    }

    /** Why the schedule could not be started, if it could not: the load then measured no disturbance. */
    Optional<String> failure() {
        return Optional.ofNullable(failure);
    }
}
