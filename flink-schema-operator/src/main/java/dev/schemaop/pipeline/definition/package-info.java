/**
 * The pipeline definition (SPEC §8): immutable model records and the YAML parser for Apache Flink
 * CDC's layout ({@code source}, {@code sink}, {@code route}, {@code pipeline}).
 *
 * <p>Every error is one {@link dev.schemaop.api.PipelineConfigException} whose message reads {@code
 * file:line: what is wrong. How to fix it.} ({@code file:line:column} for YAML syntax errors, just
 * {@code file} for something missing). Messages start in lower case after the location. Connector
 * option values never appear in messages, and secret options (keys mentioning password or secret)
 * are masked in {@code toString}.
 *
 * <p>Decisions where the SPEC is silent:
 *
 * <ul>
 *   <li>Duplicate keys, YAML aliases ({@code *name}) and a second YAML document are errors.
 *   <li>Connector option values: YAML booleans become {@code true}/{@code false} (so {@code
 *       yes}/{@code on} reach the connector as {@code true}); numbers keep the text as written
 *       ({@code 1.50} stays {@code 1.50}); lists are joined with {@code ,} (no space); a key
 *       without a value or with a nested mapping is an error naming the key.
 *   <li>{@code include/exclude.schema.changes} given as a string are split on commas, items
 *       trimmed, empty items ignored; tags are kept as written (trimmed) in the model and validated
 *       at parse time, each at its own line.
 *   <li>{@code existing-table.schema-expansion.mode}: plain (unquoted) scalars such as {@code
 *       EXPAND} are YAML strings and accepted; booleans (including YAML 1.1 {@code yes}/{@code
 *       on}/{@code off}) ask for quotes; numbers list the valid values. The model holds the
 *       upper-case mode.
 *   <li>Pipeline values may be quoted ({@code parallelism: "4"}); {@code explicit-cast} takes
 *       true/false case-insensitively; {@code local-time-zone} must be a valid {@link
 *       java.time.ZoneId} or {@code systemDefault} (resolved to the system zone id); {@code
 *       rpc-timeout} must be positive; {@code name} defaults to Flink CDC's "Flink CDC Pipeline
 *       Job".
 *   <li>A route's {@code source-table} must compile as a Java regular expression.
 *   <li>Empty {@code route:} and {@code pipeline:} blocks mean "none" / "defaults".
 *   <li>Errors in values of a global configuration handed over as a map (not loaded from a file)
 *       point at "global configuration"; {@link
 *       dev.schemaop.pipeline.definition.PipelineDefinitionParser#loadGlobalConfig} checks keys and
 *       values with file and line.
 *   <li>YAML syntax errors carry no cause: Jackson's own message quotes the source line, which may
 *       hold a password.
 * </ul>
 */
package dev.schemaop.pipeline.definition;
