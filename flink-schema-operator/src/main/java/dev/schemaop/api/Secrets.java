package dev.schemaop.api;

import org.apache.flink.configuration.GlobalConfiguration;

import javax.annotation.Nullable;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's one rule for secrets (SPEC §9): which option keys and url parameters hold one, and
 * how to keep them out of what is printed, logged or shown (options, urls, DDL statements, any
 * text, exception chains). The runtime and every connector use it, so that a key Flink would hide
 * in its own configuration is hidden everywhere, and a value given as a secret never appears.
 *
 * <p>A key is sensitive when Flink's {@link GlobalConfiguration#isSensitive} says so (its lower
 * case contains {@code password}, {@code secret}, {@code token}, {@code apikey}, {@code
 * service-key}, {@code auth-params}, {@code basic-auth}, {@code jaas.config}, {@code http-headers}
 * or {@code fs.azure.account.key}), or it is {@code pwd}; url parameter names follow the same rule,
 * case-insensitively ({@code password}, {@code sslpassword}, {@code trustStorePassword}, {@code
 * keyStorePassword}, {@code keyPassword}, {@code access_token} ...).
 */
public final class Secrets {
    /** What a secret is replaced by. */
    public static final String MASK = "***";

    /** The ODBC spelling of a password parameter, which Flink's rule does not know. */
    private static final String ODBC_PASSWORD = "pwd";

    /**
     * A url parameter: {@code name=value} after {@code ?}, {@code &}, {@code ;} (MariaDB, SQL
     * Server) or {@code :} (DB2), its value up to the next {@code &} or {@code ;}.
     */
    private static final Pattern URL_PARAMETER =
            Pattern.compile("([?&;:]\\s*)([A-Za-z0-9_.\\-]+)(\\s*=)([^&;]*)");

    /** The password of a url's user info: {@code //user:password@host}. */
    private static final Pattern URL_USER_INFO =
            Pattern.compile("(//[^/@:?#\\s]*:)([^/@?#\\s]*)(@)");

    private static final String SQL_LITERAL =
            "'(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.|\"\")*\"";

    /** A string literal after a DDL statement's secret clause ({@code IDENTIFIED BY 'x'}). */
    private static final Pattern IDENTIFIED_LITERAL =
            Pattern.compile(
                    "(?i)(\\b(?:identified\\s+by(?:\\s+password)?"
                            + "|identified\\s+(?:with|via)\\s+\\w+\\s+(?:using|as|by))"
                            + "\\s*\\(?\\s*)("
                            + SQL_LITERAL
                            + ")");

    /**
     * A string literal after a key, in a DDL statement: {@code PASSWORD 'x'}, {@code
     * PASSWORD('x')}, {@code 'fs.s3a.secret.key' = 'x'}; masked when the key is sensitive.
     */
    private static final Pattern KEYED_LITERAL =
            Pattern.compile(
                    "((?<![\\w.\\-'\"])([\\w.\\-]+|'[^']*'|\"[^\"]*\")\\s*=?\\s*\\(?\\s*)("
                            + SQL_LITERAL
                            + ")");

    private Secrets() {}

    /** Whether the value of this option key or url parameter name must never be shown. */
    public static boolean isSensitive(@Nullable String key) {
        if (key == null) {
            return false;
        }
        String name = key.trim();
        return GlobalConfiguration.isSensitive(name)
                || name.toLowerCase(Locale.ROOT).equals(ODBC_PASSWORD);
    }

    /** The options in their order, each sensitive value and each secret in a url masked. */
    public static Map<String, String> maskOptions(Map<String, String> options) {
        Map<String, String> masked = new LinkedHashMap<>();
        options.forEach((key, value) -> masked.put(key, isSensitive(key) ? MASK : maskUrl(value)));
        return masked;
    }

    /**
     * Every secret value the options hold: the values of sensitive keys, and the secrets written
     * into any value that is a url.
     */
    public static List<String> secretsIn(Map<String, String> options) {
        Set<String> secrets = new LinkedHashSet<>();
        options.forEach(
                (key, value) -> {
                    if (isSensitive(key)) {
                        addSecret(secrets, value);
                    } else {
                        secrets.addAll(secretsInUrl(value));
                    }
                });
        return List.copyOf(secrets);
    }

    /**
     * The url with the value of each sensitive parameter and the password of its user info replaced
     * by {@link #MASK}; null stays null.
     */
    public static String maskUrl(@Nullable String url) {
        if (url == null) {
            return null;
        }
        Matcher parameter = URL_PARAMETER.matcher(url);
        StringBuilder out = new StringBuilder();
        while (parameter.find()) {
            String replacement =
                    isSensitive(parameter.group(2))
                            ? parameter.group(1) + parameter.group(2) + parameter.group(3) + MASK
                            : parameter.group();
            parameter.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        parameter.appendTail(out);
        return URL_USER_INFO.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
    }

    /**
     * The secrets written into a url: the values of its sensitive parameters and its user info's
     * password, each also url-decoded (as a driver may repeat it in a message).
     */
    public static List<String> secretsInUrl(@Nullable String url) {
        Set<String> secrets = new LinkedHashSet<>();
        if (url == null) {
            return List.of();
        }
        Matcher parameter = URL_PARAMETER.matcher(url);
        while (parameter.find()) {
            if (isSensitive(parameter.group(2))) {
                addSecret(secrets, parameter.group(4));
            }
        }
        Matcher userInfo = URL_USER_INFO.matcher(url);
        while (userInfo.find()) {
            addSecret(secrets, userInfo.group(2));
        }
        return List.copyOf(secrets);
    }

    /**
     * The DDL statement with the string literals that hold a secret masked ({@code IDENTIFIED BY
     * '***'}, {@code PASSWORD('***')}, {@code 'fs.s3a.secret.key' = '***'}, the password of a
     * {@code CONNECTION='mysql://user:***@host/db/t'}), for a log line or the decision history.
     */
    public static String maskStatement(String statement) {
        String out =
                IDENTIFIED_LITERAL
                        .matcher(statement)
                        .replaceAll("$1'" + Matcher.quoteReplacement(MASK) + "'");
        Matcher keyed = KEYED_LITERAL.matcher(out);
        StringBuilder masked = new StringBuilder();
        int copied = 0;
        int from = 0;
        while (keyed.find(from)) {
            String key = keyed.group(2).replaceAll("^['\"]|['\"]$", "");
            if (isSensitive(key)) {
                masked.append(out, copied, keyed.start(3)).append('\'').append(MASK).append('\'');
                copied = keyed.end(3);
                from = copied;
            } else {
                from = keyed.start(3); // the literal may be the key of the next one
            }
        }
        masked.append(out, copied, out.length());
        return maskUrl(masked.toString());
    }

    /**
     * The text with each non-empty secret replaced by {@link #MASK} (the longest first, so that a
     * secret holding another is masked whole); null stays null.
     */
    public static String mask(@Nullable String text, Collection<String> secrets) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : longestFirst(secrets)) {
            out = out.replace(secret, MASK);
        }
        return out;
    }

    /** Whether the text holds one of the non-empty secrets. */
    public static boolean holdsSecret(@Nullable String text, Collection<String> secrets) {
        if (text == null) {
            return false;
        }
        for (String secret : secrets) {
            if (secret != null && !secret.isEmpty() && text.contains(secret)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The error itself when no message in its chain holds a secret; else a copy of the chain
     * (causes, {@link java.sql.SQLException#getNextException() next exceptions}, suppressed
     * exceptions) with every message masked, each link of the same class where the class can be
     * built with the masked message, else a plain one naming the class. A cycle is cut where it
     * closes.
     */
    public static Throwable scrub(@Nullable Throwable error, Collection<String> secrets) {
        return error == null ? null : ScrubbedChain.of(error, nonEmpty(secrets));
    }

    private static List<String> longestFirst(Collection<String> secrets) {
        List<String> sorted = new ArrayList<>(nonEmpty(secrets));
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        return sorted;
    }

    private static List<String> nonEmpty(Collection<String> secrets) {
        List<String> out = new ArrayList<>();
        for (String secret : secrets) {
            if (secret != null && !secret.isEmpty()) {
                out.add(secret);
            }
        }
        return out;
    }

    private static void addSecret(Set<String> secrets, @Nullable String value) {
        if (value == null || value.isEmpty()) {
            return;
        }
        secrets.add(value);
        try {
            String decoded = URLDecoder.decode(value, StandardCharsets.UTF_8);
            if (!decoded.isEmpty()) {
                secrets.add(decoded);
            }
        } catch (IllegalArgumentException notEncoded) {
            // a value with a lone '%' is used as written
        }
    }

    /** A link of a scrubbed chain whose class could not be rebuilt: its class name, its message. */
    public static final class ScrubbedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ScrubbedException(String message) {
            super(message);
        }
    }

    /** An SQLException of a scrubbed chain whose class could not be rebuilt, SQLState kept. */
    public static final class ScrubbedSqlException extends SQLException {
        private static final long serialVersionUID = 1L;

        ScrubbedSqlException(String message, String sqlState, int vendorCode) {
            super(message, sqlState, vendorCode);
        }
    }
}
