package dev.schemaop.pipeline;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.cdc.common.event.Event;

/** The type of the source's stream: see {@link SourceEventSerializer}. */
final class SourceEventTypeInfo extends TypeInformation<Event> {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<Event> getTypeClass() {
        return Event.class;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<Event> createSerializer(SerializerConfig config) {
        return SourceEventSerializer.INSTANCE;
    }

    @Override
    @Deprecated
    public TypeSerializer<Event> createSerializer(ExecutionConfig config) {
        return SourceEventSerializer.INSTANCE;
    }

    @Override
    public String toString() {
        return "SourceEvent";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof SourceEventTypeInfo;
    }

    @Override
    public int hashCode() {
        return SourceEventTypeInfo.class.hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof SourceEventTypeInfo;
    }
}
