package dev.schemaop.codec;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** Type information that makes Flink use one given serializer for a type of ours. */
public final class FixedSerializerTypeInfo<T> extends TypeInformation<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private final TypeSerializer<T> serializer;
    private final String name;

    public FixedSerializerTypeInfo(Class<T> type, TypeSerializer<T> serializer, String name) {
        this.type = type;
        this.serializer = serializer;
        this.name = name;
    }

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
    public Class<T> getTypeClass() {
        return type;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return serializer;
    }

    @Override
    @Deprecated
    public TypeSerializer<T> createSerializer(ExecutionConfig config) {
        return serializer;
    }

    @Override
    public String toString() {
        return name;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof FixedSerializerTypeInfo
                && ((FixedSerializerTypeInfo<?>) obj).serializer.getClass()
                        == serializer.getClass();
    }

    @Override
    public int hashCode() {
        return serializer.getClass().hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof FixedSerializerTypeInfo;
    }
}
