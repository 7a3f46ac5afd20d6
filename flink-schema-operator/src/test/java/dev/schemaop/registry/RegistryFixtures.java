package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.List;

/** Tables, schemas and events of the registry tests. */
final class RegistryFixtures {
    static final TableId ORDERS = TableId.tableId("db", "orders");
    static final TableId CUSTOMERS = TableId.tableId("db", "customers");

    /** orders(id INT NOT NULL, name STRING), key id. */
    static final Schema ORDERS_V1 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.STRING())
                    .primaryKey("id")
                    .build();

    /** orders_v1 plus price DOUBLE at the end. */
    static final Schema ORDERS_V2 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.STRING())
                    .physicalColumn("price", DataTypes.DOUBLE())
                    .primaryKey("id")
                    .build();

    private RegistryFixtures() {}

    static CreateTableEvent create(TableId table, Schema schema) {
        return new CreateTableEvent(table, schema);
    }

    static CreateTableEvent createOrders() {
        return create(ORDERS, ORDERS_V1);
    }

    static AddColumnEvent addLast(TableId table, String column, DataType type) {
        return new AddColumnEvent(
                table, List.of(AddColumnEvent.last(Column.physicalColumn(column, type))));
    }

    /** The change from ORDERS_V1 to ORDERS_V2. */
    static AddColumnEvent addPrice() {
        return addLast(ORDERS, "price", DataTypes.DOUBLE());
    }

    static DropColumnEvent drop(TableId table, String column) {
        return new DropColumnEvent(table, List.of(column));
    }
}
