package dev.schemaop.connectors.postgres.values;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

class ToastPlaceholderTest {
    private static final byte[] BYTES = ToastPlaceholder.TEXT.getBytes(StandardCharsets.UTF_8);

    @Test
    void everyFormDebeziumGivesIsRecognised() {
        List<Integer> ints = new ArrayList<>();
        List<Long> longs = new ArrayList<>();
        for (byte b : BYTES) {
            ints.add((int) b);
            longs.add((long) b);
        }
        assertThat(ToastPlaceholder.is(ToastPlaceholder.TEXT)).isTrue();
        assertThat(ToastPlaceholder.is(BYTES.clone())).isTrue();
        assertThat(ToastPlaceholder.is(ByteBuffer.wrap(BYTES.clone()))).isTrue();
        assertThat(ToastPlaceholder.is(List.of(ToastPlaceholder.TEXT))).isTrue();
        assertThat(ToastPlaceholder.is(ints)).isTrue();
        assertThat(ToastPlaceholder.is(longs)).isTrue();
        assertThat(ToastPlaceholder.is(List.of(BYTES.clone()))).isTrue();
        assertThat(ToastPlaceholder.is(List.of(ByteBuffer.wrap(BYTES.clone())))).isTrue();
        assertThat(ToastPlaceholder.is(List.of(UUID.nameUUIDFromBytes(BYTES).toString()))).isTrue();
    }

    @Test
    void realValuesAreNot() {
        assertThat(ToastPlaceholder.is("__debezium_unavailable_value")).isFalse();
        assertThat(ToastPlaceholder.is("")).isFalse();
        assertThat(ToastPlaceholder.is(new byte[0])).isFalse();
        assertThat(ToastPlaceholder.is(List.of("a"))).isFalse();
        assertThat(ToastPlaceholder.is(List.of(1, 2, 3))).isFalse();
        assertThat(ToastPlaceholder.is(42)).isFalse();
        assertThat(ToastPlaceholder.is(null)).isFalse();
        assertThat(ToastPlaceholder.is(List.of(UUID.randomUUID().toString()))).isFalse();
        assertThat(ToastPlaceholder.is(List.of(new byte[] {1, 2}))).isFalse();
    }

    @Test
    void arraysDebeziumHasNoFormForAreKnownByTheirElementType() {
        assertThat(ToastPlaceholder.hasArrayForm("character varying(20)")).isTrue();
        assertThat(ToastPlaceholder.hasArrayForm("text")).isTrue();
        assertThat(ToastPlaceholder.hasArrayForm("bigint")).isTrue();
        assertThat(ToastPlaceholder.hasArrayForm("uuid")).isTrue();
        assertThat(ToastPlaceholder.hasArrayForm("double precision")).isFalse();
        assertThat(ToastPlaceholder.hasArrayForm("numeric(10,2)")).isFalse();
        assertThat(ToastPlaceholder.hasArrayForm("character(3)")).isFalse();
        assertThat(ToastPlaceholder.hasArrayForm(null)).isFalse();
    }
}
