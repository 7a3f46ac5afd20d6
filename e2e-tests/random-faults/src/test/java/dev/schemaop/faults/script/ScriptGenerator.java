package dev.schemaop.faults.script;

import dev.schemaop.faults.script.Op.Col;
import dev.schemaop.faults.script.Op.Place;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes a random but valid script of DDL and row changes over one to three tables, as a database
 * would run it: every change fits the table as it is at that point, inserts use keys never used
 * before (so a row written twice is visible as such), updates and deletes touch live rows. Column
 * names are never reused. The same seed gives the same script.
 */
public final class ScriptGenerator {
    private static final DataType[] KINDS = {
        DataTypes.INT(), DataTypes.BIGINT(), DataTypes.VARCHAR(20)
    };

    private final Random random;
    private final boolean notNullColumns;
    private final List<Op> ops = new ArrayList<>();
    private final Map<TableId, Table> tables = new LinkedHashMap<>();
    private int names;

    /** The generator's view of one upstream table. */
    private static final class Table {
        final TableId id;
        List<Col> columns = new ArrayList<>();
        final Map<Integer, List<Object>> live = new LinkedHashMap<>();
        int nextKey = 1;

        Table(TableId id) {
            this.id = id;
        }

        List<Integer> nonKeyIndexes() {
            List<Integer> indexes = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                if (!columns.get(i).name().equals("id")) {
                    indexes.add(i);
                }
            }
            return indexes;
        }

        int indexOf(String name) {
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).name().equals(name)) {
                    return i;
                }
            }
            throw new IllegalArgumentException(name);
        }
    }

    /**
     * @param notNullColumns whether some non-key columns are NOT NULL (they may then only be
     *     widened, renamed or dropped)
     */
    private ScriptGenerator(long seed, boolean notNullColumns) {
        this.random = new Random(seed);
        this.notNullColumns = notNullColumns;
    }

    public static List<Op> generate(long seed, int steps, boolean notNullColumns) {
        return new ScriptGenerator(seed, notNullColumns).run(steps);
    }

    private List<Op> run(int steps) {
        int tableCount = 1 + random.nextInt(3);
        for (int i = 0; i < tableCount; i++) {
            Table table = new Table(TableId.tableId("db", "t" + i));
            tables.put(table.id, table);
            create(table);
        }
        for (Table table : tables.values()) {
            for (int i = random.nextInt(4); i >= 0; i--) {
                insert(table);
            }
        }
        // A completed checkpoint before the changes: a whole-job restart has one to go back to.
        ops.add(new Op.Fence());
        while (ops.size() < steps) {
            step(pick());
        }
        return ops;
    }

    private Table pick() {
        List<Table> all = new ArrayList<>(tables.values());
        return all.get(random.nextInt(all.size()));
    }

    private void step(Table table) {
        int dice = random.nextInt(100);
        if (dice < 36) {
            insert(table);
        } else if (dice < 50) {
            update(table);
        } else if (dice < 58) {
            delete(table);
        } else if (dice < 68) {
            addColumn(table);
        } else if (dice < 76) {
            rename(table);
        } else if (dice < 83) {
            widen(table);
        } else if (dice < 88) {
            narrowOrRetype(table);
        } else if (dice < 94) {
            dropColumn(table);
        } else if (dice < 96) {
            ops.add(new Op.Truncate(table.id));
            table.live.clear();
        } else if (dice < 98) {
            ops.add(new Op.DropTable(table.id));
            table.live.clear();
            create(table);
        } else {
            ops.add(new Op.Fence());
        }
    }

    // ------------------------------------------------------------------ DDL

    private void create(Table table) {
        List<Col> columns = new ArrayList<>();
        columns.add(new Col("id", DataTypes.INT().notNull()));
        for (int i = random.nextInt(3); i >= 0; i--) {
            DataType type = randomType();
            columns.add(
                    new Col(
                            freshName("c"),
                            notNullColumns && random.nextInt(4) == 0 ? type.notNull() : type));
        }
        table.columns = columns;
        ops.add(new Op.CreateTable(table.id, List.copyOf(columns)));
    }

    private void addColumn(Table table) {
        Col column = new Col(freshName("c"), randomType());
        int dice = random.nextInt(10);
        Place place =
                dice == 0
                        ? Place.FIRST
                        : dice < 3 ? Place.AFTER : dice < 4 ? Place.BEFORE : Place.LAST;
        String reference = null;
        int at = table.columns.size();
        if (place == Place.FIRST) {
            at = 0;
        } else if (place != Place.LAST) {
            int index = random.nextInt(table.columns.size());
            reference = table.columns.get(index).name();
            at = place == Place.AFTER ? index + 1 : index;
        }
        ops.add(new Op.AddColumn(table.id, column, place, reference));
        table.columns.add(at, column);
        for (List<Object> row : table.live.values()) {
            row.add(at, null);
        }
    }

    private void rename(Table table) {
        Integer index = someNonKey(table);
        if (index == null) {
            return;
        }
        Col old = table.columns.get(index);
        String to = freshName("r");
        ops.add(new Op.RenameColumn(table.id, old.name(), to));
        table.columns.set(index, new Col(to, old.type()));
    }

    /** INT to BIGINT, or VARCHAR(n) to a longer VARCHAR. */
    private void widen(Table table) {
        Integer index = someNonKey(table);
        if (index == null) {
            return;
        }
        Col old = table.columns.get(index);
        DataType wider;
        if (old.type().is(DataTypeRoot.INTEGER)) {
            wider = DataTypes.BIGINT();
        } else if (old.type().is(DataTypeRoot.VARCHAR)) {
            wider = DataTypes.VARCHAR(Values.length(old.type()) + 10 + random.nextInt(20));
        } else {
            return;
        }
        retype(table, index, wider.copy(old.type().isNullable()));
    }

    /**
     * A change a database converts values for, losing some: BIGINT to INT, a number to text, a
     * shorter VARCHAR. Only on nullable columns: a value that does not convert becomes null.
     */
    private void narrowOrRetype(Table table) {
        Integer index = someNonKey(table);
        if (index == null || !table.columns.get(index).type().isNullable()) {
            return;
        }
        DataType type = table.columns.get(index).type();
        DataType next;
        if (type.is(DataTypeRoot.BIGINT)) {
            next = random.nextBoolean() ? DataTypes.INT() : DataTypes.VARCHAR(20);
        } else if (type.is(DataTypeRoot.INTEGER)) {
            next = DataTypes.VARCHAR(12 + random.nextInt(10));
        } else if (Values.length(type) > 4) {
            next = DataTypes.VARCHAR(2 + random.nextInt(Values.length(type) - 3));
        } else {
            return;
        }
        retype(table, index, next);
    }

    private void retype(Table table, int index, DataType newType) {
        Col old = table.columns.get(index);
        ops.add(new Op.AlterType(table.id, old.name(), newType, old.type()));
        table.columns.set(index, new Col(old.name(), newType));
        for (List<Object> row : table.live.values()) {
            row.set(index, Values.convert(row.get(index), newType));
        }
    }

    private void dropColumn(Table table) {
        Integer index = someNonKey(table);
        if (index == null || table.nonKeyIndexes().size() < 2) {
            return;
        }
        ops.add(new Op.DropColumn(table.id, table.columns.get(index).name()));
        table.columns.remove((int) index);
        for (List<Object> row : table.live.values()) {
            row.remove((int) index);
        }
    }

    private Integer someNonKey(Table table) {
        List<Integer> candidates = table.nonKeyIndexes();
        return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
    }

    // ------------------------------------------------------------------ rows

    private void insert(Table table) {
        List<Object> row = new ArrayList<>();
        for (Col column : table.columns) {
            row.add(column.name().equals("id") ? table.nextKey : randomValue(column.type()));
        }
        table.live.put(table.nextKey++, row);
        ops.add(new Op.Insert(table.id, copyOf(row)));
    }

    private void update(Table table) {
        Integer key = someLiveKey(table);
        if (key == null) {
            insert(table);
            return;
        }
        List<Object> before = table.live.get(key);
        List<Object> after = new ArrayList<>(before);
        for (int index : table.nonKeyIndexes()) {
            if (random.nextBoolean()) {
                after.set(index, randomValue(table.columns.get(index).type()));
            }
        }
        table.live.put(key, after);
        ops.add(new Op.Update(table.id, copyOf(before), copyOf(after)));
    }

    private void delete(Table table) {
        Integer key = someLiveKey(table);
        if (key == null) {
            return;
        }
        ops.add(new Op.Delete(table.id, copyOf(table.live.remove(key))));
    }

    private Integer someLiveKey(Table table) {
        if (table.live.isEmpty()) {
            return null;
        }
        List<Integer> keys = new ArrayList<>(table.live.keySet());
        return keys.get(random.nextInt(keys.size()));
    }

    private static List<Object> copyOf(List<Object> values) {
        return Collections.unmodifiableList(new ArrayList<>(values));
    }

    private DataType randomType() {
        DataType kind = KINDS[random.nextInt(KINDS.length)];
        return kind.is(DataTypeRoot.VARCHAR) ? DataTypes.VARCHAR(6 + random.nextInt(20)) : kind;
    }

    private Object randomValue(DataType type) {
        if (type.isNullable() && random.nextInt(7) == 0) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case INTEGER:
                return random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(2001) - 1000;
            case BIGINT:
                return random.nextInt(3) == 0
                        ? random.nextLong()
                        : (long) (random.nextInt(2001) - 1000);
            default:
                return randomText(Values.length(type));
        }
    }

    private String randomText(int maxLength) {
        int length = random.nextInt(maxLength + 1);
        boolean digits = random.nextInt(4) == 0;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(
                    digits ? (char) ('0' + random.nextInt(10)) : (char) ('a' + random.nextInt(26)));
        }
        return text.toString();
    }

    private String freshName(String prefix) {
        return prefix + ++names;
    }

    /** For tests of the generator: the live rows per table at the end. */
    static Map<TableId, Map<Integer, List<Object>>> liveRows(
            long seed, int steps, boolean notNull) {
        ScriptGenerator generator = new ScriptGenerator(seed, notNull);
        generator.run(steps);
        Map<TableId, Map<Integer, List<Object>>> rows = new HashMap<>();
        generator.tables.forEach((id, table) -> rows.put(id, table.live));
        return rows;
    }
}
