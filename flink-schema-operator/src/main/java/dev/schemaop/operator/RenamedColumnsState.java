package dev.schemaop.operator;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.VersionedState;

import org.apache.flink.cdc.common.event.TableId;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Checkpoint bytes of the renamed columns a schema operator subtask knows ({@link
 * SubtaskSchemas#renamedColumns}), version 1, in union state: every subtask gets every subtask's
 * record at a restore, so a key kept under an old name is fed wherever the table's rows are read
 * after a rescale. Records only grow between a table's create and drop, so of several records of
 * one table the one with the most names is the newest.
 */
final class RenamedColumnsState {
    private static final int VERSION = 1;
    private static final String WHAT = "schema operator renamed columns";

    private RenamedColumnsState() {}

    static byte[] snapshot(Map<TableId, Map<String, String>> renamed) throws IOException {
        return VersionedState.write(
                VERSION,
                writer ->
                        writer.map(
                                renamed,
                                DataWriter::table,
                                (w, names) ->
                                        w.map(names, DataWriter::string, DataWriter::string)));
    }

    static Map<TableId, Map<String, String>> restore(Iterable<byte[]> entries) throws IOException {
        Map<TableId, Map<String, String>> merged = new HashMap<>();
        for (byte[] bytes : entries) {
            Map<TableId, Map<String, String>> entry =
                    VersionedState.read(
                            bytes,
                            WHAT,
                            Map.of(
                                    VERSION,
                                    in ->
                                            VersionedState.part(
                                                    in,
                                                    WHAT,
                                                    r ->
                                                            r.map(
                                                                    DataReader::table,
                                                                    names ->
                                                                            names.map(
                                                                                    DataReader
                                                                                            ::string,
                                                                                    DataReader
                                                                                            ::string)))));
            entry.forEach(
                    (table, names) ->
                            merged.merge(table, names, (a, b) -> b.size() > a.size() ? b : a));
        }
        return merged;
    }
}
