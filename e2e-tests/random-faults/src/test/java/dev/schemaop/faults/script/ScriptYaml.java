package dev.schemaop.faults.script;

import dev.schemaop.faults.script.Op.Col;

import org.apache.flink.cdc.common.types.DataType;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Writes a script of {@link Op}s in the values source's script format (its README). */
public final class ScriptYaml {
    private ScriptYaml() {}

    public static String write(List<Op> ops) {
        StringBuilder yaml = new StringBuilder("events:\n");
        for (Op op : ops) {
            if (op instanceof Op.Fence) {
                yaml.append("  - checkpoint\n");
                continue;
            }
            yaml.append("  - type: ").append(type(op)).append('\n');
            yaml.append("    table: ").append(op.table()).append('\n');
            yaml.append(body(op));
        }
        return yaml.toString();
    }

    private static String type(Op op) {
        if (op instanceof Op.CreateTable) return "create.table";
        if (op instanceof Op.AddColumn) return "add.column";
        if (op instanceof Op.AlterType) return "alter.column.type";
        if (op instanceof Op.RenameColumn) return "rename.column";
        if (op instanceof Op.DropColumn) return "drop.column";
        if (op instanceof Op.Truncate) return "truncate.table";
        if (op instanceof Op.DropTable) return "drop.table";
        if (op instanceof Op.Insert) return "insert";
        if (op instanceof Op.Update) return "update";
        return "delete";
    }

    private static String body(Op op) {
        if (op instanceof Op.CreateTable create) {
            StringBuilder body = new StringBuilder("    columns:\n");
            for (Col column : create.columns()) {
                body.append("      - {name: ")
                        .append(column.name())
                        .append(", type: \"")
                        .append(type(column.type()))
                        .append("\"}\n");
            }
            return body.append("    primaryKeys: [id]\n").toString();
        }
        if (op instanceof Op.AddColumn add) {
            String position =
                    add.place().name().toLowerCase(Locale.ROOT)
                            + (add.reference() == null ? "" : " " + add.reference());
            return "    columns:\n      - {name: "
                    + add.column().name()
                    + ", type: \""
                    + type(add.column().type())
                    + "\", position: "
                    + position
                    + "}\n";
        }
        if (op instanceof Op.AlterType alter) {
            return "    columns: {" + alter.column() + ": \"" + type(alter.newType()) + "\"}\n";
        }
        if (op instanceof Op.RenameColumn rename) {
            return "    columns: {" + rename.from() + ": " + rename.to() + "}\n";
        }
        if (op instanceof Op.DropColumn drop) {
            return "    columns: [" + drop.column() + "]\n";
        }
        if (op instanceof Op.Insert insert) {
            return "    rows:\n      - " + row(insert.values()) + "\n";
        }
        if (op instanceof Op.Update update) {
            return "    before: "
                    + row(update.before())
                    + "\n    after: "
                    + row(update.after())
                    + "\n";
        }
        if (op instanceof Op.Delete delete) {
            return "    rows:\n      - " + row(delete.values()) + "\n";
        }
        return "";
    }

    private static String type(DataType type) {
        return type.asSerializableString();
    }

    private static String row(List<Object> values) {
        return values.stream().map(Values::yaml).collect(Collectors.joining(", ", "[", "]"));
    }
}
