package dev.schemaop.connectors.postgres.values;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.junit.jupiter.api.Test;

class StreamValuesTest {
    private static final Schema MICRO_TIME =
            SchemaBuilder.int64().name("io.debezium.time.MicroTime").build();

    @Test
    void aTimeOfDayInMicrosecondsBecomesMilliseconds() {
        assertThat(StreamValues.convert(45_296_789_000L, MICRO_TIME, DataTypes.TIME(3), "at"))
                .isEqualTo(TimeData.fromMillisOfDay(45_296_789));
    }

    @Test
    void theEndOfTheDayIsItsLastMillisecondAsTheSnapshotReadsIt() {
        // TIME '24:00:00': 86,400,000,000 microseconds; the JDBC driver reads LocalTime.MAX
        assertThat(StreamValues.convert(86_400_000_000L, MICRO_TIME, DataTypes.TIME(3), "at"))
                .isEqualTo(TimeData.fromMillisOfDay(86_399_999));
    }
}
