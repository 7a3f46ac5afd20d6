package dev.schemaop.connectors.paimon;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;

/**
 * The options of {@code sink: type: paimon}, named as Flink CDC's Paimon sink names them, so that a
 * pipeline definition carries over. Every other {@code catalog.properties.*} and {@code
 * table.properties.*} key goes to Paimon with its prefix removed.
 */
public final class PaimonSinkOptions {
    public static final String CATALOG_PREFIX = "catalog.properties.";
    public static final String TABLE_PREFIX = "table.properties.";

    public static final ConfigOption<String> METASTORE =
            ConfigOptions.key(CATALOG_PREFIX + "metastore")
                    .stringType()
                    .defaultValue("filesystem")
                    .withDescription(
                            "Paimon's metastore: filesystem (a warehouse directory), or hive"
                                    + " (passed to Paimon with catalog.properties.uri).");

    public static final ConfigOption<String> WAREHOUSE =
            ConfigOptions.key(CATALOG_PREFIX + "warehouse")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("The warehouse path (any file system Paimon reaches).");

    public static final ConfigOption<String> PARTITION_KEY =
            ConfigOptions.key("partition.key")
                    .stringType()
                    .defaultValue("")
                    .withDescription(
                            "Partition keys of the tables the sink creates: db.t1:c1,c2;db.t2:c");

    public static final ConfigOption<String> COMMIT_USER_PREFIX =
            ConfigOptions.key("commit.user-prefix")
                    .stringType()
                    .defaultValue("schemaop")
                    .withDescription(
                            "The start of the commit user of every Paimon snapshot the sink"
                                    + " commits; each job adds an id of its own.");

    /** Not Flink CDC's: the bucket count of the primary-key tables the sink creates. */
    public static final int DEFAULT_BUCKETS = 4;

    private PaimonSinkOptions() {}
}
