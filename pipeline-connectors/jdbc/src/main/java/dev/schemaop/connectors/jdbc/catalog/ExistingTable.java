package dev.schemaop.connectors.jdbc.catalog;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** A table as the database catalog describes it: columns in order and the primary key. */
public final class ExistingTable {
    private final TablePath path;
    private final List<ExistingColumn> columns;
    private final List<String> primaryKey;
    private final boolean caseSensitive;

    public ExistingTable(
            TablePath path,
            List<ExistingColumn> columns,
            List<String> primaryKey,
            boolean caseSensitive) {
        this.path = path;
        this.columns = Collections.unmodifiableList(new ArrayList<>(columns));
        this.primaryKey = Collections.unmodifiableList(new ArrayList<>(primaryKey));
        this.caseSensitive = caseSensitive;
    }

    public TablePath path() {
        return path;
    }

    public List<ExistingColumn> columns() {
        return columns;
    }

    public List<String> primaryKey() {
        return primaryKey;
    }

    /** The column of that name, compared as the database compares column names. */
    public Optional<ExistingColumn> column(String name) {
        for (ExistingColumn c : columns) {
            if (sameName(c.name(), name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Position of the column (0-based), or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (sameName(columns.get(i).name(), name)) {
                return i;
            }
        }
        return -1;
    }

    public boolean isKeyColumn(String name) {
        return primaryKey.stream().anyMatch(k -> sameName(k, name));
    }

    public boolean sameName(String a, String b) {
        return caseSensitive ? a.equals(b) : a.equalsIgnoreCase(b);
    }

    /**
     * The table in Flink CDC terms: columns, types with nullability, comments, defaults (what an
     * insert without the column gets), primary key.
     */
    public Schema toSchema() {
        Schema.Builder builder = Schema.newBuilder();
        for (ExistingColumn c : columns) {
            builder.column(
                    Column.physicalColumn(c.name(), c.type(), c.comment(), c.valueWhenUnwritten()));
        }
        return builder.primaryKey(primaryKey).build();
    }

    /**
     * The table for a message: {@code (id integer NOT NULL, name character varying(10)) with
     * primary key (id)}.
     */
    public String describe() {
        return "("
                + columns.stream().map(ExistingColumn::toString).collect(Collectors.joining(", "))
                + (primaryKey.isEmpty()
                        ? ") without primary key"
                        : ") with primary key (" + String.join(", ", primaryKey) + ")");
    }

    @Override
    public String toString() {
        return path + " " + columns + " PRIMARY KEY " + primaryKey;
    }
}
