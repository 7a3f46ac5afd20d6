package dev.schemaop.launch;

import javax.annotation.Nullable;

import java.nio.file.Path;
import java.util.List;

/**
 * The connectors a launch finds by type alone, each only for the pipelines that name it: the
 * project's own modules in a source tree, every jar of {@code connectors/} in the binary
 * distribution.
 */
public interface ProjectConnectors {

    static ProjectConnectors of(FlinkCdcHome home) {
        return home.sourceTree()
                ? new SourceTreeConnectors(home)
                : new DistributionConnectors(home);
    }

    /** The jar of the connector of this kind and type, or null when there is none. */
    @Nullable
    Path jarFor(ConnectorKind kind, String type);

    /** The types of this kind there are, sorted. */
    List<String> types(ConnectorKind kind);

    /** Where the connector of this kind and type is, for listings. */
    String whereIs(ConnectorKind kind, String type);
}
