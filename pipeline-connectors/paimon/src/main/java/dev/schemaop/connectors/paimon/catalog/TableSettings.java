package dev.schemaop.connectors.paimon.catalog;

import dev.schemaop.api.Secrets;

import org.apache.flink.cdc.common.event.TableId;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the sink gives the tables it creates: Paimon table options ({@code table.properties.*}
 * without the prefix) and partition keys per table ({@code partition.key}: {@code
 * db.t1:c1,c2;db.t2:c}).
 */
public final class TableSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final TreeMap<String, String> options;
    private final HashMap<TableId, List<String>> partitionKeys;

    public TableSettings(Map<String, String> options, Map<TableId, List<String>> partitionKeys) {
        this.options = new TreeMap<>(options);
        this.partitionKeys = new HashMap<>(partitionKeys);
    }

    public Map<String, String> options() {
        return options;
    }

    /** The options (each value that holds a secret masked) and partition keys, for messages. */
    @Override
    public String toString() {
        return "TableSettings{options="
                + Secrets.maskOptions(options)
                + ", partitionKeys="
                + partitionKeys
                + "}";
    }

    /** The partition keys named for the table; empty when none are. */
    public List<String> partitionKeysOf(TableId table) {
        return partitionKeys.getOrDefault(table, List.of());
    }

    /** Parses {@code partition.key}; a malformed entry is named in the exception. */
    public static Map<TableId, List<String>> parsePartitionKeys(String value) {
        Map<TableId, List<String>> keys = new HashMap<>();
        for (String entry : value.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int colon = entry.indexOf(':');
            String table = colon < 0 ? "" : entry.substring(0, colon).trim();
            List<String> columns = new ArrayList<>();
            if (colon >= 0) {
                Arrays.stream(entry.substring(colon + 1).split(","))
                        .map(String::trim)
                        .filter(c -> !c.isEmpty())
                        .forEach(columns::add);
            }
            if (table.isEmpty() || table.split("\\.").length != 2 || columns.isEmpty()) {
                throw new IllegalArgumentException(
                        "Option 'partition.key' has the entry '"
                                + entry.trim()
                                + "'; each entry is database.table:column[,column...], entries"
                                + " separated by ';', e.g. db.orders:region,day;db.users:country");
            }
            keys.put(TableId.parse(table), columns);
        }
        return keys;
    }
}
