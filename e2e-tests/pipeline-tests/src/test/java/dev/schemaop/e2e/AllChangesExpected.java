package dev.schemaop.e2e;

import java.util.List;

/**
 * The exact sink state the all-changes script (test resource scripts/all-changes.yaml) must leave
 * under each behavior. Derived by hand from SPEC §3 and checked against runs at parallelism 1 and
 * 3; the same state is expected at every parallelism.
 *
 * <ul>
 *   <li>evolve: every change reaches the sink; the truncate and drop of db.logs remove its rows,
 *       the re-created table only has row 4.
 *   <li>lenient: nothing is lost: the lossy age change becomes rename to age_integer + add age; the
 *       rename adds full_name; the drop makes note nullable; truncate and drop are excluded by
 *       default; the re-create adds level.
 *   <li>ignore: only the creates; rows are reshaped by name (a value that does not fit, e.g.
 *       5000000000 into INT or "41" into INT, is null and counted).
 *   <li>try_evolve on a sink that only supports create.table, add.column, truncate.table: the other
 *       changes are skipped with a WARN and rows reshaped as under ignore.
 * </ul>
 */
final class AllChangesExpected {
    private AllChangesExpected() {}

    /** The sink state: db.people's columns and rows, db.logs's, and the applied changes. */
    record Expected(
            String peopleColumns,
            String peopleRows,
            String logsColumns,
            String logsRows,
            String schemaChanges) {

        static List<String> lines(String block) {
            return block.isBlank() ? List.of() : block.strip().lines().toList();
        }
    }

    /** What the sink holds after the all-changes script under evolve. */
    static final Expected EVOLVE =
            new Expected(
                    """
            id INT NOT NULL
            full_name VARCHAR(10)
            age VARCHAR(10)
            score BIGINT
            email VARCHAR(30)
            """,
                    """
            id=1, full_name=ann, age=41, score=101, email=a@x
            id=2, full_name=ben, age=32, score=200, email=null
            id=3, full_name=cid, age=33, score=300, email=null
            id=4, full_name=dan, age=34, score=400, email=d@x
            id=5, full_name=eve, age=35, score=5000000000, email=e@x
            id=6, full_name=fay, age=thirty-6, score=600, email=f@x
            id=7, full_name=gus, age=37, score=700, email=g@x
            id=8, full_name=hal, age=38, score=800, email=h@x
            """,
                    """
            id INT NOT NULL
            msg VARCHAR(20)
            level INT
            """,
                    """
            id=4, msg=d, level=1
            """,
                    """
            CreateTableEvent{tableId=db.people, schema=columns={`id` INT NOT NULL,`name` VARCHAR(10),`age` INT,`score` INT,`note` VARCHAR(20) NOT NULL}, primaryKeys=id, options=()}
            AddColumnEvent{tableId=db.people, addedColumns=[ColumnWithPosition{column=`email` VARCHAR(30), position=LAST, existedColumnName=null}]}
            AlterColumnTypeEvent{tableId=db.people, typeMapping={score=BIGINT}, oldTypeMapping={score=INT}}
            AlterColumnTypeEvent{tableId=db.people, typeMapping={age=VARCHAR(10)}, oldTypeMapping={age=INT}}
            RenameColumnEvent{tableId=db.people, nameMapping={name=full_name}}
            DropColumnEvent{tableId=db.people, droppedColumnNames=[note]}
            CreateTableEvent{tableId=db.logs, schema=columns={`id` INT NOT NULL,`msg` VARCHAR(20)}, primaryKeys=id, options=()}
            TruncateTableEvent{tableId=db.logs}
            DropTableEvent{tableId=db.logs}
            CreateTableEvent{tableId=db.logs, schema=columns={`id` INT NOT NULL,`msg` VARCHAR(20),`level` INT}, primaryKeys=id, options=()}
            """);

    /** What the sink holds after the all-changes script under lenient. */
    static final Expected LENIENT =
            new Expected(
                    """
            id INT NOT NULL
            name VARCHAR(10)
            age_integer INT
            score BIGINT
            note VARCHAR(20)
            email VARCHAR(30)
            age VARCHAR(10)
            full_name VARCHAR(10)
            """,
                    """
            id=1, name=null, age_integer=null, score=101, note=null, email=a@x, age=41, full_name=ann
            id=2, name=ben, age_integer=32, score=200, note=n2, email=null, age=null, full_name=null
            id=3, name=cid, age_integer=33, score=300, note=n3, email=null, age=null, full_name=null
            id=4, name=dan, age_integer=34, score=400, note=n4, email=d@x, age=null, full_name=null
            id=5, name=eve, age_integer=35, score=5000000000, note=n5, email=e@x, age=null, full_name=null
            id=6, name=fay, age_integer=null, score=600, note=n6, email=f@x, age=thirty-6, full_name=null
            id=7, name=null, age_integer=null, score=700, note=n7, email=g@x, age=37, full_name=gus
            id=8, name=null, age_integer=null, score=800, note=null, email=h@x, age=38, full_name=hal
            """,
                    """
            id INT NOT NULL
            msg VARCHAR(20)
            level INT
            """,
                    """
            id=1, msg=a, level=null
            id=2, msg=b, level=null
            id=3, msg=c, level=null
            id=4, msg=d, level=1
            """,
                    """
            CreateTableEvent{tableId=db.people, schema=columns={`id` INT NOT NULL,`name` VARCHAR(10),`age` INT,`score` INT,`note` VARCHAR(20) NOT NULL}, primaryKeys=id, options=()}
            AddColumnEvent{tableId=db.people, addedColumns=[ColumnWithPosition{column=`email` VARCHAR(30), position=LAST, existedColumnName=null}]}
            AlterColumnTypeEvent{tableId=db.people, typeMapping={score=BIGINT}, oldTypeMapping={score=INT}}
            RenameColumnEvent{tableId=db.people, nameMapping={age=age_integer}}
            AddColumnEvent{tableId=db.people, addedColumns=[ColumnWithPosition{column=`age` VARCHAR(10), position=LAST, existedColumnName=null}]}
            AddColumnEvent{tableId=db.people, addedColumns=[ColumnWithPosition{column=`full_name` VARCHAR(10), position=LAST, existedColumnName=null}]}
            AlterColumnTypeEvent{tableId=db.people, typeMapping={note=VARCHAR(20)}, oldTypeMapping={note=VARCHAR(20) NOT NULL}}
            CreateTableEvent{tableId=db.logs, schema=columns={`id` INT NOT NULL,`msg` VARCHAR(20)}, primaryKeys=id, options=()}
            AddColumnEvent{tableId=db.logs, addedColumns=[ColumnWithPosition{column=`level` INT, position=LAST, existedColumnName=null}]}
            """);

    /** What the sink holds after the all-changes script under ignore. */
    static final Expected IGNORE =
            new Expected(
                    """
            id INT NOT NULL
            name VARCHAR(10)
            age INT
            score INT
            note VARCHAR(20) NOT NULL
            """,
                    """
            id=1, name=null, age=null, score=101, note=null
            id=2, name=ben, age=32, score=200, note=n2
            id=3, name=cid, age=33, score=300, note=n3
            id=4, name=dan, age=34, score=400, note=n4
            id=5, name=eve, age=35, score=null, note=n5
            id=6, name=fay, age=null, score=600, note=n6
            id=7, name=null, age=null, score=700, note=n7
            id=8, name=null, age=null, score=800, note=null
            """,
                    """
            id INT NOT NULL
            msg VARCHAR(20)
            """,
                    """
            id=1, msg=a
            id=2, msg=b
            id=3, msg=c
            id=4, msg=d
            """,
                    """
            CreateTableEvent{tableId=db.people, schema=columns={`id` INT NOT NULL,`name` VARCHAR(10),`age` INT,`score` INT,`note` VARCHAR(20) NOT NULL}, primaryKeys=id, options=()}
            CreateTableEvent{tableId=db.logs, schema=columns={`id` INT NOT NULL,`msg` VARCHAR(20)}, primaryKeys=id, options=()}
            """);

    /** What the sink holds after the all-changes script under try_evolve_limited. */
    static final Expected TRY_EVOLVE_LIMITED =
            new Expected(
                    """
            id INT NOT NULL
            name VARCHAR(10)
            age INT
            score INT
            note VARCHAR(20) NOT NULL
            email VARCHAR(30)
            """,
                    """
            id=1, name=null, age=null, score=101, note=null, email=a@x
            id=2, name=ben, age=32, score=200, note=n2, email=null
            id=3, name=cid, age=33, score=300, note=n3, email=null
            id=4, name=dan, age=34, score=400, note=n4, email=d@x
            id=5, name=eve, age=35, score=null, note=n5, email=e@x
            id=6, name=fay, age=null, score=600, note=n6, email=f@x
            id=7, name=null, age=null, score=700, note=n7, email=g@x
            id=8, name=null, age=null, score=800, note=null, email=h@x
            """,
                    """
            id INT NOT NULL
            msg VARCHAR(20)
            level INT
            """,
                    """
            id=3, msg=c, level=null
            id=4, msg=d, level=1
            """,
                    """
            CreateTableEvent{tableId=db.people, schema=columns={`id` INT NOT NULL,`name` VARCHAR(10),`age` INT,`score` INT,`note` VARCHAR(20) NOT NULL}, primaryKeys=id, options=()}
            AddColumnEvent{tableId=db.people, addedColumns=[ColumnWithPosition{column=`email` VARCHAR(30), position=LAST, existedColumnName=null}]}
            CreateTableEvent{tableId=db.logs, schema=columns={`id` INT NOT NULL,`msg` VARCHAR(20)}, primaryKeys=id, options=()}
            TruncateTableEvent{tableId=db.logs}
            AddColumnEvent{tableId=db.logs, addedColumns=[ColumnWithPosition{column=`level` INT, position=LAST, existedColumnName=null}]}
            """);
}
