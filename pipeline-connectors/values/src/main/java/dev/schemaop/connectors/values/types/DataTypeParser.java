package dev.schemaop.connectors.values.types;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.utils.DataTypeUtils;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.UnresolvedUserDefinedType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.flink.table.types.utils.TypeConversions;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses type strings such as {@code "VARCHAR(20) NOT NULL"} or {@code "DECIMAL(10, 2)"} into Flink
 * CDC {@link DataType}s: Flink SQL's own parser ({@link LogicalTypeParser}), then
 * flink-cdc-common's conversion ({@link DataTypeUtils#fromFlinkDataType}).
 *
 * <p>So the syntax is Flink SQL's (case-insensitive, {@code NOT NULL} / {@code NULL} after a type,
 * Flink's defaults: DECIMAL = DECIMAL(10, 0), CHAR/VARCHAR/BINARY/VARBINARY length 1, TIME
 * precision 0, TIMESTAMP precision 6), with the aliases this connector accepted before it used
 * Flink's parser: {@code BOOL}, {@code REAL} (FLOAT), {@code CHARACTER[(n)]}, {@code CHARACTER
 * VARYING[(n)]} / {@code CHAR VARYING[(n)]} and {@code TIMESTAMP_TZ[(p)]} (TIMESTAMP WITH TIME
 * ZONE). A ROW field named like one of them is written in backquotes. Every string produced by
 * {@link DataType#asSerializableString()} parses back to an equal type.
 */
public final class DataTypeParser {

    /**
     * Aliases Flink's parser does not know, and what each stands for; outside quoted names and
     * strings (a ROW field's description) only.
     */
    private static final Alias[] ALIASES = {
        new Alias("\\bBOOL\\b", "BOOLEAN"),
        new Alias("\\bREAL\\b", "FLOAT"),
        new Alias("\\bCHAR(?:ACTER)?\\s+VARYING\\b", "VARCHAR"),
        new Alias("\\bCHARACTER\\b", "CHAR"),
        new Alias("\\bTIMESTAMP_TZ\\b(\\s*\\(\\s*\\d+\\s*\\))?", "TIMESTAMP$1 WITH TIME ZONE"),
    };

    private record Alias(Pattern pattern, String replacement) {
        Alias(String regex, String replacement) {
            this(Pattern.compile(regex, Pattern.CASE_INSENSITIVE), replacement);
        }
    }

    /** A backquoted name or a quoted string, either with its quote doubled inside. */
    private static final Pattern QUOTED = Pattern.compile("`(?:[^`]|``)*`|'(?:[^']|'')*'");

    private DataTypeParser() {}

    /**
     * @throws IllegalArgumentException with a message "Cannot parse data type '...': ..." when the
     *     string is not a type, or names one Flink CDC has no type for
     */
    public static DataType parse(String typeString) {
        if (typeString.isBlank()) {
            throw cannotParse(typeString, "the type is empty");
        }
        LogicalType logical;
        try {
            logical =
                    LogicalTypeParser.parse(
                            withoutAliases(typeString), DataTypeParser.class.getClassLoader());
        } catch (ValidationException e) {
            throw cannotParse(typeString, firstLine(e.getMessage()));
        }
        UnresolvedUserDefinedType unknown = firstUnknown(logical);
        if (unknown != null) {
            // Flink's parser takes any other name for a user-defined type
            throw cannotParse(
                    typeString,
                    "unknown type '" + unknown.getUnresolvedIdentifier().getObjectName() + "'");
        }
        try {
            return DataTypeUtils.fromFlinkDataType(TypeConversions.fromLogicalToDataType(logical));
        } catch (RuntimeException e) {
            throw cannotParse(
                    typeString,
                    "Flink CDC has no type for " + logical.asSummaryString().toUpperCase());
        }
    }

    private static UnresolvedUserDefinedType firstUnknown(LogicalType type) {
        if (type instanceof UnresolvedUserDefinedType unknown) {
            return unknown;
        }
        for (LogicalType child : type.getChildren()) {
            UnresolvedUserDefinedType found = firstUnknown(child);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The aliases replaced by Flink SQL's names, quoted names and strings left as they are. */
    static String withoutAliases(String typeString) {
        StringBuilder result = new StringBuilder();
        Matcher quoted = QUOTED.matcher(typeString);
        int from = 0;
        while (quoted.find()) {
            result.append(aliasesReplaced(typeString.substring(from, quoted.start())));
            result.append(quoted.group());
            from = quoted.end();
        }
        return result.append(aliasesReplaced(typeString.substring(from))).toString();
    }

    private static String aliasesReplaced(String text) {
        for (Alias alias : ALIASES) {
            text = alias.pattern().matcher(text).replaceAll(alias.replacement());
        }
        return text;
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).strip();
    }

    private static IllegalArgumentException cannotParse(String typeString, String why) {
        return new IllegalArgumentException("Cannot parse data type '" + typeString + "': " + why);
    }
}
