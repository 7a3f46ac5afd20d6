package dev.schemaop.benchmarks.paimon;

import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.Topology;
import dev.schemaop.benchmarks.workload.TableShape;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.paimon.flink.sink.FlinkSinkBuilder;
import org.apache.paimon.table.Table;

/**
 * W7's baseline: the workload's rows (W1's shape, the same values) generated as Flink {@code
 * RowData} and written by Paimon's own Flink sink ({@code FlinkSinkBuilder}), which shuffles them
 * by bucket to its writers and commits at each checkpoint and at the end.
 */
final class PaimonFlinkSinkTopology implements Topology {
    private final Table table;

    PaimonFlinkSinkTopology(Table table) {
        this.table = table;
    }

    @Override
    public String key() {
        return "paimon";
    }

    @Override
    public boolean hasBehavior() {
        return false;
    }

    @Override
    public String registryUid() {
        return null;
    }

    @Override
    public void build(StreamExecutionEnvironment env, RunSpec run) {
        DataType[] types =
                TableShape.initialSchema().getColumns().stream()
                        .map(Column::getType)
                        .toArray(DataType[]::new);
        DataStream<RowData> rows =
                env.fromSequence(0, run.workload().rowsPerTable() - 1)
                        .setParallelism(run.parallelism())
                        .map(seq -> row(seq, types))
                        .setParallelism(run.parallelism());
        new FlinkSinkBuilder(table).forRowData(rows).parallelism(run.parallelism()).build();
    }

    /** The generator's values of row {@code seq}, strings as Flink's {@code StringData}. */
    private static RowData row(long seq, DataType[] types) {
        GenericRowData row = new GenericRowData(types.length);
        for (int i = 0; i < types.length; i++) {
            Object value = TableShape.value(seq, i, types[i]);
            row.setField(
                    i,
                    types[i].getTypeRoot() == DataTypeRoot.VARCHAR
                            ? StringData.fromString(value.toString())
                            : value);
        }
        return row;
    }
}
