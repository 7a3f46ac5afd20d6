package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AddColumnEvent.ColumnWithPosition;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.types.DataType;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Short builders for the events of the behavior tests; all on table {@code db.orders}. */
final class Fixtures {
    static final TableId T = TableId.tableId("db", "orders");

    static final Set<SchemaChangeEventType> ALL = EnumSet.allOf(SchemaChangeEventType.class);
    static final Set<SchemaChangeEventType> LENIENT_DEFAULT =
            EnumSet.complementOf(
                    EnumSet.of(
                            SchemaChangeEventType.TRUNCATE_TABLE,
                            SchemaChangeEventType.DROP_TABLE));

    private Fixtures() {}

    static Set<SchemaChangeEventType> allBut(SchemaChangeEventType... types) {
        EnumSet<SchemaChangeEventType> set = EnumSet.allOf(SchemaChangeEventType.class);
        set.removeAll(Arrays.asList(types));
        return set;
    }

    static ColumnWithPosition last(String name, DataType type) {
        return AddColumnEvent.last(Column.physicalColumn(name, type));
    }

    static AddColumnEvent add(ColumnWithPosition... columns) {
        return new AddColumnEvent(T, List.of(columns));
    }

    /** alter(name, type, name, type, ...) without old types. */
    static AlterColumnTypeEvent alter(Object... nameTypePairs) {
        return new AlterColumnTypeEvent(T, pairs(nameTypePairs));
    }

    /** One column, with its old type. */
    static AlterColumnTypeEvent alterFrom(String name, DataType oldType, DataType newType) {
        return new AlterColumnTypeEvent(T, Map.of(name, newType), Map.of(name, oldType));
    }

    static AlterColumnTypeEvent alterWithOld(
            Map<String, DataType> types, Map<String, DataType> old) {
        return new AlterColumnTypeEvent(T, types, old);
    }

    static RenameColumnEvent rename(String from, String to) {
        return new RenameColumnEvent(T, Map.of(from, to));
    }

    static DropColumnEvent drop(String... names) {
        return new DropColumnEvent(T, List.of(names));
    }

    static SkippedChange skipped(SchemaChangeEvent event, SkipReason reason) {
        return new SkippedChange(event, reason);
    }

    static <V> Map<String, V> pairs(Object... pairs) {
        Map<String, V> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            @SuppressWarnings("unchecked")
            V value = (V) pairs[i + 1];
            map.put((String) pairs[i], value);
        }
        return map;
    }
}
