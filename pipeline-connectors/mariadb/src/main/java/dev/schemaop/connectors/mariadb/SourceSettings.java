package dev.schemaop.connectors.mariadb;

import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything the source needs, checked, travelling with the job graph. {@link #debezium} holds the
 * user's {@code debezium.*} options without the prefix; they go over the connector's defaults.
 */
public record SourceSettings(
        String hostname,
        int port,
        String username,
        String password,
        List<TablePattern> tables,
        int serverId,
        String serverTimeZone,
        StartupMode startupMode,
        int fetchSize,
        boolean schemaChangeEnabled,
        Duration connectTimeout,
        boolean onlineSchemaChanges,
        Unparseable unparseable,
        Map<String, String> debezium)
        implements Serializable {

    public SourceSettings {
        tables = List.copyOf(tables);
        debezium = Map.copyOf(debezium);
    }

    /** What becomes of a DDL statement in the binlog that Debezium's parser cannot read. */
    public enum Unparseable {
        /** The job ends, naming the statement and its position: a restart would meet it again. */
        FAIL,
        /** The statement is left out, with a WARN, and counted. */
        SKIP
    }

    /**
     * Every setting but the secrets ({@link Secrets}): the password, and each {@code debezium.*}
     * option whose name holds a secret, show as {@code ***}.
     */
    @Override
    public String toString() {
        return "SourceSettings[hostname="
                + hostname
                + ", port="
                + port
                + ", username="
                + username
                + ", password="
                + (password.isEmpty() ? "" : Secrets.MASK)
                + ", tables="
                + tables
                + ", serverId="
                + serverId
                + ", serverTimeZone="
                + serverTimeZone
                + ", startupMode="
                + startupMode
                + ", fetchSize="
                + fetchSize
                + ", schemaChangeEnabled="
                + schemaChangeEnabled
                + ", connectTimeout="
                + connectTimeout
                + ", onlineSchemaChanges="
                + onlineSchemaChanges
                + ", unparseable="
                + unparseable
                + ", debezium="
                + Secrets.maskOptions(new TreeMap<>(debezium))
                + "]";
    }

    /**
     * Every secret value the settings hold, for text a driver, Debezium or the server made: the
     * password and the {@code debezium.*} options that hold a secret.
     */
    public List<String> secrets() {
        List<String> secrets = new ArrayList<>(Secrets.secretsIn(debezium));
        if (!password.isEmpty()) {
            secrets.add(password);
        }
        return secrets;
    }

    /** The url the source reads, for messages: never with the password. */
    public String endpoint() {
        return "mariadb://" + hostname + ":" + port + " as " + username;
    }

    /**
     * Debezium's {@code table.include.list}: the patterns as regexes over {@code db.table}, and,
     * with online schema changes recognised, the shadow tables of gh-ost ({@code _t_gho}) and
     * pt-online-schema-change ({@code _t_new}) of every captured table, whose DDL Debezium must
     * follow to describe the table they become.
     */
    public String tableIncludeList() {
        StringBuilder list = new StringBuilder();
        for (TablePattern pattern : tables) {
            if (list.length() > 0) {
                list.append(',');
            }
            list.append(pattern.debeziumRegex());
            if (onlineSchemaChanges) {
                list.append(',').append(pattern.database()).append("\\._(").append(pattern.table());
                list.append(")_(gho|new)");
            }
        }
        return list.toString();
    }

    /** Debezium's {@code database.include.list}. */
    public String databaseIncludeList() {
        StringBuilder list = new StringBuilder();
        for (TablePattern pattern : tables) {
            if (list.length() > 0) {
                list.append(',');
            }
            list.append(pattern.database());
        }
        return list.toString();
    }
}
