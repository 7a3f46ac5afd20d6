package dev.schemaop.connectors.jdbc.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A database column type as text, split into a base name and its integer arguments: {@code
 * timestamp(3) without time zone} is base {@code timestamp without time zone}, arguments [3];
 * {@code bigint(20) unsigned} is base {@code bigint unsigned}, arguments [20]. Both the DDL the
 * sink writes and the catalog's description of a column (PostgreSQL {@code format_type}, MariaDB
 * {@code COLUMN_TYPE}) are read this way, so a type maps back the same way whichever side it comes
 * from. Non-integer arguments (an enum's values) are dropped.
 */
public final class SqlType {
    private final String text;
    private final String base;
    private final List<Integer> arguments;

    private SqlType(String text, String base, List<Integer> arguments) {
        this.text = text;
        this.base = base;
        this.arguments = arguments;
    }

    public static SqlType parse(String text) {
        String trimmed = text.trim();
        int open = trimmed.indexOf('(');
        int close = open < 0 ? -1 : trimmed.lastIndexOf(')');
        if (open < 0 || close < open) {
            return new SqlType(trimmed, normalize(trimmed), Collections.emptyList());
        }
        String base = trimmed.substring(0, open) + " " + trimmed.substring(close + 1);
        return new SqlType(trimmed, normalize(base), integers(trimmed.substring(open + 1, close)));
    }

    private static String normalize(String base) {
        return base.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static List<Integer> integers(String inside) {
        List<Integer> out = new ArrayList<>();
        for (String part : inside.split(",")) {
            String p = part.trim();
            if (!p.matches("\\d{1,9}")) {
                return Collections.emptyList();
            }
            out.add(Integer.parseInt(p));
        }
        return Collections.unmodifiableList(out);
    }

    /** The text as given. */
    public String text() {
        return text;
    }

    /** Lower case, single spaces, without the arguments. */
    public String base() {
        return base;
    }

    /** Whether the base, without {@code zerofill}, is {@code name} or {@code name unsigned}. */
    public boolean baseIs(String name) {
        return base.replace(" zerofill", "").equals(name);
    }

    public boolean isUnsigned() {
        return base.contains(" unsigned");
    }

    public int argumentCount() {
        return arguments.size();
    }

    /** The i-th argument, or {@code fallback} when there is none. */
    public int argument(int i, int fallback) {
        return i < arguments.size() ? arguments.get(i) : fallback;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SqlType)) {
            return false;
        }
        SqlType that = (SqlType) o;
        return base.equals(that.base) && arguments.equals(that.arguments);
    }

    @Override
    public int hashCode() {
        return Objects.hash(base, arguments);
    }

    @Override
    public String toString() {
        return text;
    }
}
