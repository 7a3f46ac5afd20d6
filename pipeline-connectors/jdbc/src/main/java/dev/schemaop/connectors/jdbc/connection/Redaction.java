package dev.schemaop.connectors.jdbc.connection;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of text: a JDBC url with its passwords masked, and any text (a driver's
 * message, a stack trace's messages) with the known secrets replaced by {@code ***}.
 */
public final class Redaction {

    public static final String MASK = "***";

    /** {@code password=..}, {@code pwd=..}, {@code sslpassword=..} as url parameters. */
    private static final Pattern URL_PASSWORD_PARAMETER =
            Pattern.compile(
                    "(?i)([?&;:]\\s*(?:password|pwd|sslpassword|sslkeypassword)\\s*=)([^&;]*)");

    /** {@code //user:secret@host}. */
    private static final Pattern URL_USER_INFO = Pattern.compile("(//[^/@:?]*:)([^/@?]*)(@)");

    private Redaction() {}

    /** The url with every password in it replaced by {@code ***}. */
    public static String redactUrl(String url) {
        if (url == null) {
            return null;
        }
        String out = URL_PASSWORD_PARAMETER.matcher(url).replaceAll("$1" + MASK);
        return URL_USER_INFO.matcher(out).replaceAll("$1" + MASK + "$3");
    }

    /** The passwords written into a url (as parameters or user info), for {@link #scrub}. */
    static List<String> passwordsIn(String url) {
        List<String> out = new ArrayList<>();
        if (url == null) {
            return out;
        }
        Matcher parameter = URL_PASSWORD_PARAMETER.matcher(url);
        while (parameter.find()) {
            out.add(parameter.group(2));
        }
        Matcher userInfo = URL_USER_INFO.matcher(url);
        while (userInfo.find()) {
            out.add(userInfo.group(2));
        }
        return out;
    }

    /** The text with every non-empty secret replaced by {@code ***}; null stays null. */
    public static String scrub(String text, List<String> secrets) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : secrets) {
            if (secret != null && !secret.isEmpty()) {
                out = out.replace(secret, MASK);
            }
        }
        return out;
    }

    /** Whether the text holds one of the secrets. */
    static boolean holdsSecret(String text, List<String> secrets) {
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
     * The throwable itself when no message of it or its causes holds a secret; otherwise a copy of
     * the chain whose messages are scrubbed (each link a {@link ScrubbedException} naming the
     * original class, with the original stack trace).
     */
    public static Throwable scrub(Throwable error, List<String> secrets) {
        if (error == null || !chainHoldsSecret(error, secrets)) {
            return error;
        }
        return copyScrubbed(error, secrets, 0);
    }

    private static boolean chainHoldsSecret(Throwable error, List<String> secrets) {
        int depth = 0;
        for (Throwable t = error; t != null && depth < 32; t = t.getCause(), depth++) {
            if (holdsSecret(t.getMessage(), secrets) || holdsSecret(t.toString(), secrets)) {
                return true;
            }
        }
        return false;
    }

    private static Throwable copyScrubbed(Throwable error, List<String> secrets, int depth) {
        Throwable cause =
                error.getCause() == null || depth > 32
                        ? null
                        : copyScrubbed(error.getCause(), secrets, depth + 1);
        ScrubbedException copy =
                new ScrubbedException(
                        error.getClass().getName()
                                + (error.getMessage() == null
                                        ? ""
                                        : ": " + scrub(error.getMessage(), secrets)),
                        cause);
        copy.setStackTrace(error.getStackTrace());
        return copy;
    }

    /** A link of a scrubbed exception chain: the original class and message, secrets masked. */
    public static final class ScrubbedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ScrubbedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
