package dev.schemaop.e2e.postgres;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The column changes between rows that both captures are tested with, on {@code customers (id INT
 * PRIMARY KEY, name VARCHAR(20), age INT)} holding ann, ben and cid (ids 1-3): a column added, a
 * retype, a rename, a drop, with rows between them, then an update and a delete.
 */
final class CustomerChanges {
    /** The sink's columns after them. */
    static final List<String> COLUMNS =
            List.of("id integer NOT NULL", "full_name character varying(20)", "age bigint");

    private CustomerChanges() {}

    static void run(SourceDatabase source) throws SQLException {
        source.execute("ALTER TABLE customers ADD COLUMN email VARCHAR(30)");
        source.execute("INSERT INTO customers VALUES (5, 'eve', 35, 'e@x')");
        source.execute("ALTER TABLE customers ALTER COLUMN age TYPE BIGINT");
        source.execute("ALTER TABLE customers RENAME COLUMN name TO full_name");
        source.execute("INSERT INTO customers VALUES (6, 'fay', 36, 'f@x')");
        source.execute("ALTER TABLE customers DROP COLUMN email");
        source.execute("INSERT INTO customers VALUES (7, 'gus', 37)");
        source.execute("UPDATE customers SET age = 310 WHERE id = 1");
        source.execute("DELETE FROM customers WHERE id = 2");
    }

    /** The sink's rows after them, with the rows the test wrote before them, in id order. */
    static List<String> rows(String... before) {
        List<String> rows =
                new ArrayList<>(
                        List.of(
                                "id=1, full_name=ann, age=310",
                                "id=3, full_name=cid, age=33",
                                "id=5, full_name=eve, age=35",
                                "id=6, full_name=fay, age=36",
                                "id=7, full_name=gus, age=37"));
        rows.addAll(List.of(before));
        rows.sort(Comparator.comparingInt(CustomerChanges::id));
        return rows;
    }

    private static int id(String row) {
        return Integer.parseInt(row.substring("id=".length(), row.indexOf(',')));
    }
}
