package dev.schemaop.pipeline;

import javax.annotation.Nullable;

import java.nio.file.Path;

/**
 * Where a run of a pipeline lives on disk.
 *
 * @param definitionDirectory the directory of the pipeline definition file, when the definition was
 *     read from one; connectors resolve their relative paths against it
 * @param scratchDirectory where the run keeps what only it needs; the command line deletes it when
 *     the run ends. Null for a run on a Flink cluster: the command line's machine is not where the
 *     job runs.
 */
public record RunLocation(@Nullable Path definitionDirectory, @Nullable Path scratchDirectory) {

    /** A run whose definition is not a file, with scratch space in the JVM's temp directory. */
    public static RunLocation inTempDirectory() {
        return new RunLocation(
                null, Path.of(System.getProperty("java.io.tmpdir"), "flink-schema-operator"));
    }
}
