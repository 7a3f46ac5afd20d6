package dev.schemaop.registry;

import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.util.function.Supplier;

/** The registry's collaborators the change protocol works with, made once by the registry. */
record RegistryParts(
        RegistryEventLoop loop,
        ApplierCalls calls,
        MetadataApplier applier,
        ChangeQueue changes,
        SubtaskGateways subtasks,
        SinkTableQueries queries,
        RegistryMetrics metrics,
        ExistingTables existingTables,
        SinkQuestions questions,
        FailurePolicy failures,
        Supplier<DecisionRecorder> decisions) {}
