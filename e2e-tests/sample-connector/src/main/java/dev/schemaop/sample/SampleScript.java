package dev.schemaop.sample;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.binary.BinaryRecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The fixed, deterministic event script the sample source emits for table {@code sample.items}.
 *
 * <p>With {@code h = rows / 2} the script is, by position:
 *
 * <ol start="0">
 *   <li>{@code CreateTableEvent(id INT NOT NULL (primary key), name VARCHAR(20))}
 *   <li>positions {@code 1..h}: inserts of ids {@code 1..h}, name {@code item-<id>}
 *   <li>position {@code h+1}: {@code AddColumnEvent} adding {@code price DECIMAL(10, 2)} (nullable,
 *       last)
 *   <li>positions {@code h+2..rows+1}: inserts of ids {@code h+1..rows}, price {@code id + 0.5}
 *   <li>position {@code rows+2}: {@code AlterColumnTypeEvent(name -> VARCHAR(50))}
 *   <li>position {@code rows+3}: update of id 1 to name {@code one-updated}, price {@code 1.50}
 * </ol>
 *
 * <p>{@link #eventAt(int)} computes any position on demand, so a reader restored at a position
 * resumes there without replaying anything. Rows are {@link BinaryRecordData} built with {@link
 * BinaryRecordDataGenerator} for the schema in force at that position.
 */
public final class SampleScript {

    public static final TableId TABLE = TableId.tableId("sample", "items");

    public static final DataType ID_TYPE = DataTypes.INT().notNull();
    public static final DataType NAME_TYPE_V1 = DataTypes.VARCHAR(20);
    public static final DataType NAME_TYPE_V3 = DataTypes.VARCHAR(50);
    public static final DataType PRICE_TYPE = DataTypes.DECIMAL(10, 2);

    /** Schema right after the CreateTableEvent. */
    public static final Schema SCHEMA_V1 =
            Schema.newBuilder()
                    .physicalColumn("id", ID_TYPE)
                    .physicalColumn("name", NAME_TYPE_V1)
                    .primaryKey("id")
                    .build();

    private final int rows;
    private final int half;

    private BinaryRecordDataGenerator v1; // id, name VARCHAR(20)
    private BinaryRecordDataGenerator v2; // id, name VARCHAR(20), price
    private BinaryRecordDataGenerator v3; // id, name VARCHAR(50), price

    public SampleScript(int rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("rows must be at least 1, but is " + rows);
        }
        this.rows = rows;
        this.half = rows / 2;
    }

    public int rows() {
        return rows;
    }

    /** Number of events in the script: create + rows inserts + add column + alter + update. */
    public int size() {
        return rows + 4;
    }

    /** The whole script, materialized (for tests and small row counts). */
    public List<Event> events() {
        List<Event> events = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            events.add(eventAt(i));
        }
        return events;
    }

    public Event eventAt(int position) {
        if (position < 0 || position >= size()) {
            throw new IndexOutOfBoundsException(
                    "Position " + position + " is outside the script [0, " + size() + ")");
        }
        if (position == 0) {
            return new CreateTableEvent(TABLE, SCHEMA_V1);
        }
        if (position <= half) {
            int id = position;
            return DataChangeEvent.insertEvent(TABLE, v1().generate(new Object[] {id, name(id)}));
        }
        if (position == half + 1) {
            return new AddColumnEvent(
                    TABLE,
                    Collections.singletonList(
                            AddColumnEvent.last(Column.physicalColumn("price", PRICE_TYPE))));
        }
        if (position <= rows + 1) {
            int id = position - 1;
            return DataChangeEvent.insertEvent(
                    TABLE, v2().generate(new Object[] {id, name(id), price(id)}));
        }
        if (position == rows + 2) {
            return new AlterColumnTypeEvent(TABLE, Collections.singletonMap("name", NAME_TYPE_V3));
        }
        // position == rows + 3: row 1 was inserted before price existed, so its before image
        // has a null price.
        BinaryRecordData before = v3().generate(new Object[] {1, name(1), null});
        BinaryRecordData after =
                v3().generate(
                                new Object[] {
                                    1,
                                    BinaryStringData.fromString("one-updated"),
                                    DecimalData.fromBigDecimal(new BigDecimal("1.50"), 10, 2)
                                });
        return DataChangeEvent.updateEvent(TABLE, before, after);
    }

    private static BinaryStringData name(int id) {
        return BinaryStringData.fromString("item-" + id);
    }

    private static DecimalData price(int id) {
        return DecimalData.fromBigDecimal(
                BigDecimal.valueOf(id).add(new BigDecimal("0.50")), 10, 2);
    }

    private BinaryRecordDataGenerator v1() {
        if (v1 == null) {
            v1 = new BinaryRecordDataGenerator(new DataType[] {ID_TYPE, NAME_TYPE_V1});
        }
        return v1;
    }

    private BinaryRecordDataGenerator v2() {
        if (v2 == null) {
            v2 = new BinaryRecordDataGenerator(new DataType[] {ID_TYPE, NAME_TYPE_V1, PRICE_TYPE});
        }
        return v2;
    }

    private BinaryRecordDataGenerator v3() {
        if (v3 == null) {
            v3 = new BinaryRecordDataGenerator(new DataType[] {ID_TYPE, NAME_TYPE_V3, PRICE_TYPE});
        }
        return v3;
    }
}
