package dev.schemaop.connectors.postgres;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the source sees DDL ({@code schema-changes.capture}). Left unset, the start check chooses:
 * the event trigger when the user may create one (a superuser), else Relation messages.
 */
public enum SchemaChangesCapture {
    /**
     * An event trigger the source installs writes each DDL's result into the WAL: every change, in
     * order with the rows, also on a table that gets no rows after it.
     */
    EVENT_TRIGGER("event-trigger"),

    /**
     * No trigger: a change is seen in the Relation message pgoutput sends before the first row
     * written after it, its columns told apart by attnum from {@code pg_attribute}.
     */
    RELATION("relation");

    private final String option;

    SchemaChangesCapture(String option) {
        this.option = option;
    }

    public String option() {
        return option;
    }

    static SchemaChangesCapture parse(String value) {
        for (SchemaChangesCapture capture : values()) {
            if (capture.option.equals(value)) {
                return capture;
            }
        }
        throw new IllegalArgumentException(
                "Option 'schema-changes.capture' of the postgres source takes "
                        + Arrays.stream(values())
                                .map(SchemaChangesCapture::option)
                                .collect(Collectors.joining(" or "))
                        + ", got '"
                        + value
                        + "'");
    }
}
