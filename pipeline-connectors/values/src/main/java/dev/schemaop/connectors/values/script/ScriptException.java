package dev.schemaop.connectors.values.script;

/** A values source script that cannot be read: the message names the script, event and line. */
public class ScriptException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int eventNumber;
    private final int line;

    public ScriptException(String message, int eventNumber, int line) {
        super(message);
        this.eventNumber = eventNumber;
        this.line = line;
    }

    /** 1-based number of the offending event in the script, or 0 for a script-level error. */
    public int getEventNumber() {
        return eventNumber;
    }

    /** 1-based line of the offending event (or key), or 0 when unknown. */
    public int getLine() {
        return line;
    }
}
