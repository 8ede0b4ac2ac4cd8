package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import loadlab.loadtest.plan.Launch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a service's jar is launched: as built, or (cds) extracted with a trained class-data archive, once per jar. */
class LaunchedJarTests {

    @TempDir
    Path project;

    @Test
    void aJarLaunchStartsTheBuiltJarWithNoFlagsAndPreparesNothing() throws IOException {
        Path built = plainJar("slow-server");

        assertThat(LaunchedJar.prepare(project, List.of("slow-server"), Launch.JAR, List.of(), "test"))
                .isEmpty();

        assertThat(LaunchedJar.of(project, "slow-server", Launch.JAR)).isEqualTo(new LaunchedJar(built, List.of()));
        assertThat(built.resolveSibling("cds")).doesNotExist();
    }

    @Test
    void aCdsLaunchStartsAPlainJarAsItIsWithoutAnArchive() throws IOException {
        Path built = plainJar("slow-server");

        assertThat(LaunchedJar.prepare(project, List.of("slow-server"), Launch.CDS, List.of(), "test"))
                .isEmpty();

        // No training start for a jar that is not Spring Boot's, so no archive; and never one written by a measured
        // start, whose JVM would run with JFR disabled.
        assertThat(LaunchedJar.of(project, "slow-server", Launch.CDS)).isEqualTo(new LaunchedJar(built, List.of()));
        assertThat(built.resolveSibling("cds").resolve("slow-server.jsa")).doesNotExist();
    }

    @Test
    void aCdsLaunchStartsAnExtractedJarWithItsTrainedArchive() throws IOException {
        Path folder = plainJar("app-webflux").resolveSibling("cds");
        Path extracted = folder.resolve("app-webflux.jar");
        Files.createDirectories(folder);
        Files.writeString(extracted, "extracted");

        assertThat(LaunchedJar.of(project, "app-webflux", Launch.CDS))
                .as("extracted, not trained: no archive to map")
                .isEqualTo(new LaunchedJar(extracted, List.of()));

        Files.writeString(folder.resolve("app-webflux.jsa"), "archive");
        assertThat(LaunchedJar.of(project, "app-webflux", Launch.CDS))
                .isEqualTo(new LaunchedJar(
                        extracted, List.of("-XX:SharedArchiveFile=" + folder.resolve("app-webflux.jsa"))));
    }

    @Test
    void aCdsLaunchPreparesAgainOnlyWhenTheBuiltJarChanged() throws IOException {
        Path built = plainJar("slow-server");
        LaunchedJar.prepare(project, List.of("slow-server"), Launch.CDS, List.of(), "test");
        // Anything the last preparation left in the module's folder.
        Path archive = built.resolveSibling("cds").resolve("slow-server.jsa");
        Files.writeString(archive, "archive");

        LaunchedJar.prepare(project, List.of("slow-server"), Launch.CDS, List.of(), "test");
        assertThat(archive).exists();

        // Touched, not rebuilt: the same entries.
        FileTime touched = FileTime.fromMillis(Files.getLastModifiedTime(built).toMillis() + 1_000);
        Files.setLastModifiedTime(built, touched);
        LaunchedJar.prepare(project, List.of("slow-server"), Launch.CDS, List.of(), "test");
        assertThat(archive).exists();

        // Rebuilt with another main class, of a name as long: a jar of the same size, and here of the same time.
        plainJar("slow-server", "loadlab.slowserver.SlowServes");
        Files.setLastModifiedTime(built, touched);
        LaunchedJar.prepare(project, List.of("slow-server"), Launch.CDS, List.of(), "test");
        assertThat(archive).doesNotExist();
    }

    @Test
    void aJarThatCannotBeReadIsAReasonNamingItsModule() throws IOException {
        Path built = project.resolve("app-webflux/target/app-webflux.jar");
        Files.createDirectories(built.getParent());
        Files.writeString(built, "not a jar");

        assertThat(LaunchedJar.prepare(project, List.of("app-webflux"), Launch.CDS, List.of(), "test"))
                .singleElement()
                .asString()
                .startsWith("app-webflux: could not prepare " + built + " for launch=cds: ");
    }

    private Path plainJar(String module) throws IOException {
        return plainJar(module, "loadlab.slowserver.SlowServer");
    }

    private Path plainJar(String module, String mainClass) throws IOException {
        Path jar = project.resolve(module).resolve("target").resolve(module + ".jar");
        Files.createDirectories(jar.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream ignored = new JarOutputStream(file, manifest)) {
            // A manifest and no classes: what the launch reads of a jar is its manifest.
        }
        return jar;
    }
}
