package dev.schemaop.connectors.mariadb.values;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimeValuesTest {

    @Test
    void onlyTimesOfDayHaveAPipelineValue() {
        assertThat(TimeValues.ofMicros(86_399_999_999L).toMillisOfDay()).isEqualTo(86_399_999);
        assertThat(TimeValues.ofMicros(TimeValues.MICROS_PER_DAY)).isNull();
        assertThat(TimeValues.ofMicros(-1)).isNull();
    }
}
