package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.api.Secrets;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where and as whom the sink connects. It travels inside the sink and the applier, which are
 * serialized into the job graph, so it holds the password; but nothing prints it: {@link
 * #toString()} and every message use {@link #redactedUrl()} and say only whether a password is set,
 * and {@link #scrub(String)} masks it (and any password written into the url) in text that comes
 * from a driver.
 */
public final class JdbcConnectionOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    /** {@code user=..} as a url parameter (PostgreSQL and MariaDB spell it so). */
    private static final Pattern URL_USER_PARAMETER = Pattern.compile("[?&;]user=([^&;]*)");

    private final String url;
    @Nullable private final String username;
    @Nullable private final String password;

    public JdbcConnectionOptions(String url, @Nullable String username, @Nullable String password) {
        if (url == null || url.trim().isEmpty()) {
            throw new IllegalArgumentException("The JDBC url must not be empty");
        }
        this.url = url.trim();
        this.username = username == null || username.isEmpty() ? null : username;
        this.password = password == null || password.isEmpty() ? null : password;
    }

    /** The url as configured; may hold a password: never print it, use {@link #redactedUrl()}. */
    public String url() {
        return url;
    }

    public String redactedUrl() {
        return Secrets.maskUrl(url);
    }

    @Nullable
    public String username() {
        return username;
    }

    /** For the driver only. */
    @Nullable
    String password() {
        return password;
    }

    /** User and password as driver properties. */
    public Properties credentials() {
        Properties properties = new Properties();
        if (username != null) {
            properties.setProperty("user", username);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        return properties;
    }

    /** Every secret this configuration knows: the password and the secrets in the url. */
    public List<String> secrets() {
        List<String> secrets = new ArrayList<>(Secrets.secretsInUrl(url));
        if (password != null) {
            secrets.add(password);
        }
        return Collections.unmodifiableList(secrets);
    }

    /** The text with every secret masked. */
    public String scrub(String text) {
        return Secrets.mask(text, secrets());
    }

    /** The error itself, or a copy whose messages are scrubbed when one held a secret. */
    public Throwable scrub(Throwable error) {
        return Secrets.scrub(error, secrets());
    }

    /**
     * The url's {@code user} parameter; null when it has none. Both drivers connect as it when it
     * is there, whatever the {@code username} option says.
     */
    @Nullable
    public String urlUser() {
        Matcher user = URL_USER_PARAMETER.matcher(url);
        if (!user.find()) {
            return null;
        }
        try {
            return URLDecoder.decode(user.group(1), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return user.group(1);
        }
    }

    /**
     * The user the driver connects as, and where it comes from, then the url without passwords, for
     * messages: {@code user 'u' at url}, {@code user 'u' (the url's user parameter) at url}.
     */
    public String describe() {
        String urlUser = urlUser();
        String user;
        if (urlUser != null && username != null && !urlUser.equals(username)) {
            user =
                    "user '"
                            + urlUser
                            + "' (the url's user parameter, which the driver takes over the option"
                            + " 'username': '"
                            + username
                            + "')";
        } else if (urlUser != null) {
            user = "user '" + urlUser + "' (the url's user parameter)";
        } else if (username != null) {
            user = "user '" + username + "'";
        } else {
            user = "the driver's default user (no option 'username', no user in the url)";
        }
        return user + " at " + redactedUrl();
    }

    @Override
    public String toString() {
        return "JdbcConnectionOptions{url="
                + redactedUrl()
                + ", username="
                + username
                + ", password="
                + (password == null ? "(none)" : Secrets.MASK)
                + "}";
    }
}
