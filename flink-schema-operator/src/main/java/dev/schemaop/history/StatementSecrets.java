package dev.schemaop.history;

import dev.schemaop.api.Secrets;

/**
 * Masks the secrets a DDL statement may spell out (SPEC §9) before it goes into a log line or the
 * decision history: {@link Secrets#maskStatement}, kept under this name for its callers.
 */
public final class StatementSecrets {

    private StatementSecrets() {}

    public static String redact(String statement) {
        return Secrets.maskStatement(statement);
    }
}
