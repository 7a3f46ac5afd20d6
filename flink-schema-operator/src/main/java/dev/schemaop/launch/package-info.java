/**
 * Where a launch finds its connectors: the jars passed with {@code --jar}, every jar of the {@code
 * lib/} directory, and the project's own connectors by type (built on first use in a source tree,
 * shipped in {@code connectors/} by the binary distribution). Only the connectors a pipeline names
 * join its class path.
 */
package dev.schemaop.launch;
