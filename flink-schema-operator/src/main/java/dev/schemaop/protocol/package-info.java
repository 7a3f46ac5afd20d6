/**
 * The messages of the schema-change protocol between the three parties of SPEC §2: the {@code
 * SchemaOperator} subtasks (next to the sources), the {@code SchemaRegistry} (their coordinator on
 * the JobManager) and the sink input operators (next to the sink writers).
 *
 * <pre>
 *   operator ==flush marker (data channel, all sink subtasks)==> sink input   } at the
 *   operator --SchemaChangeRequest (names the markers to wait for)--> registry } same time
 *   sink input --FlushAck--> registry           (after SinkWriter.flush(false))
 *   registry  (waits for the acks it needs, derives, applies through the MetadataApplier)
 *   registry --SchemaChangeResponse--> operator
 *   operator ==SinkSchemaStep markers, then the release marker (all channels),
 *              then rows of the new shape==> sink input
 * </pre>
 *
 * Three hops per change (the flush marker, sent in parallel with the request; the acknowledgements;
 * the answer); a change that needs no flush wait costs two (request, answer).
 *
 * <p>After a restore, a sink input asks once per table, before it hands the table's first event to
 * its writer (and again for a row of a version older than any step it knows and than what it asked
 * before), where the table stands: {@code SinkTableQuery} (a coordination request) is answered with
 * a {@code SinkTableSnapshot}: the sink's version and schema, and the steps after the version of
 * the rows it holds, to bring them forward.
 */
package dev.schemaop.protocol;
