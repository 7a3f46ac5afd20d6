package dev.schemaop.connectors.mariadb.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.LocalDateTime;

class ColumnReadersTest {

    @Test
    void theServersTextKeepsEveryDigitAndEveryDay() {
        assertThat(ColumnReaders.dateTime("2024-02-29 12:34:56.123456", true))
                .isEqualTo(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 123_456_000));
        assertThat(ColumnReaders.dateTime("0050-06-15 10:00:00.5", true))
                .isEqualTo(LocalDateTime.of(50, 6, 15, 10, 0, 0, 500_000_000));
        // a day the Julian-Gregorian calendar of java.sql.Timestamp does not have
        assertThat(ColumnReaders.dateTime("1582-10-10 00:00:00", true))
                .isEqualTo(LocalDateTime.of(1582, 10, 10, 0, 0));
        // in Europe/Berlin's daylight-saving gap, which the driver's conversion would shift
        assertThat(ColumnReaders.dateTime("2024-03-31 02:30:00", true))
                .isEqualTo(LocalDateTime.of(2024, 3, 31, 2, 30));
        assertThat(ColumnReaders.date("2024-02-29", true).toLocalDate())
                .isEqualTo(LocalDate.of(2024, 2, 29));
    }

    @Test
    void aZeroMonthOrDayIsNoDateAndYearZeroIsNullWhereNullIsAllowed() {
        LocalDateTime epoch = LocalDateTime.of(1970, 1, 1, 0, 0);
        assertThat(ColumnReaders.dateTime("0000-00-00 00:00:00", true)).isNull();
        assertThat(ColumnReaders.dateTime("0000-00-00 00:00:00", false)).isEqualTo(epoch);
        assertThat(ColumnReaders.dateTime("2024-05-00 10:00:00", true)).isNull();
        assertThat(ColumnReaders.date("2024-00-10", false).toLocalDate())
                .isEqualTo(epoch.toLocalDate());
        assertThat(ColumnReaders.dateTime("0000-01-01 00:00:00", true)).isNull();
        assertThat(ColumnReaders.dateTime("0000-01-01 00:00:00", false))
                .isEqualTo(LocalDateTime.of(0, 1, 1, 0, 0));
        assertThat(ColumnReaders.dateTime(null, false)).isNull();
    }
}
