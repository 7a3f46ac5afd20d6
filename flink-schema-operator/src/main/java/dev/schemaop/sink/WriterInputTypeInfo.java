package dev.schemaop.sink;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.cdc.common.event.Event;

/** Type information of the events the sink input operator hands to the connector writer. */
public final class WriterInputTypeInfo extends TypeInformation<Event> {
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
        return WriterInputSerializer.INSTANCE;
    }

    @Override
    @Deprecated
    public TypeSerializer<Event> createSerializer(ExecutionConfig config) {
        return WriterInputSerializer.INSTANCE;
    }

    @Override
    public String toString() {
        return "Event (handed to the sink writer)";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof WriterInputTypeInfo;
    }

    @Override
    public int hashCode() {
        return WriterInputTypeInfo.class.hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof WriterInputTypeInfo;
    }
}
