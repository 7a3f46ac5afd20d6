package dev.schemaop.connectors.postgres.source;

import dev.schemaop.connectors.postgres.catalog.CatalogTables;

import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A column as a Relation message gave it to Debezium, read from the parameters its {@code
 * column.propagate.source.type} puts on each field of the row schema: the name, the type's name,
 * and the length and scale Debezium made of the modifier (null where it gave none).
 */
record RelationColumn(
        String name, String typname, @Nullable Integer length, @Nullable Integer scale) {
    private static final String TYPE = "__debezium.source.column.type";
    private static final String LENGTH = "__debezium.source.column.length";
    private static final String SCALE = "__debezium.source.column.scale";

    static List<RelationColumn> of(Schema rows) {
        List<RelationColumn> columns = new ArrayList<>();
        for (Field field : rows.fields()) {
            Map<String, String> parameters = field.schema().parameters();
            Map<String, String> p = parameters == null ? Map.of() : parameters;
            columns.add(
                    new RelationColumn(
                            field.name(),
                            p.getOrDefault(TYPE, "?").toLowerCase(Locale.ROOT),
                            p.containsKey(LENGTH) ? Integer.valueOf(p.get(LENGTH)) : null,
                            p.containsKey(SCALE) ? Integer.valueOf(p.get(SCALE)) : null));
        }
        return columns;
    }

    /** Whether the type of that name is this column's (Debezium reports names in upper case). */
    boolean hasType(@Nullable String catalogTypname) {
        return catalogTypname != null && typname.equals(catalogTypname.toLowerCase(Locale.ROOT));
    }

    /**
     * Whether the type {@code typoid} with the modifier {@code typmod} has this length and scale.
     */
    boolean hasModifier(Connection connection, long typoid, int typmod) throws SQLException {
        int[] reported = CatalogTables.reportedSize(connection, typoid, typmod);
        return (length == null || length == reported[0]) && (scale == null || scale == reported[1]);
    }

    /**
     * The modifiers to try for this column's length and scale: the one the catalog keeps, none, and
     * those of PostgreSQL's types with a length (varchar, char), a precision and scale (numeric),
     * or a precision of fractional seconds (time, timestamp: Debezium reports it as the scale).
     */
    List<Integer> modifiers(int catalogs) {
        List<Integer> typmods = new ArrayList<>(List.of(catalogs, -1));
        if (length != null && length >= 0) {
            typmods.add(length + 4);
            typmods.add(((length << 16) | (scale == null ? 0 : scale)) + 4);
            typmods.add(length);
        }
        if (scale != null && scale >= 0) {
            typmods.add(scale);
        }
        return typmods;
    }

    @Override
    public String toString() {
        return name + " " + typname;
    }
}
