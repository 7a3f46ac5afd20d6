package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

/**
 * SPEC §7: the renamed columns that feed a sink key kept under an old name follow every rename and
 * survive a checkpoint; several entries merged (a scale-down) keep the newest record per table.
 */
class RenamedColumnsTest {
    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final TableId ITEMS = TableId.tableId("db", "items");

    @Test
    void renamesFollowChainsAndSwapsAndADropStartsOver() {
        SubtaskSchemas schemas = new SubtaskSchemas();
        schemas.recordRenames(new RenameColumnEvent(ORDERS, Map.of("id", "uid")));
        schemas.recordRenames(new RenameColumnEvent(ORDERS, Map.of("uid", "key")));
        schemas.recordRenames(new RenameColumnEvent(ITEMS, Map.of("a", "b", "b", "a")));

        assertThat(schemas.renamesOf(ORDERS)).isEqualTo(Map.of("id", "key", "uid", "key"));
        assertThat(schemas.renamesOf(ITEMS)).as("a swap").isEqualTo(Map.of("a", "b", "b", "a"));

        schemas.recordRenames(new DropTableEvent(ITEMS));
        assertThat(schemas.renamesOf(ITEMS)).isEmpty();
    }

    private static byte[] snapshot(SubtaskSchemas schemas) throws IOException {
        return SubtaskStateCodec.snapshot(schemas, List.of(), new ArrayDeque<>(), 0);
    }

    private static Map<TableId, Map<String, String>> restoreRenames(List<byte[]> entries)
            throws IOException {
        SubtaskSchemas restored = new SubtaskSchemas();
        SubtaskStateCodec.restore(entries, restored, new ArrayDeque<>());
        return restored.renamedColumns;
    }

    @Test
    void aMergeOfEntriesRestoresTheNewestRecordOfEachTable() throws IOException {
        SubtaskSchemas sawOne = new SubtaskSchemas();
        sawOne.recordRenames(new RenameColumnEvent(ORDERS, Map.of("id", "uid")));
        SubtaskSchemas sawBoth = new SubtaskSchemas();
        sawBoth.recordRenames(new RenameColumnEvent(ORDERS, Map.of("id", "uid")));
        sawBoth.recordRenames(new RenameColumnEvent(ORDERS, Map.of("uid", "key")));
        SubtaskSchemas sawNone = new SubtaskSchemas();

        Map<TableId, Map<String, String>> restored =
                restoreRenames(List.of(snapshot(sawBoth), snapshot(sawOne), snapshot(sawNone)));

        assertThat(restored).isEqualTo(Map.of(ORDERS, Map.of("id", "key", "uid", "key")));
    }
}
