package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;

/**
 * Where reading is in a script: its name, the event being read and that event's line. Every {@link
 * ScriptException} is made here, so all of them name the script the same way and carry the event
 * number and line.
 *
 * <p>The values sink's {@code existing.tables} file is read with the same readers; its position
 * names the document and its items differently ("Invalid values sink existing.tables file ...,
 * entry #2 (line 5): ...").
 */
final class ScriptPosition {

    private final String scriptName;

    /** What the document is, in messages: "values script". */
    private final String documentKind;

    /** What its items are, in messages: "event". */
    private final String itemNoun;

    private int eventNumber;
    private int line;

    ScriptPosition(String scriptName) {
        this(scriptName, "values script", "event");
    }

    ScriptPosition(String scriptName, String documentKind, String itemNoun) {
        this.scriptName = scriptName;
        this.documentKind = documentKind;
        this.itemNoun = itemNoun;
    }

    /** Moves on to the next event, which starts at {@code line}. */
    void nextEvent(int line) {
        eventNumber++;
        this.line = line;
    }

    /** 1-based number of the event being read; 0 before the first. */
    int eventNumber() {
        return eventNumber;
    }

    /** 1-based line of the event being read. */
    int line() {
        return line;
    }

    static int lineOf(JsonLocation location) {
        return location == null ? 0 : location.getLineNr();
    }

    /** The event being read is wrong. */
    ScriptException eventError(String detail) {
        return new ScriptException(
                "Invalid "
                        + documentKind
                        + " "
                        + scriptName
                        + ", "
                        + itemNoun
                        + " #"
                        + eventNumber
                        + " (line "
                        + line
                        + "): "
                        + detail,
                eventNumber,
                line);
    }

    /** The script's structure around the events is wrong; {@code atLine} is 0 when unknown. */
    ScriptException structureError(int atLine, String detail) {
        return new ScriptException(
                "Invalid "
                        + documentKind
                        + " "
                        + scriptName
                        + (atLine > 0 ? " (line " + atLine + ")" : "")
                        + ": "
                        + detail,
                0,
                atLine);
    }

    /**
     * The script uses a YAML anchor or alias ({@code found}: which one, e.g. "the alias *who"),
     * which it may not: see {@link YamlAliasCheck}.
     */
    ScriptException aliasError(int atLine, String found) {
        return structureError(
                atLine,
                "YAML aliases (*name) and anchors (&name) are not supported here (found "
                        + found
                        + "); write the value out.");
    }

    /** The text is not YAML; the exception carries the number of the last event started. */
    ScriptException invalidYaml(JsonProcessingException e) {
        int errorLine = lineOf(e.getLocation());
        String where = e.getLocation() == null ? "" : " (line " + errorLine + ")";
        return new ScriptException(
                "Invalid "
                        + documentKind
                        + " "
                        + scriptName
                        + ": not valid YAML"
                        + where
                        + ": "
                        + e.getOriginalMessage(),
                eventNumber,
                errorLine);
    }

    ScriptException unreadable(IOException e) {
        return new ScriptException(
                "Invalid " + documentKind + " " + scriptName + ": " + e.getMessage(), 0, 0);
    }
}
