package dev.schemaop.operator;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** Type information that makes Flink use {@link ShapedEventSerializer}. */
public final class ShapedEventTypeInfo extends TypeInformation<ShapedEvent> {
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
    public Class<ShapedEvent> getTypeClass() {
        return ShapedEvent.class;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<ShapedEvent> createSerializer(SerializerConfig config) {
        return ShapedEventSerializer.INSTANCE;
    }

    @Override
    @Deprecated
    public TypeSerializer<ShapedEvent> createSerializer(ExecutionConfig config) {
        return ShapedEventSerializer.INSTANCE;
    }

    @Override
    public String toString() {
        return "ShapedEvent";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ShapedEventTypeInfo;
    }

    @Override
    public int hashCode() {
        return ShapedEventTypeInfo.class.hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof ShapedEventTypeInfo;
    }
}
