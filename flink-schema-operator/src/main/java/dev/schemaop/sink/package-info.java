/**
 * The sink side of SPEC §2: what runs in each sink subtask in front of the connector's writer.
 *
 * <ul>
 *   <li>{@link dev.schemaop.sink.SinkInputOperator}: applies each schema version once, brings rows
 *       of older versions forward, holds the rows of a table being changed, and turns a flush
 *       marker into a {@code FlushEvent} for the writer and an acknowledgement to the registry. In
 *       a restored or restarted attempt it first asks the registry where each table stands, so the
 *       writer starts from the schema the sink has and replayed rows are brought to it ({@code
 *       docs/DECISIONS.md}, "What a restored writer receives").
 *   <li>{@link dev.schemaop.sink.FlushingSink}: wraps the connector's Flink Sink v2 {@code
 *       Sink<Event>} in a proxy with exactly the interfaces of the connector's sink, so Flink
 *       builds every operator the sink asks for: committer ({@code SupportsCommitter}, the
 *       deprecated {@code TwoPhaseCommittingSink}), writer state ({@code SupportsWriterState},
 *       {@code StatefulSink}), pre-write, pre-commit and post-commit topologies (the {@code
 *       Supports*Topology} interfaces and the deprecated {@code With*Topology} ones). Its writers
 *       ({@code FlushingWriter}, again a proxy with exactly the connector writer's interfaces)
 *       never hand a {@code FlushEvent} to the connector: they call {@code flush(false)} and signal
 *       the sink input operator.
 * </ul>
 *
 * <p>A schema change reaches a sink subtask as a flush marker (the writer flushes, the registry
 * gets a {@code FlushAck}), then the new {@code SinkSchemaStep}s, each applied once whichever
 * channel brings it first, then the asking subtask's release marker (the flush id of its flush
 * marker), which lets the rows held for the changed tables go on ({@code HeldRows}).
 *
 * <p>A checkpoint holds the rows held at that moment with the schema versions of their tables
 * ({@code HeldRowsState}, version 2; version 1 still read), so a restore brings them forward. The
 * versions the writer has are not checkpointed: the registry tells a new attempt where each table
 * stands.
 *
 * <p>Limits:
 *
 * <ul>
 *   <li>The flush signal is a thread-local, so the writer must run in the sink input operator's
 *       thread (chained). Flink chains the connector's writer to it; the sink input operator fails
 *       the job loudly on a flush the writer did not confirm.
 *   <li>A pre-write topology receives the stream the runtime sinks into, flush events included, as
 *       in Apache Flink CDC, and may do anything with it, repartitioning included. Its subtasks
 *       must align the flush events again before the writer (one per source subtask, once it came
 *       from every subtask of the topology), as Flink CDC's own repartitioning sinks do; the
 *       writers then acknowledge flushes themselves ({@code WriterFlushAcknowledger}, chained to
 *       the writer: the topology's last operator must have the writer's parallelism). Each schema
 *       change is fenced: the release after its events is a flush too, and the registry applies no
 *       later change of the same sink tables before every writer acknowledged it, so no copy of a
 *       change's events (a topology that broadcasts them hands each writer one per topology
 *       subtask) reaches a writer after a later change of its tables. A pipeline without such a
 *       topology sees no fence. Pre-commit and post-commit topologies see only committables and
 *       have no such limit.
 * </ul>
 */
package dev.schemaop.sink;
