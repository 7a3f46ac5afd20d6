package dev.schemaop.history;

import java.util.regex.Pattern;

/**
 * Masks the secrets a DDL statement may spell out (SPEC §9) before it goes into a log line or the
 * decision history: a password or key given as a string literal after {@code IDENTIFIED BY}, {@code
 * PASSWORD}, {@code IDENTIFIED WITH .. USING/AS} or a {@code *PASSWORD*}/{@code *SECRET*} option.
 */
public final class StatementSecrets {
    private static final Pattern LITERAL_AFTER_SECRET_WORD =
            Pattern.compile(
                    "(?i)(\\b(?:identified\\s+by(?:\\s+password)?"
                            + "|identified\\s+(?:with|via)\\s+\\w+\\s+(?:using|as|by)"
                            + "|\\w*(?:password|secret)\\w*\\s*=?)\\s*\\(?\\s*)"
                            + "('(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.|\"\")*\")");

    private StatementSecrets() {}

    public static String redact(String statement) {
        return LITERAL_AFTER_SECRET_WORD.matcher(statement).replaceAll("$1'***'");
    }
}
