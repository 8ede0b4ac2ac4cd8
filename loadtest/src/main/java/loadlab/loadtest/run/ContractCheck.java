package loadlab.loadtest.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/** One request before the load: a target that does not speak the contract is not worth measuring. */
final class ContractCheck {

    private ContractCheck() {}

    static void check(Target target, String url, Plan plan) throws LabProcess.StartFailure {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(plan.phases().timeout())
                .build();
        try {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(plan.phases()
                                    .timeout()
                                    .plusMillis(plan.backend().maxDelayMs()))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200 || Sample.parseBackendDelayMs(response.body()) == Sample.NO_DELAY) {
                throw new LabProcess.StartFailure(target.name() + ": contract check failed: GET " + url + " gave "
                        + response.statusCode() + " " + abbreviate(response.body()));
            }
        } catch (IOException e) {
            throw new LabProcess.StartFailure(target.name() + ": contract check failed: GET " + url + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabProcess.StartFailure(target.name() + ": interrupted during the contract check");
        }
    }

    /** The direct row of a database plan: the apps' query once, through the direct row's own pool. */
    static void check(Target target, DirectDatabase database) throws LabProcess.StartFailure {
        try {
            database.checkOnce();
        } catch (java.sql.SQLException e) {
            throw new LabProcess.StartFailure(
                    target.name() + ": contract check failed: " + DirectDatabase.QUERY + ": " + e.getMessage());
        }
    }

    private static String abbreviate(String body) {
        String oneLine = body.replaceAll("\\s+", " ");
        return oneLine.length() > 120 ? oneLine.substring(0, 120) + "..." : oneLine;
    }
}
