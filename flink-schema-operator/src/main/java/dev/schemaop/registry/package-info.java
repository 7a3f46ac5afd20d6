/**
 * The schema registry: the coordinator of the schema operators on the JobManager (SPEC §2). It
 * decides what each upstream schema change means for the sink, applies it through the sink's {@code
 * MetadataApplier}, and answers the subtask that asked.
 *
 * <h2>One change, in order</h2>
 *
 * <ol>
 *   <li>{@link dev.schemaop.registry.SchemaRegistry} receives a {@code SchemaChangeRequest} on a
 *       Flink RPC thread and puts it on the {@link dev.schemaop.registry.RegistryEventLoop}.
 *   <li>{@link dev.schemaop.registry.ChangeQueue} answers a redundant request at once (G5);
 *       otherwise the request waits at the head of the queue, planned by {@link
 *       dev.schemaop.registry.ChangePlanner} (route, behavior, filters: a {@link
 *       dev.schemaop.registry.ChangePlan}), until every sink subtask acknowledged the flush marker
 *       it needs ({@link dev.schemaop.registry.FlushTracker}, G2).
 *   <li>The intent ({@link dev.schemaop.registry.ChangeIntent}) goes to the {@link
 *       dev.schemaop.registry.AppliedChangeLog}, then {@link dev.schemaop.registry.ChangeRunner}
 *       takes the change through its applier calls, one at a time, on the applier thread of {@link
 *       dev.schemaop.registry.ApplierCalls} (G4), each call logged as it succeeds.
 *   <li>The completed change ({@link dev.schemaop.registry.CompletedChange}) is logged and applied
 *       to the {@link dev.schemaop.registry.RegistryState}; the subtask gets the new sink schema
 *       steps in a {@code SchemaChangeResponse}. A rejection (EXCEPTION) or an applier failure
 *       fails the job, only after the flush (G7), with a message from {@link
 *       dev.schemaop.registry.EvolutionFailures}.
 * </ol>
 *
 * <h2>Threads</h2>
 *
 * The event loop owns every field; each entry point only enqueues, and {@code assertInLoop} checks
 * it where state is touched. Applier calls run on the applier thread; their results come back to
 * the event loop as tasks. Nothing sleeps or polls.
 *
 * <h2>What a checkpoint holds</h2>
 *
 * The {@link dev.schemaop.registry.RegistryState} ({@link
 * dev.schemaop.registry.RegistryStateCodec}, version 3; version 2 still read): per upstream table
 * its schema and truncate/drop count, per sink table its schema, version, sources and last steps,
 * the handled change positions, and the sequence of the last completed change. A change in flight
 * is not in it: its subtask asks again after a restore, and the log, which holds what reached the
 * sink after the checkpoint, answers it (or finishes the change the failure cut short, {@link
 * dev.schemaop.registry.SinkReadBack}) instead of applying it twice (G6). Sink subtasks of a new
 * attempt ask where each sink table stands ({@link dev.schemaop.registry.SinkTableQueries}) and are
 * answered once no change is being applied.
 */
package dev.schemaop.registry;
