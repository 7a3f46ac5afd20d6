package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.workload.TableShape;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The baseline of W5, the practical limit: a plain JDBC program that upserts the generated rows
 * into a fresh table of the same shape, one thread and one connection per share of the rows. Each
 * thread binds the rows' values to one prepared statement (the SQL the sink's dialect writes),
 * {@code addBatch} per row, {@code executeBatch} and {@code commit} every {@code batchRows} rows,
 * as the sink's writer does per flush. Connecting, creating the table and dealing out the rows
 * happen before the clock starts.
 */
public final class UpsertLoop {
    private final Endpoint endpoint;
    private final TablePath table;
    private final int batchRows;

    public UpsertLoop(Endpoint endpoint, TablePath table, int batchRows) {
        this.endpoint = endpoint;
        this.table = table;
        this.batchRows = batchRows;
    }

    /** Creates the table as the sink creates it (its dialect's statements). */
    public void createTable() throws SQLException {
        JdbcDialect dialect = endpoint.database().dialect();
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            for (String sql : dialect.createTable(table, TableShape.initialSchema())) {
                statement.execute(sql);
            }
        }
    }

    /**
     * Writes each channel's rows in its own thread.
     *
     * @return rows per second, from the first thread starting to the last commit
     */
    public double run(long[][] seqsPerChannel) throws Exception {
        Schema schema = TableShape.initialSchema();
        String sql =
                endpoint.database()
                        .dialect()
                        .upsert(table, schema.getColumnNames(), schema.primaryKeys());
        DataType[] types = schema.getColumnDataTypes().toArray(new DataType[0]);
        int channels = seqsPerChannel.length;
        List<Connection> connections = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(channels);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<long[]>> spans = new ArrayList<>();
            long rows = 0;
            for (long[] seqs : seqsPerChannel) {
                Connection connection = endpoint.connectForWrites();
                connections.add(connection);
                spans.add(threads.submit(writer(connection, sql, types, seqs, start)));
                rows += seqs.length;
            }
            start.countDown();
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (Future<long[]> span : spans) {
                long[] startedAndEnded = span.get();
                first = Math.min(first, startedAndEnded[0]);
                last = Math.max(last, startedAndEnded[1]);
            }
            return rows * 1e9 / (last - first);
        } finally {
            threads.shutdownNow();
            for (Connection connection : connections) {
                connection.close();
            }
        }
    }

    private Callable<long[]> writer(
            Connection connection,
            String sql,
            DataType[] types,
            long[] seqs,
            CountDownLatch start) {
        return () -> {
            start.await();
            long started = System.nanoTime();
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                int inBatch = 0;
                for (long seq : seqs) {
                    bindRow(statement, seq, types);
                    statement.addBatch();
                    if (++inBatch == batchRows) {
                        statement.executeBatch();
                        connection.commit();
                        inBatch = 0;
                    }
                }
                if (inBatch > 0) {
                    statement.executeBatch();
                    connection.commit();
                }
            }
            return new long[] {started, System.nanoTime()};
        };
    }

    /** The generated values of row {@code seq}, bound with the setter of each column's type. */
    private static void bindRow(PreparedStatement statement, long seq, DataType[] types)
            throws SQLException {
        for (int column = 0; column < types.length; column++) {
            Object value = TableShape.value(seq, column, types[column]);
            DataTypeRoot root = types[column].getTypeRoot();
            switch (root) {
                case BIGINT -> statement.setLong(column + 1, (Long) value);
                case INTEGER -> statement.setInt(column + 1, (Integer) value);
                case DOUBLE -> statement.setDouble(column + 1, (Double) value);
                case VARCHAR -> statement.setString(column + 1, value.toString());
                default -> throw new IllegalArgumentException("No binding for " + root);
            }
        }
    }
}
