package dev.schemaop.connectors.mariadb.schema;

import java.util.List;

/**
 * One column of a captured MariaDB table as Debezium describes it in a schema change event's {@code
 * tableChanges}: its type name ({@code INT UNSIGNED}, {@code VARCHAR}, {@code DATETIME}), length
 * (characters, digits, bits, or fractional-second digits), scale and nullability.
 *
 * @param length -1 when the type has none
 * @param scale -1 when the type has none
 */
public record SourceColumn(
        String name,
        String typeName,
        int length,
        int scale,
        boolean optional,
        List<String> enumValues) {

    public SourceColumn {
        enumValues = List.copyOf(enumValues);
    }
}
