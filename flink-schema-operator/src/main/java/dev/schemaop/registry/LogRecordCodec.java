package dev.schemaop.registry;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.io.IOException;
import java.util.List;

/** The records of the {@link AppliedChangeLog}: an intent, an applier call, a completed change. */
final class LogRecordCodec {
    private LogRecordCodec() {}

    static void writeCompleted(DataWriter writer, CompletedChange change) throws IOException {
        writeUpstream(writer, change.upstream());
        writer.list(change.sinkUpdates(), LogRecordCodec::writeUpdate);
    }

    static CompletedChange readCompleted(DataReader reader) throws IOException {
        return new CompletedChange(readUpstream(reader), reader.list(LogRecordCodec::readUpdate));
    }

    static void writeIntent(DataWriter writer, ChangeIntent intent) throws IOException {
        writeUpstream(writer, intent.upstream());
        writer.list(intent.sinks(), LogRecordCodec::writePlan);
    }

    static ChangeIntent readIntent(DataReader reader) throws IOException {
        return new ChangeIntent(readUpstream(reader), reader.list(LogRecordCodec::readPlan));
    }

    static void writeCall(DataWriter writer, AppliedChangeLog.AppliedCall call) throws IOException {
        writer.table(call.upstreamTable()).intValue(call.position());
        writer.table(call.sink()).intValue(call.baseVersion()).intValue(call.index());
        writer.event(call.event());
    }

    static AppliedChangeLog.AppliedCall readCall(DataReader reader) throws IOException {
        return new AppliedChangeLog.AppliedCall(
                reader.table(),
                reader.intValue(),
                reader.table(),
                reader.intValue(),
                reader.intValue(),
                (SchemaChangeEvent) reader.event());
    }

    private static void writeUpstream(DataWriter writer, UpstreamChange change) throws IOException {
        writer.longValue(change.sequence()).table(change.table()).intValue(change.position());
        writer.longValue(change.reportedFingerprint()).nullableSchema(change.schemaAfter());
        writer.intValue(change.ordinal());
    }

    private static UpstreamChange readUpstream(DataReader reader) throws IOException {
        return new UpstreamChange(
                reader.longValue(),
                reader.table(),
                reader.intValue(),
                reader.longValue(),
                reader.nullableSchema(),
                reader.intValue());
    }

    private static void writeUpdate(DataWriter writer, SinkUpdate update) throws IOException {
        writer.table(update.sink())
                .list(update.events(), DataWriter::event)
                .nullableSchema(update.schemaAfter());
    }

    private static SinkUpdate readUpdate(DataReader reader) throws IOException {
        TableId sink = reader.table();
        List<SchemaChangeEvent> events = reader.list(r -> (SchemaChangeEvent) r.event());
        return new SinkUpdate(sink, events, reader.nullableSchema());
    }

    private static void writePlan(DataWriter writer, SinkPlan plan) throws IOException {
        writer.table(plan.sink()).intValue(plan.baseVersion()).nullableSchema(plan.baseSchema());
        writer.list(plan.events(), DataWriter::event);
    }

    private static SinkPlan readPlan(DataReader reader) throws IOException {
        TableId sink = reader.table();
        int baseVersion = reader.intValue();
        Schema baseSchema = reader.nullableSchema();
        List<SchemaChangeEvent> events = reader.list(r -> (SchemaChangeEvent) r.event());
        return new SinkPlan(sink, baseVersion, baseSchema, events, List.of());
    }
}
