package dev.schemaop.connectors.values.script;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Rejects YAML anchors ({@code &name}) and aliases ({@code *name}) in a script.
 *
 * <p>Jackson's YAML parser does not resolve an alias: it reports it as a string holding the
 * anchor's name, so {@code [2, *who]} would become the row {@code (2, "who")} and {@code columns:
 * *cols} the string {@code "cols"}. Jackson also does not report every anchor (not those of
 * scalars), so this walks SnakeYAML's own events, which show both, before Jackson reads the text.
 * Rejecting at the first anchor also ends an alias bomb before anything is expanded.
 */
final class YamlAliasCheck {

    private YamlAliasCheck() {}

    /**
     * @throws ScriptException at the first anchor or alias, naming it and its line
     */
    static void rejectAnchorsAndAliases(String text, ScriptPosition position) {
        // Every anchor and alias is written with '&' or '*': a script without either (nearly
        // every script) needs no second pass over its text.
        if (text.indexOf('&') < 0 && text.indexOf('*') < 0) {
            return;
        }
        Parser parser = new ParserImpl(new StreamReader(text), ScriptYaml.loaderOptions());
        try {
            while (!parser.checkEvent(Event.ID.StreamEnd)) {
                Event event = parser.getEvent();
                if (event instanceof NodeEvent && ((NodeEvent) event).getAnchor() != null) {
                    throw position.aliasError(
                            lineOf(event.getStartMark()),
                            (event instanceof AliasEvent ? "the alias *" : "the anchor &")
                                    + ((NodeEvent) event).getAnchor());
                }
            }
        } catch (YAMLException e) {
            // Not valid YAML: reading the text with Jackson reports it, as for any script.
        }
    }

    private static int lineOf(Mark mark) {
        return mark == null ? 0 : mark.getLine() + 1;
    }
}
