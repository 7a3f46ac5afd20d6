package dev.schemaop.connectors.mariadb;

import dev.schemaop.connectors.debezium.DebeziumOptions;
import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.mariadb.check.StartCheck;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.source.DataSource;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Creates the MariaDB source ({@code type: mariadb}) from the options Flink CDC's MySQL pipeline
 * source takes. Every option is checked here, at submission, with a message that names the option
 * and what it takes; then the server is reached once ({@link StartCheck}): the connection, its
 * binlog settings, the user's privileges and the tables, each failure one message.
 */
public class MariaDbDataSourceFactory implements DataSourceFactory {
    public static final String IDENTIFIER = "mariadb";

    @Override
    public DataSource createDataSource(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validateExcept(DebeziumOptions.PREFIX);
        Configuration config = context.getFactoryConfiguration();
        SourceSettings settings = settings(config);
        StartCheck.check(settings);
        return new MariaDbDataSource(settings);
    }

    static SourceSettings settings(Configuration config) {
        List<TablePattern> tables = new ArrayList<>();
        for (String pattern : config.get(MariaDbSourceOptions.TABLES).split(",")) {
            if (!pattern.isBlank()) {
                try {
                    tables.add(TablePattern.parse(pattern));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "Option 'tables' of the mariadb source: " + e.getMessage());
                }
            }
        }
        if (tables.isEmpty()) {
            throw new IllegalArgumentException(
                    "Option 'tables' of the mariadb source names no table; give db.table patterns,"
                            + " e.g. app_db.orders,app_db.\\.*");
        }
        int port = config.get(MariaDbSourceOptions.PORT);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(
                    "Option 'port' of the mariadb source must be 1-65535, got " + port);
        }
        int fetchSize = config.get(MariaDbSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE);
        if (fetchSize < 1) {
            throw new IllegalArgumentException(
                    "Option 'scan.snapshot.fetch.size' of the mariadb source must be at least 1,"
                            + " got "
                            + fetchSize);
        }
        Map<String, String> debezium =
                DebeziumOptions.of(config.toMap(), "mariadb", RefusedDebeziumOptions.RULES);
        return new SourceSettings(
                config.get(MariaDbSourceOptions.HOSTNAME),
                port,
                config.get(MariaDbSourceOptions.USERNAME),
                config.get(MariaDbSourceOptions.PASSWORD),
                tables,
                serverId(config.getOptional(MariaDbSourceOptions.SERVER_ID).orElse(null)),
                config.getOptional(MariaDbSourceOptions.SERVER_TIME_ZONE).orElse(null),
                StartupMode.parse(config.get(MariaDbSourceOptions.SCAN_STARTUP_MODE), "mariadb"),
                fetchSize,
                config.get(MariaDbSourceOptions.SCHEMA_CHANGE_ENABLED),
                config.get(MariaDbSourceOptions.CONNECT_TIMEOUT),
                config.get(MariaDbSourceOptions.PARSE_ONLINE_SCHEMA_CHANGES),
                unparseable(config.get(MariaDbSourceOptions.SCHEMA_CHANGE_UNPARSEABLE)),
                debezium);
    }

    static int serverId(String text) {
        if (text == null) {
            return ThreadLocalRandom.current().nextInt(5400, 6401);
        }
        String first = text.contains("-") ? text.substring(0, text.indexOf('-')) : text;
        try {
            int id = Integer.parseInt(first.strip());
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "Option 'server-id' of the mariadb source takes a positive number or a range"
                        + " such as 5400-5404, got '"
                        + text
                        + "'");
    }

    static SourceSettings.Unparseable unparseable(String text) {
        switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "fail":
                return SourceSettings.Unparseable.FAIL;
            case "skip":
                return SourceSettings.Unparseable.SKIP;
            default:
                throw new IllegalArgumentException(
                        "Option 'schema-change.unparseable' of the mariadb source takes fail or"
                                + " skip, got '"
                                + text
                                + "'");
        }
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        options.add(MariaDbSourceOptions.HOSTNAME);
        options.add(MariaDbSourceOptions.USERNAME);
        options.add(MariaDbSourceOptions.TABLES);
        return options;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        options.add(MariaDbSourceOptions.PORT);
        options.add(MariaDbSourceOptions.PASSWORD);
        options.add(MariaDbSourceOptions.SERVER_ID);
        options.add(MariaDbSourceOptions.SERVER_TIME_ZONE);
        options.add(MariaDbSourceOptions.SCAN_STARTUP_MODE);
        options.add(MariaDbSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE);
        options.add(MariaDbSourceOptions.SCHEMA_CHANGE_ENABLED);
        options.add(MariaDbSourceOptions.CONNECT_TIMEOUT);
        options.add(MariaDbSourceOptions.PARSE_ONLINE_SCHEMA_CHANGES);
        options.add(MariaDbSourceOptions.SCHEMA_CHANGE_UNPARSEABLE);
        return options;
    }
}
