package dev.schemaop.cli;

import org.apache.flink.cdc.common.configuration.description.Formatter;
import org.apache.flink.cdc.common.configuration.description.TextElement;

import java.util.EnumSet;

/** A connector option's description as one line of plain text, for a terminal. */
final class PlainTextFormatter extends Formatter {
    @Override
    protected void formatLink(StringBuilder state, String link, String description) {
        state.append(description.isEmpty() ? link : description + " (" + link + ")");
    }

    @Override
    protected void formatLineBreak(StringBuilder state) {
        state.append(' ');
    }

    @Override
    protected void formatText(
            StringBuilder state,
            String format,
            String[] elements,
            EnumSet<TextElement.TextStyle> styles) {
        state.append(String.format(format, (Object[]) elements));
    }

    @Override
    protected void formatList(StringBuilder state, String[] entries) {
        state.append(String.join("; ", entries));
    }

    @Override
    protected Formatter newInstance() {
        return new PlainTextFormatter();
    }
}
