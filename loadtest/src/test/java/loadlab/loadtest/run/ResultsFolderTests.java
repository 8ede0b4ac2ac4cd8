package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import loadlab.loadtest.measure.DataFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFolderTests {

    @TempDir
    Path results;

    @Test
    void findsPublishedDataFilesAndSkipsStagingRawAndOtherJson() throws IOException {
        Path summary = dataFile("summary.json");
        Path sweep = dataFile("sweep.json");
        Path nested = dataFile("second-run/summary.json");
        dataFile("runs/20261127-070000/summary.json");
        dataFile("raw/app-webflux/summary.json");
        dataFile("sweep/raw/users-100/summary.json");
        write("executors/jmh.json", "{\"benchmark\": \"not the lab's\"}");
        write("notes.txt", "\"" + DataFile.SCHEMA + "\"");

        assertThat(ResultsFolder.dataFilesUnder(results)).containsExactly(nested, summary, sweep);
    }

    @Test
    void aMissingFolderHasNoDataFiles() {
        assertThat(ResultsFolder.dataFilesUnder(results.resolve("never-run"))).isEmpty();
    }

    private Path dataFile(String relative) throws IOException {
        return write(relative, "{\"schema\": \"" + DataFile.SCHEMA + "\", \"points\": []}");
    }

    private Path write(String relative, String content) throws IOException {
        Path file = results.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return file;
    }
}
