package dev.schemaop.connectors.jdbc.ddl;

/**
 * The sink refuses a schema change before running any of its DDL: it would change stored values, or
 * it does not fit the table as it is. The applier reports it as Flink CDC's {@code
 * UnsupportedSchemaChangeEventException} (SPEC §3: TRY_EVOLVE skips it with a WARN, EVOLVE fails
 * the job). Its message says what, where and the ways out.
 */
public final class RefusedChangeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RefusedChangeException(String message) {
        super(message);
    }
}
