package dev.schemaop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** What the check of the {@code -D} options says about secrets. */
class FlinkOptionCheckTest {

    @Test
    void aValueFlinkCannotReadIsNotShownWhenItsKeyHoldsASecret() {
        assertThatThrownBy(
                        () ->
                                FlinkOptionCheck.check(
                                        Map.of("security.delegation.tokens.enabled", "s3cret")))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "-D security.delegation.tokens.enabled=***: '***' is not a valid value of"
                                + " security.delegation.tokens.enabled. Expected true or false.")
                .satisfies(e -> assertThat(stackTrace(e)).doesNotContain("s3cret"));
    }

    @Test
    void aValueFlinkCannotReadIsShownWhenItsKeyHoldsNoSecret() {
        assertThatThrownBy(() -> FlinkOptionCheck.check(Map.of("parallelism.default", "abc")))
                .hasMessage(
                        "-D parallelism.default=abc: 'abc' is not a valid value of"
                                + " parallelism.default. Expected an integer, e.g. 4.");
    }

    @Test
    void secretsInGlobalJobParametersAreNamedInAWarning() {
        assertThat(
                        FlinkOptionCheck.check(
                                Map.of(
                                        "pipeline.global-job-parameters",
                                        "region:eu,api.token:s3cret,db.password:pw")))
                .containsExactly(
                        "-D pipeline.global-job-parameters holds api.token, db.password, which"
                                + " Flink's web UI and REST API show with the option's value"
                                + " (/jobmanager/config). Give a connector's secrets in the"
                                + " pipeline definition.");
        assertThat(FlinkOptionCheck.check(Map.of("pipeline.global-job-parameters", "region:eu")))
                .isEmpty();
    }

    private static String stackTrace(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
