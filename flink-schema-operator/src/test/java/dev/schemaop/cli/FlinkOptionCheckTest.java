package dev.schemaop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What the check of the {@code -D} options says about secrets. */
class FlinkOptionCheckTest {

    /** The {@code -D} options as the command line gives them (picocli's map option). */
    private static Map<String, String> dashD(String... values) {
        DefinitionOptions options = new DefinitionOptions();
        List<String> args = new ArrayList<>();
        for (String value : values) {
            args.add("-D");
            args.add(value);
        }
        new CommandLine(options).parseArgs(args.toArray(new String[0]));
        return FlinkOptionCheck.keyValues(options.flinkOptions);
    }

    @Test
    void dashDSplitsAtTheFirstEqualsSignInOrderALaterKeyWinning() {
        assertThat(dashD("b=1", "a=x=y", " c =", "b=2"))
                .containsExactly(Map.entry("b", "2"), Map.entry("a", "x=y"), Map.entry("c", ""));
    }

    @Test
    void dashDWithoutAValueOrAKeyIsOneMessage() {
        assertThatThrownBy(() -> dashD("parallelism.default"))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "-D parallelism.default has no value. Write it as -D"
                                + " parallelism.default=VALUE.");
        assertThatThrownBy(() -> dashD("=4"))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage("-D =4 has no key. Write it as -D KEY=VALUE.");
    }

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
