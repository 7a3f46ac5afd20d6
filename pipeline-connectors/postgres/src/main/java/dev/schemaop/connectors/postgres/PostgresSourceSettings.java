package dev.schemaop.connectors.postgres;

import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;

import org.apache.flink.cdc.common.event.TableId;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Everything the source needs, checked, travelling with the job graph. {@link #debezium} holds the
 * user's {@code debezium.*} options without the prefix; they go over the connector's defaults.
 * {@link #capture} is null until the start check chose it for a user who left it unset.
 */
public record PostgresSourceSettings(
        String hostname,
        int port,
        String username,
        String password,
        String database,
        List<TablePattern> tables,
        String slotName,
        StartupMode startupMode,
        int fetchSize,
        Duration connectTimeout,
        Map<String, String> debezium,
        @Nullable SchemaChangesCapture capture)
        implements Serializable {

    public PostgresSourceSettings {
        tables = List.copyOf(tables);
        debezium = Map.copyOf(debezium);
    }

    /** The settings with how DDL is seen, as the start check chose it when the user did not. */
    public PostgresSourceSettings withCapture(SchemaChangesCapture chosen) {
        return new PostgresSourceSettings(
                hostname,
                port,
                username,
                password,
                database,
                tables,
                slotName,
                startupMode,
                fetchSize,
                connectTimeout,
                debezium,
                chosen);
    }

    /** Whether DDL is seen through the event trigger (else from Relation messages). */
    public boolean eventTrigger() {
        return capture != SchemaChangesCapture.RELATION;
    }

    /** Whether the pipeline captures the table {@code schema.table}. */
    public boolean captures(TableId table) {
        for (TablePattern pattern : tables) {
            if (Pattern.matches(pattern.database(), table.getSchemaName())
                    && Pattern.matches(pattern.table(), table.getTableName())) {
                return true;
            }
        }
        return false;
    }

    /** The publication the slot decodes with, named after the slot. */
    public String publication() {
        return slotName + "_publication";
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + hostname + ":" + port + "/" + database;
    }

    /** The url the source reads, for messages: never with the password. */
    public String endpoint() {
        return "postgresql://" + hostname + ":" + port + "/" + database + " as " + username;
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

    @Override
    public String toString() {
        return "PostgresSourceSettings[hostname="
                + hostname
                + ", port="
                + port
                + ", username="
                + username
                + ", password="
                + (password.isEmpty() ? "" : Secrets.MASK)
                + ", database="
                + database
                + ", tables="
                + tables
                + ", slotName="
                + slotName
                + ", startupMode="
                + startupMode
                + ", fetchSize="
                + fetchSize
                + ", connectTimeout="
                + connectTimeout
                + ", debezium="
                + Secrets.maskOptions(new TreeMap<>(debezium))
                + ", capture="
                + capture
                + "]";
    }
}
