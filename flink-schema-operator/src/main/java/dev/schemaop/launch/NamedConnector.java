package dev.schemaop.launch;

/**
 * A connector a pipeline names.
 *
 * @param where where its {@code type} was written, for messages
 */
public record NamedConnector(ConnectorKind kind, String type, String where) {}
