package dev.schemaop.sample;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Renders an event sequence readably (rows through the schema in force), for assertions. */
final class Events {
    private Events() {}

    static List<String> describe(List<Event> events) {
        Map<TableId, Schema> schemas = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (Event event : events) {
            if (event instanceof SchemaChangeEvent) {
                SchemaChangeEvent change = (SchemaChangeEvent) event;
                schemas.put(
                        change.tableId(),
                        change instanceof CreateTableEvent
                                ? ((CreateTableEvent) change).getSchema()
                                : SchemaUtils.applySchemaChangeEvent(
                                        schemas.get(change.tableId()), change));
                lines.add(event.toString());
            } else if (event instanceof DataChangeEvent) {
                DataChangeEvent data = (DataChangeEvent) event;
                Schema schema = schemas.get(data.tableId());
                lines.add(
                        data.op()
                                + " "
                                + data.tableId()
                                + " before="
                                + row(schema, data.before())
                                + " after="
                                + row(schema, data.after()));
            } else {
                lines.add("OTHER " + event);
            }
        }
        return lines;
    }

    private static String row(Schema schema, RecordData record) {
        if (record == null) {
            return "null";
        }
        if (record.getArity() != schema.getColumnCount()) {
            return "ARITY-MISMATCH(" + record.getArity() + ")";
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < schema.getColumnCount(); i++) {
            values.add(
                    SampleSinkWriter.render(
                            RecordData.createFieldGetter(schema.getColumns().get(i).getType(), i)
                                    .getFieldOrNull(record)));
        }
        return values.toString();
    }
}
