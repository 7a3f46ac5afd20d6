package dev.schemaop.pipeline.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;

import org.junit.jupiter.api.Test;

class YamlTreeReaderTest {

    @Test
    void keepsLinesAndColumnsOfKeysAndValues() {
        YamlNode.Mapping root =
                (YamlNode.Mapping)
                        YamlTreeReader.read(
                                        "# comment\nsink:\n  type: paimon\n  tables: [a, b]\n",
                                        "f.yaml")
                                .orElseThrow();

        YamlNode.Entry sink = root.get("sink").orElseThrow();
        assertThat(sink.keyLocation()).isEqualTo(new Location("f.yaml", 2, 1));
        YamlNode.Entry type = ((YamlNode.Mapping) sink.value()).get("type").orElseThrow();
        assertThat(type.keyLocation()).isEqualTo(new Location("f.yaml", 3, 3));
        assertThat(type.value())
                .isEqualTo(
                        new YamlNode.Scalar(
                                YamlNode.ScalarKind.STRING,
                                "paimon",
                                new Location("f.yaml", 3, 9)));
        YamlNode.Sequence tables =
                (YamlNode.Sequence)
                        ((YamlNode.Mapping) sink.value()).get("tables").orElseThrow().value();
        assertThat(tables.items())
                .extracting(YamlNode::location)
                .extracting(Location::column)
                .containsExactly(12, 15);
    }

    @Test
    void distinguishesScalarKinds() {
        YamlNode.Mapping root =
                (YamlNode.Mapping)
                        YamlTreeReader.read("a: on\nb: 'on'\nc: 1.50\nd: ~\ne:\n", "f.yaml")
                                .orElseThrow();

        assertThat(root.entries())
                .extracting(e -> ((YamlNode.Scalar) e.value()).kind())
                .containsExactly(
                        YamlNode.ScalarKind.TRUE,
                        YamlNode.ScalarKind.STRING,
                        YamlNode.ScalarKind.NUMBER,
                        YamlNode.ScalarKind.NULL,
                        YamlNode.ScalarKind.NULL);
        assertThat(((YamlNode.Scalar) root.get("a").orElseThrow().value()).optionValue())
                .isEqualTo("true");
        assertThat(((YamlNode.Scalar) root.get("c").orElseThrow().value()).optionValue())
                .isEqualTo("1.50");
    }

    @Test
    void emptyTextHasNoDocument() {
        assertThat(YamlTreeReader.read("", "f.yaml")).isEmpty();
        assertThat(YamlTreeReader.read("# only a comment\n", "f.yaml")).isEmpty();
    }

    @Test
    void rejectsAliases() {
        assertThatThrownBy(() -> YamlTreeReader.read("a: &x 1\nb: *x\n", "f.yaml"))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "f.yaml:2: YAML aliases ('*x') are not supported. Write the value out in full.");
    }

    @Test
    void tabIndentationIsASyntaxErrorWithLineAndColumn() {
        assertThatThrownBy(() -> YamlTreeReader.read("a: 1\n\tb: 2\n", "f.yaml"))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessageStartingWith(
                        "f.yaml:2:1: invalid YAML: found character '\\t(TAB)' that cannot start any token.")
                .hasNoCause();
    }
}
