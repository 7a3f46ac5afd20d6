package dev.schemaop.connectors.postgres.catalog;

import javax.annotation.Nullable;

import java.io.Serializable;

/**
 * A column as PostgreSQL's catalog describes it. {@code attnum} stays with the column through a
 * rename and a retype, and a dropped column's is never used again: it tells a rename from a drop
 * plus an add.
 *
 * @param type {@code format_type} of the column's type, e.g. {@code character varying(20)}
 * @param category {@code pg_type.typcategory}: A array, E enum, ...
 * @param element for an array, {@code format_type} of its element type
 */
public record ColumnLayout(
        int attnum,
        String name,
        String type,
        String category,
        @Nullable String element,
        boolean notNull)
        implements Serializable {}
