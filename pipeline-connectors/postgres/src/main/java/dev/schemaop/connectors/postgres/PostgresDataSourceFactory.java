package dev.schemaop.connectors.postgres;

import dev.schemaop.connectors.debezium.DebeziumOptions;
import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.postgres.check.StartCheck;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.source.DataSource;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Creates the PostgreSQL source ({@code type: postgres} in a {@code source} block; the JDBC sink
 * keeps the type in a {@code sink} block) from the options Flink CDC's PostgreSQL pipeline source
 * takes. Every option is checked here, at submission, with a message that names it; then the server
 * is reached once ({@link StartCheck}).
 */
public class PostgresDataSourceFactory implements DataSourceFactory {
    public static final String IDENTIFIER = "postgres";

    @Override
    public DataSource createDataSource(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validateExcept(DebeziumOptions.PREFIX);
        PostgresSourceSettings settings = settings(context.getFactoryConfiguration());
        return new PostgresDataSource(StartCheck.check(settings));
    }

    static PostgresSourceSettings settings(Configuration config) {
        String database = config.get(PostgresSourceOptions.DATABASE_NAME).strip();
        List<TablePattern> tables = new ArrayList<>();
        for (String pattern : config.get(PostgresSourceOptions.TABLES).split(",")) {
            if (!pattern.isBlank()) {
                try {
                    tables.add(
                            TablePattern.parse(
                                    withoutDatabase(pattern.strip(), database),
                                    "schema.table",
                                    "schema",
                                    "public"));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "Option 'tables' of the postgres source: " + e.getMessage());
                }
            }
        }
        if (tables.isEmpty()) {
            throw new IllegalArgumentException(
                    "Option 'tables' of the postgres source names no table; give schema.table"
                            + " patterns, e.g. public.orders,public.\\.*");
        }
        int port = config.get(PostgresSourceOptions.PORT);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(
                    "Option 'port' of the postgres source must be 1-65535, got " + port);
        }
        String slot = config.get(PostgresSourceOptions.SLOT_NAME).strip();
        if (!slot.matches("[a-z0-9_]{1,63}")) {
            throw new IllegalArgumentException(
                    "Option 'slot.name' of the postgres source takes lower-case letters, digits"
                            + " and _ (at most 63), as PostgreSQL names replication slots; got '"
                            + slot
                            + "'");
        }
        String plugin = config.get(PostgresSourceOptions.DECODING_PLUGIN_NAME).strip();
        if (!plugin.equals("pgoutput")) {
            throw new IllegalArgumentException(
                    "Option 'decoding.plugin.name' of the postgres source takes pgoutput (built"
                            + " into PostgreSQL 10 and later), got '"
                            + plugin
                            + "'");
        }
        SchemaChangesCapture capture =
                config.getOptional(PostgresSourceOptions.SCHEMA_CHANGES_CAPTURE)
                        .map(value -> SchemaChangesCapture.parse(value.strip()))
                        .orElse(null);
        int fetchSize = config.get(PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE);
        if (fetchSize < 1) {
            throw new IllegalArgumentException(
                    "Option 'scan.snapshot.fetch.size' of the postgres source must be at least 1,"
                            + " got "
                            + fetchSize);
        }
        Map<String, String> debezium =
                DebeziumOptions.of(config.toMap(), "postgres", RefusedDebeziumOptions.RULES);
        return new PostgresSourceSettings(
                config.get(PostgresSourceOptions.HOSTNAME),
                port,
                config.get(PostgresSourceOptions.USERNAME),
                config.get(PostgresSourceOptions.PASSWORD),
                database,
                tables,
                slot,
                StartupMode.parse(config.get(PostgresSourceOptions.SCAN_STARTUP_MODE), "postgres"),
                fetchSize,
                config.get(PostgresSourceOptions.CONNECT_TIMEOUT),
                debezium,
                capture);
    }

    /**
     * Flink CDC's PostgreSQL source writes {@code database.schema.table}: the database part, which
     * must be database-name, is left off.
     */
    static String withoutDatabase(String pattern, String database) {
        List<Integer> dots = new ArrayList<>();
        for (int i = 0; i < pattern.length(); i++) {
            if (pattern.charAt(i) == '\\') {
                i++;
            } else if (pattern.charAt(i) == '.') {
                dots.add(i);
            }
        }
        if (dots.size() < 2) {
            return pattern;
        }
        String first = pattern.substring(0, dots.get(0));
        if (!first.equals(database)) {
            throw new IllegalArgumentException(
                    "'"
                            + pattern
                            + "' names the database '"
                            + first
                            + "', but the source reads database-name '"
                            + database
                            + "'; write schema.table, e.g. public.orders");
        }
        return pattern.substring(dots.get(0) + 1);
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        options.add(PostgresSourceOptions.HOSTNAME);
        options.add(PostgresSourceOptions.USERNAME);
        options.add(PostgresSourceOptions.DATABASE_NAME);
        options.add(PostgresSourceOptions.TABLES);
        options.add(PostgresSourceOptions.SLOT_NAME);
        return options;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        options.add(PostgresSourceOptions.PORT);
        options.add(PostgresSourceOptions.PASSWORD);
        options.add(PostgresSourceOptions.DECODING_PLUGIN_NAME);
        options.add(PostgresSourceOptions.SCAN_STARTUP_MODE);
        options.add(PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE);
        options.add(PostgresSourceOptions.SCHEMA_CHANGES_CAPTURE);
        options.add(PostgresSourceOptions.CONNECT_TIMEOUT);
        return options;
    }
}
