package dev.schemaop.connectors.mariadb.check;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.mariadb.SourceSettings;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The source's check at submission: one connection with the MariaDB driver, bounded by {@code
 * connect.timeout}, and what Debezium would otherwise find only inside the running job, each as one
 * message that says what is wrong and what to change, never with the password:
 *
 * <ol>
 *   <li>the connection: credentials, host and port ({@link IllegalArgumentException}: the source
 *       block is wrong);
 *   <li>the binlog: {@code log_bin} ON, {@code binlog_format} ROW, {@code binlog_row_image} FULL,
 *       {@code log_bin_compress} OFF where the server has it ({@link PipelineConfigException}: the
 *       server is to change, with the my.cnf lines);
 *   <li>the privileges of the account ({@code SHOW GRANTS}): SELECT, RELOAD, SHOW DATABASES,
 *       REPLICATION SLAVE and BINLOG MONITOR (REPLICATION CLIENT before MariaDB 10.5.2) ({@link
 *       PipelineConfigException}, with the GRANT statement);
 *   <li>that {@code tables} matches at least one table the account sees ({@link
 *       IllegalArgumentException}, naming the patterns and the databases found).
 * </ol>
 *
 * <p>A {@code server-id} used by another binlog reader of the server is not checked: MariaDB 10.11
 * shows no server id of a binlog dump thread (Debezium's reader does not register as a replica, so
 * {@code SHOW SLAVE HOSTS} does not list it, and {@code SHOW PROCESSLIST} shows "Binlog Dump"
 * without the id). When two readers use one id, the server disconnects the one that was there first
 * (error 4052, "A slave with the same server_uuid/server_id is already connected").
 */
public final class StartCheck {
    /** System databases: never named in a message about {@code tables}. */
    private static final Set<String> SYSTEM_DATABASES =
            Set.of("information_schema", "performance_schema", "mysql", "sys");

    private static final int NAMES_SHOWN = 20;

    private StartCheck() {}

    /**
     * Connects to the server of {@code settings} and checks it.
     *
     * @throws IllegalArgumentException when the source block is wrong (connection, {@code tables})
     * @throws PipelineConfigException when the server is to change (binlog, privileges)
     */
    public static void check(SourceSettings settings) {
        try (JdbcServerFacts facts = JdbcServerFacts.connect(settings)) {
            check(settings, facts);
        } catch (SQLException e) {
            throw new IllegalArgumentException(
                    connectionMessage(settings, e), Secrets.scrub(e, settings.secrets()));
        }
    }

    /** The checks after the connection, on what {@code facts} tell. */
    static void check(SourceSettings settings, ServerFacts facts) throws SQLException {
        binlog(settings, facts);
        privileges(settings, facts);
        tables(settings, facts);
    }

    // ------------------------------------------------------------------ connection

    static String connectionMessage(SourceSettings settings, SQLException e) {
        return "The mariadb source cannot connect to MariaDB at "
                + where(settings)
                + " as user '"
                + settings.username()
                + "': "
                + sentence(Secrets.mask(driverMessage(e), settings.secrets()))
                + " "
                + connectionHint(settings, e);
    }

    private static String connectionHint(SourceSettings settings, SQLException e) {
        if (e.getErrorCode() == 1045 || "28000".equals(e.getSQLState())) {
            return "Check the credentials: the source options 'username' and 'password'.";
        }
        if (e instanceof SQLNonTransientConnectionException
                || e instanceof SQLTimeoutException
                || (e.getSQLState() != null && e.getSQLState().startsWith("08"))) {
            return "Check 'hostname' and 'port', and that the server runs and accepts connections"
                    + " from here within 'connect.timeout' ("
                    + seconds(settings)
                    + ").";
        }
        return "Check 'hostname', 'port', 'username' and 'password'.";
    }

    private static String seconds(SourceSettings settings) {
        long millis = settings.connectTimeout().toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    /** The driver's message without its connection number, "(conn=123) ". */
    private static String driverMessage(SQLException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return message.replaceFirst("^\\(conn=\\d+\\)\\s*", "").strip();
    }

    // ------------------------------------------------------------------ binlog

    private static void binlog(SourceSettings settings, ServerFacts facts) throws SQLException {
        List<String> wrong = new ArrayList<>();
        List<String> cnf = new ArrayList<>();
        List<String> setGlobal = new ArrayList<>();
        boolean logBin = isOn(facts.globalVariable("log_bin").orElse("OFF"));
        if (!logBin) {
            wrong.add("log_bin is OFF, must be ON");
            cnf.add("log_bin = mysql-bin");
        }
        String format = facts.globalVariable("binlog_format").orElse("(unset)");
        if (!format.equalsIgnoreCase("ROW")) {
            wrong.add("binlog_format is " + format + ", must be ROW");
            cnf.add("binlog_format = ROW");
            setGlobal.add("SET GLOBAL binlog_format = 'ROW';");
        }
        String image = facts.globalVariable("binlog_row_image").orElse("(unset)");
        if (!image.equalsIgnoreCase("FULL")) {
            wrong.add("binlog_row_image is " + image + ", must be FULL");
            cnf.add("binlog_row_image = FULL");
            setGlobal.add("SET GLOBAL binlog_row_image = 'FULL';");
        }
        Optional<String> compress = facts.globalVariable("log_bin_compress");
        if (compress.isPresent() && isOn(compress.get())) {
            wrong.add(
                    "log_bin_compress is ON, must be OFF (the source cannot read compressed binlog"
                            + " events)");
            cnf.add("log_bin_compress = OFF");
            setGlobal.add("SET GLOBAL log_bin_compress = OFF;");
        }
        if (wrong.isEmpty()) {
            return;
        }
        StringBuilder message =
                new StringBuilder("MariaDB at ")
                        .append(where(settings))
                        .append(" does not write its binlog as the mariadb source reads it: ")
                        .append(String.join("; ", wrong))
                        .append(". Set in the [mysqld] section of the server's my.cnf and restart")
                        .append(" the server:");
        for (String line : cnf) {
            message.append(System.lineSeparator()).append("    ").append(line);
        }
        if (logBin) {
            message.append(System.lineSeparator())
                    .append("or, without a restart, as an administrator: ")
                    .append(String.join(" ", setGlobal))
                    .append(" (sessions open before keep the old value; the my.cnf lines keep it")
                    .append(" after a restart).");
        }
        throw new PipelineConfigException(message.toString());
    }

    private static boolean isOn(String value) {
        String v = value.strip().toUpperCase(Locale.ROOT);
        return v.equals("ON") || v.equals("1") || v.equals("TRUE");
    }

    // ------------------------------------------------------------------ privileges

    /** GRANT privileges ON object TO ..., column lists removed. */
    private static final Pattern GRANT =
            Pattern.compile("^GRANT\\s+(.+?)\\s+ON\\s+(\\S+)\\s+TO\\s", Pattern.CASE_INSENSITIVE);

    private static void privileges(SourceSettings settings, ServerFacts facts) throws SQLException {
        Optional<Shortfall> shortfall = shortfall(settings, facts);
        if (shortfall.isPresent()) {
            throw new PipelineConfigException(
                    "The mariadb source's user "
                            + shortfall.get().account()
                            + " at "
                            + where(settings)
                            + " lacks privileges the source needs to snapshot the tables and read"
                            + " the binlog: "
                            + shortfall.get().fix());
        }
    }

    /**
     * Privileges the account lacks, and the statement that grants them.
     *
     * @param account the account as {@code GRANT} names it: {@code 'user'@'host'}
     */
    record Shortfall(String account, List<String> missing) {
        /** {@code RELOAD, REPLICATION SLAVE. As an administrator, run: GRANT ...;} */
        String fix() {
            return String.join(", ", missing)
                    + ". As an administrator, run: GRANT "
                    + String.join(", ", missing)
                    + " ON *.* TO "
                    + account
                    + ";";
        }
    }

    /** The privileges of the source's account ({@code SHOW GRANTS}) the source needs but lacks. */
    static Optional<Shortfall> shortfall(SourceSettings settings, ServerFacts facts)
            throws SQLException {
        String binlogMonitor =
                hasBinlogMonitor(facts.version()) ? "BINLOG MONITOR" : "REPLICATION CLIENT";
        Set<String> global = new LinkedHashSet<>();
        boolean select = false;
        for (String grant : facts.grants()) {
            Matcher m = GRANT.matcher(grant.strip());
            if (!m.find()) {
                continue; // a role granted to the account: its grants are listed when it is active
            }
            String object = m.group(2);
            Set<String> privileges = new LinkedHashSet<>();
            for (String privilege : m.group(1).replaceAll("\\([^)]*\\)", "").split(",")) {
                privileges.add(privilege.strip().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT));
            }
            boolean all = privileges.contains("ALL PRIVILEGES") || privileges.contains("ALL");
            if (object.equals("*.*")) {
                global.addAll(privileges);
                select |= all || privileges.contains("SELECT");
            } else if (all || privileges.contains("SELECT")) {
                select |=
                        capturedDatabase(
                                settings,
                                unquote(
                                        object.substring(
                                                0,
                                                object.indexOf('.') < 0
                                                        ? object.length()
                                                        : object.indexOf('.'))));
            }
        }
        boolean allGlobal = global.contains("ALL PRIVILEGES") || global.contains("ALL");
        List<String> missing = new ArrayList<>();
        if (!select) {
            missing.add("SELECT");
        }
        for (String needed : List.of("RELOAD", "SHOW DATABASES", "REPLICATION SLAVE")) {
            if (!allGlobal && !global.contains(needed)) {
                missing.add(needed);
            }
        }
        if (!allGlobal
                && !global.contains("BINLOG MONITOR")
                && !global.contains("REPLICATION CLIENT")) {
            missing.add(binlogMonitor);
        }
        return missing.isEmpty()
                ? Optional.empty()
                : Optional.of(new Shortfall(quotedAccount(facts.account()), missing));
    }

    /** MariaDB 10.5.2 split BINLOG MONITOR out of REPLICATION CLIENT (which became its alias). */
    static boolean hasBinlogMonitor(String version) {
        Matcher m = Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)").matcher(version);
        if (!version.contains("MariaDB") || !m.find()) {
            return false;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        int patch = Integer.parseInt(m.group(3));
        return major > 10 || (major == 10 && (minor > 5 || (minor == 5 && patch >= 2)));
    }

    private static boolean capturedDatabase(SourceSettings settings, String database) {
        for (TablePattern pattern : settings.tables()) {
            if (database.equals("*") || database.matches(pattern.database())) {
                return true;
            }
        }
        return false;
    }

    /** {@code user@host} as {@code 'user'@'host'}. */
    static String quotedAccount(String account) {
        int at = account.lastIndexOf('@');
        return at < 0
                ? "'" + account + "'"
                : "'" + account.substring(0, at) + "'@'" + account.substring(at + 1) + "'";
    }

    private static String unquote(String name) {
        String n = name.strip();
        if (n.length() >= 2 && (n.startsWith("`") && n.endsWith("`"))) {
            return n.substring(1, n.length() - 1).replace("``", "`");
        }
        return n;
    }

    // ------------------------------------------------------------------ tables

    private static void tables(SourceSettings settings, ServerFacts facts) throws SQLException {
        List<String> databases = new ArrayList<>();
        for (String database : facts.databases()) {
            if (!SYSTEM_DATABASES.contains(database.toLowerCase(Locale.ROOT))) {
                databases.add(database);
            }
        }
        List<String> explained = new ArrayList<>();
        for (TablePattern pattern : settings.tables()) {
            List<String> matchingDatabases = new ArrayList<>();
            List<String> tablesThere = new ArrayList<>();
            for (String database : databases) {
                if (database.matches(pattern.database())) {
                    matchingDatabases.add(database);
                    for (String table : facts.tables(database)) {
                        if (table.matches(pattern.table())) {
                            return; // one table is enough
                        }
                        tablesThere.add(database + "." + table);
                    }
                }
            }
            explained.add(
                    matchingDatabases.isEmpty()
                            ? "'" + pattern.text() + "' matches no database"
                            : "'"
                                    + pattern.text()
                                    + "' matches database "
                                    + names(matchingDatabases)
                                    + (tablesThere.isEmpty()
                                            ? ", which has no table"
                                            : " but none of its tables ("
                                                    + names(tablesThere)
                                                    + ")"));
        }
        throw new IllegalArgumentException(
                "Option 'tables' of the mariadb source matches no table that user '"
                        + settings.username()
                        + "' sees at "
                        + where(settings)
                        + ": "
                        + String.join("; ", explained)
                        + ". Databases there: "
                        + (databases.isEmpty() ? "none" : names(databases))
                        + ". Write each entry as database.table, both regular expressions (\\. is"
                        + " any character), e.g. app_db.orders or app_db.\\.*");
    }

    private static String names(List<String> names) {
        if (names.size() <= NAMES_SHOWN) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, NAMES_SHOWN))
                + " and "
                + (names.size() - NAMES_SHOWN)
                + " more";
    }

    // ------------------------------------------------------------------ text

    private static String where(SourceSettings settings) {
        return settings.hostname() + ":" + settings.port();
    }

    private static String sentence(String text) {
        String trimmed = text.strip();
        return trimmed.endsWith(".") ? trimmed : trimmed + ".";
    }
}
