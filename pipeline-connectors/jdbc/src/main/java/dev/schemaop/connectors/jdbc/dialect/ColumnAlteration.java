package dev.schemaop.connectors.jdbc.dialect;

import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;

import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.util.Objects;

/**
 * What an {@code alter.column.type} does to one column: a new type (or none) and whether the column
 * becomes nullable.
 */
public final class ColumnAlteration {
    private final ExistingColumn current;
    @Nullable private final DataType pipelineType;
    @Nullable private final DataType newType;
    @Nullable private final String newSqlType;
    private final boolean makeNullable;

    private ColumnAlteration(
            ExistingColumn current,
            @Nullable DataType pipelineType,
            @Nullable DataType newType,
            @Nullable String newSqlType,
            boolean makeNullable) {
        this.current = current;
        this.pipelineType = pipelineType;
        this.newType = newType;
        this.newSqlType = newSqlType;
        this.makeNullable = makeNullable;
    }

    /**
     * A new type.
     *
     * @param pipelineType the type the change asks for
     * @param newType the type of the column the sink creates for it, read back
     * @param newSqlType that column's type as DDL text
     */
    public static ColumnAlteration newType(
            ExistingColumn current,
            DataType pipelineType,
            DataType newType,
            String newSqlType,
            boolean makeNullable) {
        return new ColumnAlteration(
                current,
                Objects.requireNonNull(pipelineType),
                Objects.requireNonNull(newType),
                Objects.requireNonNull(newSqlType),
                makeNullable);
    }

    /** The type stays; the column becomes nullable. */
    public static ColumnAlteration nullable(ExistingColumn current) {
        return new ColumnAlteration(current, null, null, null, true);
    }

    public ExistingColumn current() {
        return current;
    }

    public boolean changesType() {
        return newSqlType != null;
    }

    /** The type the change asks for; null when the type stays. */
    @Nullable
    public DataType pipelineType() {
        return pipelineType;
    }

    /** The new column's type read back; null when the type stays. */
    @Nullable
    public DataType newType() {
        return newType;
    }

    /** The new column type as DDL text; null when the type stays. */
    @Nullable
    public String newSqlType() {
        return newSqlType;
    }

    public boolean makeNullable() {
        return makeNullable;
    }

    @Override
    public String toString() {
        return current.name()
                + " "
                + current.sqlType()
                + (changesType() ? " -> " + newSqlType : "")
                + (makeNullable ? " NULL" : "");
    }
}
