package dev.schemaop.expansion;

import dev.schemaop.api.SchemaChangeStatements;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collector;
import java.util.stream.Collectors;

/**
 * The statements that repair a table that does not hold what the pipeline sends, or that expand it,
 * in the sink's own dialect when its applier renders them ({@link SchemaChangeStatements}), else as
 * dialect-independent templates with quoted names (SPEC §6), to be adjusted by the user.
 */
public final class RepairStatements {
    @Nullable private final SchemaChangeStatements sink;

    private RepairStatements(@Nullable SchemaChangeStatements sink) {
        this.sink = sink;
    }

    /** Through {@code applier} when it renders statements, else templates. */
    public static RepairStatements of(@Nullable Object applier) {
        return new RepairStatements(
                applier instanceof SchemaChangeStatements statements ? statements : null);
    }

    /** Whether the statements are the sink's own, not templates. */
    public boolean inTheSinksDialect() {
        return sink != null;
    }

    /** The statements of {@code change} on a table that now looks as {@code current}. */
    public List<String> of(SchemaChangeEvent change, Schema current) {
        return sink != null ? terminated(sink.statementsFor(change, current)) : template(change);
    }

    /** Each statement ready to paste into the database's shell: with its semicolon. */
    private static List<String> terminated(List<String> statements) {
        return statements.stream()
                .map(s -> s.startsWith("--") || s.endsWith(";") ? s : s + ";")
                .toList();
    }

    /** What repairs the plan's differences that a statement can repair, in order. */
    public List<String> repairs(ExpansionPlan plan) {
        List<String> statements = new ArrayList<>();
        Schema current = plan.target();
        for (SchemaChangeEvent ddl : plan.ddl()) {
            statements.addAll(of(ddl, current));
        }
        for (Difference difference : plan.differences()) {
            switch (difference.reason()) {
                case NULLABLE_INTO_NOT_NULL, UNWRITTEN_NOT_NULL ->
                        dropNotNull(plan, difference.column())
                                .ifPresent(d -> statements.addAll(of(d, current)));
                case PRIMARY_KEY ->
                        statements.addAll(primaryKey(plan.table(), current, upstreamKey(plan)));
                default -> {
                    // no statement makes the table hold it: the report says why
                }
            }
        }
        return statements;
    }

    private List<String> primaryKey(TableId table, Schema current, List<String> key) {
        if (sink != null) {
            return terminated(sink.primaryKeyStatements(table, current, key));
        }
        return List.of(
                String.format(
                        "ALTER TABLE %s DROP PRIMARY KEY, ADD PRIMARY KEY (%s);",
                        quoted(table),
                        key.stream().map(RepairStatements::quoted).collect(joining())));
    }

    private static List<String> upstreamKey(ExpansionPlan plan) {
        List<String> partitions = plan.upstream().partitionKeys();
        return plan.upstream().primaryKeys().stream().filter(k -> !partitions.contains(k)).toList();
    }

    /** The column of the table (as the table spells it), made nullable. */
    private static Optional<AlterColumnTypeEvent> dropNotNull(ExpansionPlan plan, String column) {
        return plan.target().getColumns().stream()
                .filter(c -> c.getName().equalsIgnoreCase(column))
                .findFirst()
                .map(
                        c ->
                                new AlterColumnTypeEvent(
                                        plan.table(),
                                        Map.of(c.getName(), c.getType().nullable()),
                                        Map.of(c.getName(), c.getType())));
    }

    /** A dialect-independent template: ANSI quoting, Flink CDC type names. */
    private static List<String> template(SchemaChangeEvent change) {
        List<String> statements = new ArrayList<>();
        String table = quoted(change.tableId());
        if (change instanceof AddColumnEvent add) {
            for (AddColumnEvent.ColumnWithPosition added : add.getAddedColumns()) {
                Column column = added.getAddColumn();
                statements.add(
                        String.format(
                                "ALTER TABLE %s ADD COLUMN %s %s;",
                                table, quoted(column.getName()), typeOf(column.getType())));
            }
        } else if (change instanceof AlterColumnTypeEvent alter) {
            for (Map.Entry<String, DataType> column : alter.getTypeMapping().entrySet()) {
                DataType before = alter.getOldTypeMapping().get(column.getKey());
                DataType after = column.getValue();
                if (before == null || !before.copy(true).equals(after.copy(true))) {
                    statements.add(
                            String.format(
                                    "ALTER TABLE %s ALTER COLUMN %s TYPE %s;",
                                    table, quoted(column.getKey()), typeOf(after)));
                }
                if (before != null && !before.isNullable() && after.isNullable()) {
                    statements.add(
                            String.format(
                                    "ALTER TABLE %s ALTER COLUMN %s DROP NOT NULL;",
                                    table, quoted(column.getKey())));
                }
            }
        } else {
            statements.add("-- " + change);
        }
        return statements;
    }

    private static String typeOf(DataType type) {
        return type.copy(true).asSummaryString();
    }

    private static String quoted(TableId table) {
        return table.getSchemaName() == null
                ? quoted(table.getTableName())
                : quoted(table.getSchemaName()) + "." + quoted(table.getTableName());
    }

    private static String quoted(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    private static Collector<CharSequence, ?, String> joining() {
        return Collectors.joining(", ");
    }
}
