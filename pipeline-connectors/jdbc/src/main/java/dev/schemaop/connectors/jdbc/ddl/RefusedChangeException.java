package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.api.NonRecoverableException;

/**
 * The sink refuses a schema change before running any of its DDL: it would change stored values, or
 * it does not fit the table as it is. The applier reports it as Flink CDC's {@code
 * UnsupportedSchemaChangeEventException} with this as its cause (SPEC §3: TRY_EVOLVE skips it with
 * a WARN, EVOLVE fails the job); a restart would meet the same table, so it is a {@link
 * NonRecoverableException}. Its message says what, where and the ways out.
 */
public final class RefusedChangeException extends NonRecoverableException {
    private static final long serialVersionUID = 1L;

    public RefusedChangeException(String message) {
        super(message);
    }
}
