package dev.schemaop.connectors.mariadb.source;

import org.apache.flink.cdc.common.event.TableId;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shadow tables of online schema change tools: gh-ost builds {@code _t_gho}, pt-online-schema-
 * change {@code _t_new}, alters it, copies the rows of {@code t} into it and renames it over {@code
 * t}. Recognised only when {@code scan.parse.online.schema.changes.enabled} is set.
 */
public final class ShadowTables {
    private static final Pattern SHADOW = Pattern.compile("_(.+)_(gho|new)");

    private final boolean enabled;

    public ShadowTables(boolean enabled) {
        this.enabled = enabled;
    }

    /** The table {@code table} stands in for, when it is a shadow table. */
    public Optional<TableId> originalOf(TableId table) {
        if (!enabled) {
            return Optional.empty();
        }
        Matcher matcher = SHADOW.matcher(table.getTableName());
        return matcher.matches()
                ? Optional.of(TableId.tableId(table.getSchemaName(), matcher.group(1)))
                : Optional.empty();
    }
}
