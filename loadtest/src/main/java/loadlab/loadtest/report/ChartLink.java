package loadlab.loadtest.report;

/**
 * A chart a report embeds: where it is, relative to the report, and what it shows (the image's alt text).
 *
 * @param path forward slashes, relative to the report's folder, e.g. {@code charts/throughput.png}
 */
public record ChartLink(String path, String description) {

    String markdown() {
        return "![" + description + "](" + path + ")";
    }
}
