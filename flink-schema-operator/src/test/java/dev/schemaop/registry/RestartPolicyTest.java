package dev.schemaop.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.NonRecoverableException;

import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.Test;

import java.io.IOException;

/** Which failures end the job at once and which restart it (issue 24). */
class RestartPolicyTest {

    @Test
    void decisionsAndRefusalsEndTheJob() {
        Throwable unsupported =
                new SchemaEvolutionException(
                        "the sink failed",
                        new UnsupportedSchemaChangeEventException(
                                new DropTableEvent(TableId.tableId("db", "t")), "drift"));
        for (Throwable decided :
                new Throwable[] {
                    SchemaEvolutionException.decided("CHECK refuses the table"),
                    unsupported,
                    new RuntimeException(new NonRecoverableException("bad password")),
                }) {
            Throwable failure = RestartPolicy.failureOf(decided);
            assertThat(failure).isInstanceOf(SuppressRestartsException.class);
            assertThat(failure.getCause()).isSameAs(decided);
        }
    }

    @Test
    void accidentsRestartTheJob() {
        Throwable lost =
                new SchemaEvolutionException("the sink failed", new IOException("connection lost"));

        assertThat(RestartPolicy.failureOf(lost)).isSameAs(lost);
    }
}
