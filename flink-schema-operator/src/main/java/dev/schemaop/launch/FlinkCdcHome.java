package dev.schemaop.launch;

import dev.schemaop.api.PipelineConfigException;

import javax.annotation.Nullable;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * The directory {@code bin/flink-cdc.sh} runs from: a source tree (the project's connectors are
 * modules, built on first use) or an unpacked binary distribution (they are jars in {@code
 * connectors/}).
 *
 * @param lib the directory whose every jar a launch loads: {@code FLINK_CDC_LIB}, else {@code lib/}
 *     beside {@code bin/}
 * @param mayBuild whether a project connector may be built here before it is used
 */
public record FlinkCdcHome(Path dir, Path lib, boolean sourceTree, boolean mayBuild) {

    /** Set by bin/flink-cdc.sh. */
    public static final String HOME_PROPERTY = "flink.cdc.home";

    /** The job jar's name, under {@code flink run}. */
    private static final String JOB_JAR_PREFIX = "flink-schema-operator-dist";

    /** Points the lib directory elsewhere. */
    public static final String LIB_VARIABLE = "FLINK_CDC_LIB";

    /**
     * The home bin/flink-cdc.sh names, else the directory holding {@code bin/flink-cdc.sh} above
     * the job jar when this class runs from it (under {@code flink run}); null otherwise, as on a
     * test's class path. Only a launch by bin/flink-cdc.sh builds connectors, and not with {@code
     * SCHEMAOP_PREBUILT=1} (a test run, whose jars a build would rewrite while in use).
     */
    @Nullable
    public static FlinkCdcHome locate() {
        String named = System.getProperty(HOME_PROPERTY);
        if (named != null) {
            return of(Path.of(named), !"1".equals(System.getenv("SCHEMAOP_PREBUILT")));
        }
        Path jar = codeLocation();
        boolean jobJar =
                jar != null
                        && Files.isRegularFile(jar)
                        && jar.getFileName().toString().startsWith(JOB_JAR_PREFIX);
        Path found = jobJar ? above(jar) : null;
        return found == null ? null : of(found, false);
    }

    static FlinkCdcHome of(Path dir, boolean mayBuild) {
        Path absolute = dir.toAbsolutePath().normalize();
        boolean sourceTree =
                Files.isRegularFile(absolute.resolve("pom.xml"))
                        && Files.isDirectory(absolute.resolve("pipeline-connectors"));
        String elsewhere = System.getenv(LIB_VARIABLE);
        if (elsewhere == null || elsewhere.isBlank()) {
            return new FlinkCdcHome(absolute, absolute.resolve("lib"), sourceTree, mayBuild);
        }
        Path lib = Path.of(elsewhere).toAbsolutePath();
        if (!Files.isDirectory(lib)) {
            throw new PipelineConfigException(
                    LIB_VARIABLE
                            + "="
                            + elsewhere
                            + " is not a directory. Point it at the directory of your connector"
                            + " and driver jars, or unset it.");
        }
        return new FlinkCdcHome(absolute, lib, sourceTree, mayBuild);
    }

    @Nullable
    private static Path codeLocation() {
        CodeSource source = FlinkCdcHome.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    @Nullable
    private static Path above(@Nullable Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("bin").resolve("flink-cdc.sh"))) {
                return dir;
            }
        }
        return null;
    }
}
