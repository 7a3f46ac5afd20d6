/**
 * The schema operator: the task side of schema evolution, chained to each source subtask (SPEC §2),
 * and its factory, which also provides the registry.
 *
 * <h2>A row</h2>
 *
 * {@link dev.schemaop.operator.SinkRouting} finds the row's sink tables (one {@link
 * dev.schemaop.operator.SinkBinding} per pair of upstream and sink table), the binding reshapes the
 * row onto the sink schema version the subtask knows ({@link dev.schemaop.operator.SinkView}), and
 * {@link dev.schemaop.operator.SinkChannels} sends it to the sink subtask of its table and primary
 * key.
 *
 * <h2>A schema change, in order</h2>
 *
 * <ol>
 *   <li>The subtask applies it to its upstream schema ({@link
 *       dev.schemaop.operator.SubtaskSchemas}) and makes it its {@link
 *       dev.schemaop.operator.PendingChange}.
 *   <li>{@link dev.schemaop.operator.FlushMarkers} sends a flush marker down every channel when one
 *       is needed, and the request to the registry names it; both leave at once ({@link
 *       dev.schemaop.operator.MarkerFlusher}).
 *   <li>Until the answer the rows and changes of the tables the change may reshape wait in {@link
 *       dev.schemaop.operator.ParkedEvents}; rows of other tables go on, and a change of another
 *       table is asked for at once (several changes may be pending). Past the bound of parked input
 *       the subtask takes no input; it yields to the mailbox meanwhile, so checkpoints and the
 *       answer get through. (A legacy {@code SourceFunction} calls from a thread of its own: all
 *       its events are parked.)
 *   <li>The answer's sink schema steps go down every channel, then a release marker, then rows of
 *       the new shape: a sink writer learns a version before any row shaped onto it.
 * </ol>
 *
 * <h2>What a checkpoint holds</h2>
 *
 * Per subtask ({@link dev.schemaop.operator.SubtaskStateCodec}, version 4; versions 3, 2 and 1
 * still read): the request counter, the upstream schemas, the sink views, the truncate/drop
 * ordinals and change positions, the pending changes (asked for again after a restore; their flush
 * markers are sent again), the events held behind them, and each upstream table's renamed columns
 * (which feed a sink key kept under an old name). After a scale-down several entries are merged.
 */
package dev.schemaop.operator;
