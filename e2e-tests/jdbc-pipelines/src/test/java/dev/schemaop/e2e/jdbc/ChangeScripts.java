package dev.schemaop.e2e.jdbc;

import java.util.ArrayList;
import java.util.List;

/**
 * The values-source scripts the sink end-to-end tests share (this module's, into PostgreSQL and
 * MariaDB, and e2e-tests/paimon-pipelines', into Paimon, through this module's test jar), with the
 * rows the runtime decides whatever the sink. SCHEMA in a script is replaced by the test's own
 * database.
 */
public final class ChangeScripts {
    private ChangeScripts() {}

    /** One table through every column change type, a truncate, updates and deletes. */
    public static final String EVERY_CHANGE_TYPE =
            """
            events:
              - type: create.table
                table: SCHEMA.items
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: INT}
                  - {name: price, type: "DECIMAL(10,2)"}
                  - {name: name, type: VARCHAR(10)}
                  - {name: note, type: VARCHAR(20) NOT NULL}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [1, 10, "1.50", ann, n1]
                  - [2, 20, "2.50", ben, n2]
              - type: truncate.table
                table: SCHEMA.items
              - type: insert
                table: SCHEMA.items
                rows:
                  - [3, 30, "3.50", cid, n3]
                  - [4, 40, "4.50", dan, n4]
                  - [5, 50, "5.50", eve, n5]
              - type: add.column
                table: SCHEMA.items
                columns:
                  - {name: email, type: VARCHAR(30)}
                  - {name: code, type: INT, position: after id}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [6, 600, 60, "6.50", fay, n6, f@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {qty: BIGINT}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [7, 700, 7000000000, "7.50", gus, n7, g@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {price: "DECIMAL(12,4)"}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [8, 800, 80, "8.1234", hal, n8, h@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {name: VARCHAR(40)}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [9, 900, 90, "9.50", ivy-with-a-much-longer-name, n9, i@x]
              - type: rename.column
                table: SCHEMA.items
                columns: {name: full_name}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [10, 1000, 100, "10.50", jay, n10, j@x]
              - type: drop.column
                table: SCHEMA.items
                columns: [note]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [11, 1100, 110, "11.50", kim, k@x]
              - type: update
                table: SCHEMA.items
                before: [3, null, 30, "3.5000", cid, null]
                after: [3, 300, 31, "3.7500", cid-2, c@x]
              - type: update
                table: SCHEMA.items
                before: [6, 600, 60, "6.5000", fay, f@x]
                after: [6, 601, 6000000000, "6.5000", fay, null]
              - type: delete
                table: SCHEMA.items
                rows:
                  - [4, null, 40, "4.5000", dan, null]
                  - [2, null, 20, "2.5000", ben, null]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [12, 1200, 120, "12.50", lee, l@x]
            """;

    /**
     * The table after {@link #EVERY_CHANGE_TYPE} under evolve, columns id, code, qty, price,
     * full_name, email.
     */
    public static final List<String> EVERY_CHANGE_TYPE_EVOLVE_ROWS =
            List.of(
                    "id=3, code=300, qty=31, price=3.7500, full_name=cid-2, email=c@x",
                    "id=5, code=null, qty=50, price=5.5000, full_name=eve, email=null",
                    "id=6, code=601, qty=6000000000, price=6.5000, full_name=fay, email=null",
                    "id=7, code=700, qty=7000000000, price=7.5000, full_name=gus, email=g@x",
                    "id=8, code=800, qty=80, price=8.1234, full_name=hal, email=h@x",
                    "id=9, code=900, qty=90, price=9.5000, full_name=ivy-with-a-much-longer-name,"
                            + " email=i@x",
                    "id=10, code=1000, qty=100, price=10.5000, full_name=jay, email=j@x",
                    "id=11, code=1100, qty=110, price=11.5000, full_name=kim, email=k@x",
                    "id=12, code=1200, qty=120, price=12.5000, full_name=lee, email=l@x");

    /**
     * Every column change type, a truncate, updates and deletes, for the behaviors other than
     * evolve and lenient; REFUSED_TYPE is replaced by a type the sink refuses for qty (a BIGINT
     * then) whatever the rows hold, so that try_evolve fails on the last change.
     */
    public static final String OTHER_BEHAVIORS =
            """
            events:
              - type: create.table
                table: SCHEMA.items
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: INT}
                  - {name: price, type: "DECIMAL(10,2)"}
                  - {name: name, type: VARCHAR(10)}
                  - {name: note, type: VARCHAR(20)}
                  - {name: code, type: VARCHAR(10)}
                  - {name: n, type: INT}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [1, 10, "1.50", ann, n1, "101", 1]
                  - [2, 20, "2.50", ben, n2, "201", 2]
                  - [3, 30, "3.50", cid, n3, "301", 3]
                  - [4, 40, "4.50", dan, n4, "401", 4]
              - type: add.column
                table: SCHEMA.items
                columns:
                  - {name: email, type: VARCHAR(30)}
                  - {name: tag, type: INT, position: after id}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [5, 500, 50, "5.50", eve, n5, "501", 5, e@x]
              - type: truncate.table
                table: SCHEMA.items
              - type: insert
                table: SCHEMA.items
                rows:
                  - [6, 600, 60, "6.50", fay, n6, "601", 6, f@x]
                  - [7, 700, 70, "7.50", gus, n7, "701", 7, g@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {qty: BIGINT}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [8, 800, 8000000000, "8.50", hal, n8, "801", 8, h@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {price: "DECIMAL(12,4)"}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [9, 900, 90, "9.1234", ivy, n9, "901", 9, i@x]
                  - [10, 1000, 100, "10.5000", jay, n10, "1001", 10, j@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {name: VARCHAR(40)}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [11, 1100, 110, "11.50", kim-with-a-much-longer-name, n11, "1101", 11, k@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {n: VARCHAR(10)}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [12, 1200, 120, "12.50", lee, n12, "1201", "41", l@x]
                  - [13, 1300, 130, "13.50", max, n13, "1301", x1, m@x]
              - type: rename.column
                table: SCHEMA.items
                columns: {name: full_name}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [14, 1400, 140, "14.50", ned, n14, "1401", "14", n@x]
              - type: drop.column
                table: SCHEMA.items
                columns: [note]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [15, 1500, 150, "15.50", oli, "1501", "15", o@x]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {code: INT}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [16, 1600, 160, "16.50", pat, 1601, "16", p@x]
              - type: update
                table: SCHEMA.items
                before: [6, 600, 60, "6.5000", fay, 601, "6", f@x]
                after: [6, 601, 61, "6.2500", fay-2, 602, "61", null]
              - type: update
                table: SCHEMA.items
                before: [8, 800, 8000000000, "8.5000", hal, 801, "8", h@x]
                after: [8, 801, 81, "8.5000", hal, 802, "8", h2@x]
              - type: delete
                table: SCHEMA.items
                rows:
                  - [7, 700, 70, "7.5000", gus, 701, "7", g@x]
                  - [2, null, 20, "2.5000", ben, 201, "2", null]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {qty: REFUSED_TYPE}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [17, 1700, "2024-01-17", "17.50", quinn, 1701, "17", q@x]
            """;

    /** The table after {@link #OTHER_BEHAVIORS} under ignore, in its created columns' order. */
    public static final List<String> OTHER_BEHAVIORS_IGNORE_ROWS =
            List.of(
                    "id=1, qty=10, price=1.50, name=ann, note=n1, code=101, n=1",
                    "id=3, qty=30, price=3.50, name=cid, note=n3, code=301, n=3",
                    "id=4, qty=40, price=4.50, name=dan, note=n4, code=401, n=4",
                    "id=5, qty=50, price=5.50, name=eve, note=n5, code=501, n=5",
                    "id=6, qty=61, price=6.25, name=null, note=null, code=602, n=null",
                    "id=8, qty=81, price=8.50, name=null, note=null, code=802, n=null",
                    "id=9, qty=90, price=null, name=ivy, note=n9, code=901, n=9",
                    "id=10, qty=100, price=10.50, name=jay, note=n10, code=1001, n=10",
                    "id=11, qty=110, price=11.50, name=null, note=n11, code=1101, n=11",
                    "id=12, qty=120, price=12.50, name=lee, note=n12, code=1201, n=null",
                    "id=13, qty=130, price=13.50, name=max, note=n13, code=1301, n=null",
                    "id=14, qty=140, price=14.50, name=null, note=n14, code=1401, n=null",
                    "id=15, qty=150, price=15.50, name=null, note=null, code=1501, n=null",
                    "id=16, qty=160, price=16.50, name=null, note=null, code=1601, n=null",
                    "id=17, qty=null, price=17.50, name=null, note=null, code=1701, n=null");

    /** The whole of stderr of {@link #OTHER_BEHAVIORS} under exception. */
    public static final String OTHER_BEHAVIORS_REJECTION =
            """
            Pipeline failed: Schema change add.column of table SCHEMA.items is rejected: \
            pipeline.schema.change.behavior is exception, which applies no schema change but \
            create.table.
            Change: AddColumnEvent{tableId=SCHEMA.items, addedColumns=[ColumnWithPosition{\
            column=`email` VARCHAR(30), position=LAST, existedColumnName=null}, \
            ColumnWithPosition{column=`tag` INT, position=AFTER, existedColumnName=id}]}
            column | current        | after change
            -------+----------------+---------------
            id     | INT NOT NULL   | INT NOT NULL
            qty    | INT            | INT
            price  | DECIMAL(10, 2) | DECIMAL(10, 2)
            name   | VARCHAR(10)    | VARCHAR(10)
            note   | VARCHAR(20)    | VARCHAR(20)
            code   | VARCHAR(10)    | VARCHAR(10)
            n      | INT            | INT
            tag    | -              | INT
            email  | -              | VARCHAR(30)
            To let it through, set pipeline.schema.change.behavior: evolve (or lenient), or \
            exclude add.column in the sink block with exclude.schema.changes: [add.column].""";

    /**
     * A table through three changes after a checkpoint fence, then a delete and an update; the
     * failover tests fail the source at an event after the changes.
     */
    public static final String FAILOVER =
            """
            events:
              - type: create.table
                table: SCHEMA.items
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: INT}
                  - {name: name, type: VARCHAR(10)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [1, 10, a1]
                  - [2, 20, a2]
                  - [3, 30, a3]
                  - [4, 40, a4]
              - type: checkpoint
              - type: add.column
                table: SCHEMA.items
                columns:
                  - {name: email, type: VARCHAR(30)}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [5, 50, a5, e5]
                  - [6, 60, a6, e6]
                  - [7, 70, a7, e7]
                  - [8, 80, a8, e8]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {qty: BIGINT}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [9, 9000000000, a9, e9]
                  - [10, 100, a10, e10]
              - type: rename.column
                table: SCHEMA.items
                columns: {name: full_name}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [11, 110, b11, e11]
                  - [12, 120, b12, e12]
                  - [13, 130, b13, e13]
                  - [14, 140, b14, e14]
                  - [15, 150, b15, e15]
                  - [16, 160, b16, e16]
                  - [17, 170, b17, e17]
                  - [18, 180, b18, e18]
                  - [19, 190, b19, e19]
                  - [20, 200, b20, e20]
              - type: delete
                table: SCHEMA.items
                rows:
                  - [2, 20, a2, null]
              - type: update
                table: SCHEMA.items
                before: [5, 50, a5, e5]
                after: [5, 55, a5-2, e5-2]
            """;

    /**
     * The items table after {@link #FAILOVER}, in the order of its columns id, qty, full_name,
     * email.
     */
    public static List<String> failoverRows() {
        List<String> rows = new ArrayList<>();
        rows.add("id=1, qty=10, full_name=a1, email=null");
        rows.add("id=3, qty=30, full_name=a3, email=null");
        rows.add("id=4, qty=40, full_name=a4, email=null");
        rows.add("id=5, qty=55, full_name=a5-2, email=e5-2");
        rows.add("id=6, qty=60, full_name=a6, email=e6");
        rows.add("id=7, qty=70, full_name=a7, email=e7");
        rows.add("id=8, qty=80, full_name=a8, email=e8");
        rows.add("id=9, qty=9000000000, full_name=a9, email=e9");
        rows.add("id=10, qty=100, full_name=a10, email=e10");
        for (int id = 11; id <= 20; id++) {
            rows.add("id=" + id + ", qty=" + id * 10 + ", full_name=b" + id + ", email=e" + id);
        }
        return rows;
    }

    /**
     * The whole of stderr when existing-table.schema-expansion.mode CHECK meets a table with
     * SMALLINT qty, VARCHAR(10) note, DECIMAL(10,2) price and no tag, where the pipeline sends INT,
     * VARCHAR(50), DECIMAL(12,4) and VARCHAR(5): the runtime's message, whatever the sink.
     */
    /** The refusal with the repair statements in the sink's dialect. */
    public static String narrowerTableRefusal(String table, List<String> repairs) {
        return narrowerTableRefusal(
                table,
                "Suggested repair statements in the sink's dialect (review before running):",
                repairs);
    }

    public static String narrowerTableRefusal(
            String table, String repairHeader, List<String> repairs) {
        List<String> lines =
                new ArrayList<>(
                        List.of(
                                "Pipeline failed: The existing sink table "
                                        + table
                                        + " does not hold what the pipeline sends"
                                        + " (existing-table.schema-expansion.mode: CHECK); 4"
                                        + " differences:",
                                "  - column qty: upstream INT, target SMALLINT: the table's"
                                        + " type is narrower; widening it holds both",
                                "  - column note: upstream VARCHAR(50), target VARCHAR(10):"
                                        + " the table's type is narrower; widening it holds"
                                        + " both",
                                "  - column price: upstream DECIMAL(12, 4), target DECIMAL(10,"
                                        + " 2): the table's type is narrower; widening it"
                                        + " holds both",
                                "  - column tag: upstream VARCHAR(5), target (none): the table"
                                        + " has no such column",
                                repairHeader));
        repairs.forEach(r -> lines.add("  " + r));
        return String.join(System.lineSeparator(), lines);
    }
}
