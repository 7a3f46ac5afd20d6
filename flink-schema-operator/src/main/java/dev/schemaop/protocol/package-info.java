/**
 * The messages of the schema-change protocol between the three parties of SPEC §2: the
 * {@code SchemaOperator} subtasks (next to the sources), the {@code SchemaRegistry} (their
 * coordinator on the JobManager) and the sink input operators (next to the sink writers).
 *
 * <pre>
 *   operator --SchemaChangeRequest--> registry
 *   operator ==flush marker (data channel, all sink subtasks)==> sink input
 *   sink input --FlushAck--> registry           (after SinkWriter.flush(false))
 *   registry  (derive, apply through the MetadataApplier)
 *   registry --SchemaChangeResponse--> operator
 *   operator ==SinkSchemaStep markers (all channels), then rows of the new shape==> sink input
 * </pre>
 */
package dev.schemaop.protocol;
