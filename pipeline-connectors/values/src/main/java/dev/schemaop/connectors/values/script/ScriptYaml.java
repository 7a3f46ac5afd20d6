package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;

/** The YAML settings every read of a script uses. */
final class ScriptYaml {

    private ScriptYaml() {}

    /**
     * Numbers are read as big numbers so a row value reaches its column type's check exactly as
     * written: a double would round a DECIMAL value, a long would wrap one beyond BIGINT.
     */
    static final ObjectMapper MAPPER =
            new ObjectMapper(YAMLFactory.builder().loaderOptions(loaderOptions()).build())
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    /**
     * SnakeYAML refuses documents over 3 MiB by default, a guard for untrusted input. A script is
     * the test author's own file, whose size the source factory limits, so no text that fits in a
     * Java string is refused for its size.
     */
    static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(Integer.MAX_VALUE);
        return options;
    }
}
