package dev.schemaop.codec;

import dev.schemaop.registry.SchemaRegistry;

import org.apache.flink.cdc.runtime.operators.schema.regular.SchemaOperator;

/**
 * Not part of the runtime: a class planted in a foundation package that reaches up into the
 * registry and into Flink CDC's schema operator by fully qualified names, without an import line,
 * so that ArchitectureTest can show its rules catch both.
 */
final class PlantedUpwardDependency {
    private PlantedUpwardDependency() {}

    static String upward() {
        return SchemaRegistry.class.getName();
    }

    static String flinkCdcOperator() {
        return SchemaOperator.class.getName();
    }
}
