package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.PostgresDialect;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

/** Batches keep the order of operations per key and merge changes of a key within a batch. */
class RowBufferTest {

    private static final PostgresDialect DIALECT = new PostgresDialect();
    private static final Schema KEYED =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("v", DataTypes.STRING())
                    .physicalColumn("b", DataTypes.BYTES())
                    .primaryKey("id")
                    .build();

    private final TableWriteState a =
            new TableWriteState(
                    DIALECT, TableId.tableId("s", "a"), new TablePath("s", "a"), KEYED, 1);
    private final TableWriteState b =
            new TableWriteState(
                    DIALECT, TableId.tableId("s", "b"), new TablePath("s", "b"), KEYED, 2);

    private void upsert(RowBuffer buffer, TableWriteState t, int id, String v) {
        Object[] values = {id, v, null};
        buffer.add(t, RowOperation.UPSERT, values, t.keyValues(values));
    }

    private void delete(RowBuffer buffer, TableWriteState t, int id) {
        Object[] key = {id};
        buffer.add(t, RowOperation.DELETE_BY_KEY, key, key);
    }

    private static List<String> describe(RowBuffer buffer) {
        return buffer.batches().stream()
                .map(
                        batch ->
                                batch.table().tableId().getTableName()
                                        + " "
                                        + batch.operation()
                                        + " "
                                        + batch.parameters().stream()
                                                .map(p -> p[0] + (p.length > 1 ? "=" + p[1] : ""))
                                                .collect(Collectors.joining(",")))
                .collect(Collectors.toList());
    }

    @Test
    void anOperationChangeStartsANewBatchOfTheTable() {
        RowBuffer buffer = new RowBuffer();
        upsert(buffer, a, 1, "x");
        upsert(buffer, b, 7, "q");
        upsert(buffer, a, 2, "y");
        delete(buffer, a, 1);
        upsert(buffer, b, 8, "r");
        upsert(buffer, a, 1, "z");
        assertThat(describe(buffer))
                .containsExactly(
                        "a UPSERT 1=x,2=y",
                        "b UPSERT 7=q,8=r",
                        "a DELETE_BY_KEY 1",
                        "a UPSERT 1=z");
        assertThat(buffer.rowChanges()).isEqualTo(6);
    }

    @Test
    void theLastChangeOfAKeyInABatchWins() {
        RowBuffer buffer = new RowBuffer();
        upsert(buffer, a, 1, "x");
        upsert(buffer, a, 2, "y");
        upsert(buffer, a, 1, "x2");
        assertThat(describe(buffer)).containsExactly("a UPSERT 1=x2,2=y");
        assertThat(buffer.rowChanges()).isEqualTo(3);
        buffer.clear();
        assertThat(buffer.isEmpty()).isTrue();
        assertThat(buffer.batches()).isEmpty();
    }

    @Test
    void binaryKeysCompareByContent() {
        Schema binaryKey =
                Schema.newBuilder()
                        .physicalColumn("k", DataTypes.BYTES().notNull())
                        .physicalColumn("v", DataTypes.INT())
                        .primaryKey("k")
                        .build();
        TableWriteState t =
                new TableWriteState(
                        DIALECT,
                        TableId.tableId("s", "bin"),
                        new TablePath("s", "bin"),
                        binaryKey,
                        3);
        RowBuffer buffer = new RowBuffer();
        Object[] first = {new byte[] {1, 2}, 1};
        Object[] second = {new byte[] {1, 2}, 2};
        buffer.add(t, RowOperation.UPSERT, first, t.keyValues(first));
        buffer.add(t, RowOperation.UPSERT, second, t.keyValues(second));
        assertThat(buffer.batches()).hasSize(1);
        assertThat(buffer.batches().get(0).parameters()).containsExactly(second);
        assertThat(t.sameKey(first, second)).isTrue();
    }

    @Test
    void tablesWithoutKeyKeepEveryChange() {
        Schema noKey =
                Schema.newBuilder()
                        .physicalColumn("a", DataTypes.INT())
                        .physicalColumn("b", DataTypes.STRING())
                        .build();
        TableWriteState t =
                new TableWriteState(
                        DIALECT, TableId.tableId("s", "log"), new TablePath("s", "log"), noKey, 4);
        RowBuffer buffer = new RowBuffer();
        buffer.add(t, RowOperation.INSERT, new Object[] {1, "x"}, null);
        buffer.add(t, RowOperation.INSERT, new Object[] {1, "x"}, null);
        buffer.add(t, RowOperation.DELETE_ONE_ROW, new Object[] {1, "x"}, null);
        assertThat(describe(buffer))
                .containsExactly("log INSERT 1=x,1=x", "log DELETE_ONE_ROW 1=x");
        assertThat(t.sql(RowOperation.INSERT)).startsWith("INSERT INTO \"s\".\"log\"");
        assertThat(t.hasPrimaryKey()).isFalse();
    }
}
