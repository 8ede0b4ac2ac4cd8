package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/find-jdk, which every make target calls first: it must pick the newest JDK 21+ and never the machine's
 * default 17, and read each JDK's version from its {@code release} file, without starting it. The JDKs here are
 * folders with a {@code release} file and a {@code bin/java} that leaves a mark when it is run.
 */
class FindJdkIT {

    @Test
    void picksTheNewestJdk21PlusFromTheirReleaseFilesWithoutStartingOne(@TempDir Path jvms) throws Exception {
        Path marks = jvms.resolve("started");
        fakeJdk(jvms.resolve("jdk-17"), Optional.of("17.0.15"), marks);
        fakeJdk(jvms.resolve("jdk-21"), Optional.of("21.0.2"), marks);
        Path newest = fakeJdk(jvms.resolve("jdk-25"), Optional.of("25.0.3"), marks);
        fakeJdk(jvms.resolve("jdk-8"), Optional.of("1.8.0_402"), marks);

        LabFixtures.Finished found = findJdk(jvms, null);

        assertThat(found.exitCode()).as(found.stderr()).isZero();
        assertThat(found.stdout()).isEqualTo(newest.toString());
        assertThat(marks).doesNotExist();
    }

    @Test
    void aJavaHomeBelow21IsPassedOverWithOneLineThatNamesIt(@TempDir Path jvms) throws Exception {
        Path marks = jvms.resolve("started");
        Path old = fakeJdk(jvms.resolve("jdk-17"), Optional.of("17.0.15"), marks);
        Path newest = fakeJdk(jvms.resolve("jdk-21"), Optional.of("21.0.2"), marks);

        LabFixtures.Finished found = findJdk(jvms, old);

        assertThat(found.stdout()).isEqualTo(newest.toString());
        assertThat(found.stderr())
                .isEqualTo("find-jdk: JAVA_HOME=" + old + " is not a JDK 21+ (found '17'); looking in " + jvms);
    }

    @Test
    void aJdkWithoutAReleaseFileIsAskedItself(@TempDir Path jvms) throws Exception {
        Path marks = jvms.resolve("started");
        Path unlabelled = fakeJdk(jvms.resolve("jdk-unlabelled"), Optional.empty(), marks);

        LabFixtures.Finished found = findJdk(jvms, null);

        assertThat(found.stdout()).isEqualTo(unlabelled.toString());
        assertThat(marks).exists();
    }

    @Test
    void noJdk21PlusIsOneLineAndExit1(@TempDir Path jvms) throws Exception {
        fakeJdk(jvms.resolve("jdk-17"), Optional.of("17.0.15"), jvms.resolve("started"));

        LabFixtures.Finished found = findJdk(jvms, null);

        assertThat(found.exitCode()).isEqualTo(1);
        assertThat(found.stdout()).isEmpty();
        assertThat(found.stderr()).startsWith("find-jdk: no JDK 21+ found").doesNotContain("\n");
    }

    /**
     * A JDK folder: bin/javac, and a bin/java that answers as a JDK 22 would to find-jdk's question and leaves a mark,
     * so a test sees whether it was started; a {@code release} file with the version given, if one is.
     */
    private static Path fakeJdk(Path home, Optional<String> version, Path marks) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        executable(home.resolve("bin/javac"), "#!/bin/sh\nexit 0\n");
        executable(
                home.resolve("bin/java"),
                "#!/bin/sh\necho \"$0\" >> '" + marks + "'\necho '    java.specification.version = 22' >&2\n");
        if (version.isPresent()) {
            Files.writeString(
                    home.resolve("release"),
                    "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version.get() + "\"\nJAVA_VERSION_DATE=\"2026-01-01\"\n");
        }
        return home;
    }

    private static void executable(Path file, String script) throws IOException {
        Files.writeString(file, script);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static LabFixtures.Finished findJdk(Path jvms, Path javaHome) throws Exception {
        Map<String, String> environment = new HashMap<>();
        environment.put("LOADLAB_JVM_DIR", jvms.toString());
        environment.put("JAVA_HOME", javaHome == null ? null : javaHome.toString());
        LabFixtures.Finished found = LabFixtures.command(environment, "scripts/find-jdk");
        return new LabFixtures.Finished(
                found.exitCode(), found.stdout().strip(), found.stderr().strip());
    }
}
