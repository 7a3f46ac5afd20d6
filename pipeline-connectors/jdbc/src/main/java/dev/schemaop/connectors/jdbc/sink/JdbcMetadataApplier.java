package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.SchemaChangeStatements;
import dev.schemaop.connectors.jdbc.catalog.ExistingTable;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.connection.ConnectionCheck;
import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.connection.RetryingConnection;
import dev.schemaop.connectors.jdbc.ddl.ChangeStatements;
import dev.schemaop.connectors.jdbc.ddl.DdlExecutor;
import dev.schemaop.connectors.jdbc.ddl.RefusedChangeException;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.SqlErrors;
import dev.schemaop.connectors.jdbc.types.UnsupportedTypeException;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Applies schema changes as DDL ({@link DdlExecutor}: every change idempotent, every statement
 * logged) and describes the database's tables (SPEC §1). It is serialized into the job graph and
 * runs on the JobManager; its connection pool is opened on first use and closed by {@link
 * #close()}. Its methods are synchronized: the runtime calls them one at a time, but not always
 * from the same thread. On PostgreSQL the statements of one change run in one transaction; on
 * MariaDB each commits by itself, and a replay finishes what a failure cut short.
 */
public class JdbcMetadataApplier
        implements MetadataApplier, ExistingTableSchemaExpansionSupport, SchemaChangeStatements {
    private static final long serialVersionUID = 1L;

    private final JdbcDialect dialect;
    private final JdbcConnectionOptions connectionOptions;
    private final int maxRetries;
    private EnumSet<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);

    @Nullable private transient RetryingConnection connection;
    @Nullable private transient String defaultSchema;
    @Nullable private transient List<String> lastStatements;

    public JdbcMetadataApplier(
            JdbcDialect dialect, JdbcConnectionOptions connectionOptions, int maxRetries) {
        this.dialect = dialect;
        this.connectionOptions = connectionOptions;
        this.maxRetries = maxRetries;
    }

    @Override
    public synchronized MetadataApplier setAcceptedSchemaEvolutionTypes(
            Set<SchemaChangeEventType> types) {
        this.accepted = EnumSet.noneOf(SchemaChangeEventType.class);
        if (types != null) {
            accepted.addAll(types);
        }
        return this;
    }

    @Override
    public synchronized boolean acceptsSchemaEvolutionType(SchemaChangeEventType type) {
        return accepted.contains(type);
    }

    /** All seven: PostgreSQL adds columns at the end only (a position is replaced, with a WARN). */
    @Override
    public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
        return dialect.supportedSchemaChanges();
    }

    @Override
    public synchronized void applySchemaChange(SchemaChangeEvent event)
            throws SchemaEvolveException {
        if (!dialect.supportedSchemaChanges().contains(event.getType())) {
            throw new UnsupportedSchemaChangeEventException(
                    event, "the " + dialect + " sink does not apply " + event.getType().getTag());
        }
        lastStatements = null;
        try {
            lastStatements =
                    connection()
                            .run(
                                    "applying "
                                            + event.getType().getTag()
                                            + " to "
                                            + event.tableId(),
                                    c ->
                                            new DdlExecutor(dialect, c, () -> defaultSchema(c))
                                                    .apply(event));
        } catch (UnsupportedTypeException e) {
            throw new UnsupportedSchemaChangeEventException(event, e.getMessage());
        } catch (RefusedChangeException e) {
            throw new UnsupportedSchemaChangeEventException(event, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new SchemaEvolveException(
                    event, "the " + dialect + " sink cannot apply it: " + e.getMessage());
        } catch (SQLException e) {
            throw applyFailure(event, e);
        } catch (UncheckedSqlException e) {
            throw applyFailure(event, e.sql);
        }
    }

    /**
     * Credentials or privileges the database refuses are a failure a restart cannot fix: the cause
     * is then a {@link NonRecoverableException}, and the job ends instead of restarting forever.
     */
    private SchemaEvolveException applyFailure(SchemaChangeEvent event, SQLException e) {
        String message = failure("apply " + event.getType().getTag(), e);
        Throwable cause =
                SqlErrors.isAuthentication(e) || SqlErrors.isPrivilege(e)
                        ? new NonRecoverableException(message, scrub(e))
                        : scrub(e);
        return new SchemaEvolveException(event, message, cause);
    }

    /**
     * The DDL statements the last successful {@link #applySchemaChange} ran; empty when the
     * database had the change already. For tests and diagnostics.
     */
    public synchronized List<String> lastStatements() {
        return lastStatements == null ? Collections.emptyList() : lastStatements;
    }

    @Override
    public synchronized Optional<Schema> getExistingTableSchema(TableId tableId) {
        try {
            return connection()
                    .run(
                            "reading table " + tableId,
                            c -> {
                                TablePath path = dialect.resolve(tableId, () -> defaultSchema(c));
                                return dialect.catalog()
                                        .readTable(c, path)
                                        .map(ExistingTable::toSchema);
                            });
        } catch (SQLException e) {
            throw new IllegalStateException(failure("read table " + tableId, e), scrub(e));
        } catch (UncheckedSqlException e) {
            throw new IllegalStateException(failure("read table " + tableId, e.sql), scrub(e.sql));
        }
    }

    /**
     * The type the sink creates for the pipeline type, read back: the mapping to the database type
     * and back (e.g. TINYINT is SMALLINT on PostgreSQL, VARCHAR(n) over the longest VARCHAR is
     * STRING). On MariaDB a column of the target's primary key gets the key mapping (TEXT becomes
     * VARCHAR(768)).
     */
    @Override
    public DataType normalizeToTargetDataType(
            TableId tableId, String column, DataType pipelineType, Schema existingTargetSchema) {
        boolean key =
                existingTargetSchema != null
                        && existingTargetSchema.primaryKeys().stream()
                                .anyMatch(
                                        k ->
                                                dialect.isColumnNameCaseSensitive()
                                                        ? k.equals(column)
                                                        : k.equalsIgnoreCase(column));
        return dialect.normalize(pipelineType, key);
    }

    @Override
    public boolean isColumnNameCaseSensitive() {
        return dialect.isColumnNameCaseSensitive();
    }

    /** The DDL the applier runs for the change on a table as described, without running it. */
    @Override
    public List<String> statementsFor(SchemaChangeEvent change, Schema current) {
        return new ChangeStatements(dialect).of(pathOf(change.tableId()), change, current);
    }

    @Override
    public List<String> primaryKeyStatements(TableId table, Schema current, List<String> key) {
        return new ChangeStatements(dialect).primaryKey(pathOf(table), key);
    }

    /** The table's path, with the schema the applier's connection found when it has none. */
    private TablePath pathOf(TableId table) {
        return dialect.resolve(table, () -> defaultSchema == null ? "public" : defaultSchema);
    }

    private RetryingConnection connection() {
        if (connection == null) {
            connection =
                    new RetryingConnection(
                            dialect,
                            connectionOptions,
                            dialect.identifier() + "-sink-applier",
                            maxRetries,
                            !dialect.hasTransactionalDdl());
        }
        return connection;
    }

    private String defaultSchema(Connection c) {
        if (defaultSchema == null) {
            try {
                defaultSchema = dialect.catalog().defaultSchema(c);
            } catch (SQLException e) {
                throw new UncheckedSqlException(e);
            }
        }
        return defaultSchema;
    }

    private String failure(String what, SQLException e) {
        String prefix = "the " + dialect + " sink could not " + what + ". ";
        if (SqlErrors.isAuthentication(e)
                || SqlErrors.isConnectionFailure(e)
                || SqlErrors.isPrivilege(e)) {
            return prefix + ConnectionCheck.describe(dialect, connectionOptions, e);
        }
        return prefix
                + "The database ("
                + connectionOptions.describe()
                + ") answered: "
                + connectionOptions.scrub(SqlErrors.message(e));
    }

    private Throwable scrub(Throwable e) {
        return connectionOptions.scrub(e);
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    @Override
    public String toString() {
        return "JdbcMetadataApplier{" + dialect + ", " + connectionOptions.describe() + "}";
    }

    /** An SQLException out of a callback that cannot throw it. */
    private static final class UncheckedSqlException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final SQLException sql;

        UncheckedSqlException(SQLException sql) {
            super(sql);
            this.sql = sql;
        }
    }
}
