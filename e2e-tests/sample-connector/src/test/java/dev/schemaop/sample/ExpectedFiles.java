package dev.schemaop.sample;

/** The files the sample sink produces for the rows=10 script at parallelism 1. */
final class ExpectedFiles {
    private ExpectedFiles() {}

    static final String ROWS_10 =
            "sample.items | id=1, name=one-updated, price=1.50\n"
                    + "sample.items | id=2, name=item-2, price=null\n"
                    + "sample.items | id=3, name=item-3, price=null\n"
                    + "sample.items | id=4, name=item-4, price=null\n"
                    + "sample.items | id=5, name=item-5, price=null\n"
                    + "sample.items | id=6, name=item-6, price=6.50\n"
                    + "sample.items | id=7, name=item-7, price=7.50\n"
                    + "sample.items | id=8, name=item-8, price=8.50\n"
                    + "sample.items | id=9, name=item-9, price=9.50\n"
                    + "sample.items | id=10, name=item-10, price=10.50\n";

    static final String SCHEMA_10 =
            "sample.items | columns={`id` INT NOT NULL,`name` VARCHAR(50),`price` DECIMAL(10, 2)},"
                    + " primaryKeys=id, options=()\n";

    static final String SCHEMA_CHANGES =
            "create.table CreateTableEvent{tableId=sample.items, schema=columns={`id` INT NOT NULL,"
                    + "`name` VARCHAR(20)}, primaryKeys=id, options=()}\n"
                    + "add.column AddColumnEvent{tableId=sample.items, addedColumns=[ColumnWithPosition{"
                    + "column=`price` DECIMAL(10, 2), position=LAST, existedColumnName=null}]}\n"
                    + "alter.column.type AlterColumnTypeEvent{tableId=sample.items,"
                    + " typeMapping={name=VARCHAR(50)}}\n";
}
