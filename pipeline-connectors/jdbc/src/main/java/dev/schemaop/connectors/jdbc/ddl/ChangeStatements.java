package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.ColumnAlteration;
import dev.schemaop.connectors.jdbc.dialect.ColumnPlacement;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.types.SqlType;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The statements a change would run on a table as {@code getExistingTableSchema} describes it,
 * rendered by the dialect without a connection: what {@code flink-cdc.sh check} shows for an
 * expansion or a repair. The executor ({@link DdlExecutor}) reads the table from the catalog at the
 * time and decides on what it finds there; these are what it runs on a table as described.
 */
public final class ChangeStatements {
    private final JdbcDialect dialect;

    public ChangeStatements(JdbcDialect dialect) {
        this.dialect = dialect;
    }

    public List<String> of(TablePath path, SchemaChangeEvent change, Schema current) {
        List<String> statements = new ArrayList<>();
        if (change instanceof CreateTableEvent create) {
            statements.add(dialect.createSchemaIfMissing(path.schema()));
            statements.addAll(dialect.createTable(path, create.getSchema()));
        } else if (change instanceof AddColumnEvent add) {
            for (AddColumnEvent.ColumnWithPosition added : add.getAddedColumns()) {
                statements.addAll(
                        dialect.addColumn(
                                path, added.getAddColumn(), true, ColumnPlacement.last()));
            }
        } else if (change instanceof AlterColumnTypeEvent alter) {
            List<ColumnAlteration> alterations = alterations(alter, current);
            if (!alterations.isEmpty()) {
                statements.add(dialect.alterColumns(path, alterations));
            }
        } else if (change instanceof RenameColumnEvent rename) {
            rename.getNameMapping()
                    .forEach((from, to) -> statements.add(dialect.renameColumn(path, from, to)));
        } else if (change instanceof DropColumnEvent drop) {
            drop.getDroppedColumnNames()
                    .forEach(column -> statements.add(dialect.dropColumn(path, column)));
        } else if (change instanceof TruncateTableEvent) {
            statements.add(dialect.truncateTable(path));
        } else if (change instanceof DropTableEvent) {
            statements.add(dialect.dropTable(path));
        }
        return statements;
    }

    private List<ColumnAlteration> alterations(AlterColumnTypeEvent alter, Schema current) {
        List<ColumnAlteration> alterations = new ArrayList<>();
        for (Map.Entry<String, DataType> change : alter.getTypeMapping().entrySet()) {
            Column column = current.getColumn(change.getKey()).orElse(null);
            if (column == null) {
                continue;
            }
            boolean key = current.primaryKeys().contains(column.getName());
            ExistingColumn existing = described(column, key);
            DataType newType = change.getValue();
            boolean makeNullable = newType.isNullable() && !column.getType().isNullable() && !key;
            if (!dialect.normalize(newType, key)
                    .copy(true)
                    .equals(dialect.normalize(column.getType(), key).copy(true))) {
                alterations.add(
                        ColumnAlteration.newType(
                                existing,
                                newType,
                                dialect.normalize(newType, key),
                                dialect.columnType(newType, key),
                                makeNullable));
            } else if (makeNullable) {
                alterations.add(ColumnAlteration.nullable(existing));
            }
        }
        return alterations;
    }

    /**
     * The column as the catalog would describe it, from its description as a CDC column ({@link
     * ExistingColumn#valueWhenUnwritten} gave an auto-increment column that word as its default).
     */
    private ExistingColumn described(Column column, boolean key) {
        String sqlType = dialect.columnType(column.getType(), key);
        String value = column.getDefaultValueExpression();
        boolean autoIncrement = ExistingColumn.AUTO_INCREMENT.equals(value);
        return new ExistingColumn(
                column.getName(),
                SqlType.parse(sqlType),
                column.getType(),
                autoIncrement ? null : value,
                column.getComment(),
                autoIncrement ? "auto_increment" : null);
    }

    /** The statements that give the table the primary key {@code key} instead of its own. */
    public List<String> primaryKey(TablePath path, List<String> key) {
        return List.of(dialect.replacePrimaryKey(path, key));
    }
}
