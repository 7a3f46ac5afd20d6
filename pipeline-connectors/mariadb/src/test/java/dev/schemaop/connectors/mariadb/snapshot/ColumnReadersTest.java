package dev.schemaop.connectors.mariadb.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;

class ColumnReadersTest {

    @Test
    void zeroAndYearZeroAreNullInANullableColumnAndTheEpochInARequiredOne() {
        LocalDateTime yearZero = LocalDateTime.of(0, 1, 1, 0, 0);
        assertThat(ColumnReaders.dateTime(null, true)).isNull();
        assertThat(ColumnReaders.dateTime(null, false))
                .isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0));
        assertThat(ColumnReaders.dateTime(yearZero, true)).isNull();
        assertThat(ColumnReaders.dateTime(yearZero, false)).isEqualTo(yearZero);
        LocalDateTime ordinary = LocalDateTime.of(1582, 10, 10, 0, 0, 0, 123_456_000);
        assertThat(ColumnReaders.dateTime(ordinary, true)).isEqualTo(ordinary);
    }
}
