package dev.schemaop.types;

import static org.apache.flink.cdc.common.types.DataTypeRoot.BIGINT;
import static org.apache.flink.cdc.common.types.DataTypeRoot.BINARY;
import static org.apache.flink.cdc.common.types.DataTypeRoot.CHAR;
import static org.apache.flink.cdc.common.types.DataTypeRoot.DECIMAL;
import static org.apache.flink.cdc.common.types.DataTypeRoot.DOUBLE;
import static org.apache.flink.cdc.common.types.DataTypeRoot.FLOAT;
import static org.apache.flink.cdc.common.types.DataTypeRoot.INTEGER;
import static org.apache.flink.cdc.common.types.DataTypeRoot.SMALLINT;
import static org.apache.flink.cdc.common.types.DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE;
import static org.apache.flink.cdc.common.types.DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
import static org.apache.flink.cdc.common.types.DataTypeRoot.TIMESTAMP_WITH_TIME_ZONE;
import static org.apache.flink.cdc.common.types.DataTypeRoot.TIME_WITHOUT_TIME_ZONE;
import static org.apache.flink.cdc.common.types.DataTypeRoot.TINYINT;
import static org.apache.flink.cdc.common.types.DataTypeRoot.VARBINARY;
import static org.apache.flink.cdc.common.types.DataTypeRoot.VARCHAR;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.common.types.DecimalType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * SPEC §5 as one declarative table: which type changes are <em>widening</em>, i.e. every value of
 * the old type is exactly a value of the new one. LENIENT evolution, route merging, existing-table
 * expansion and row reshaping all ask this one question, so they cannot disagree.
 *
 * <p>Besides identical types (any root, nested types included), a change is widening when a rule
 * below names the target root, lists the source root and its condition holds. Nullability is
 * checked first and separately: NOT NULL may become nullable, never the reverse.
 *
 * <p>Decision where SPEC §5 is silent: an integer widens to {@code DECIMAL(p, s)} whenever {@code p
 * - s} holds its digits (3, 5, 10, 19), also with {@code s > 0}. This is exact (the integer is a
 * {@code DECIMAL(digits, 0)} and the decimal rule applies), and it is what makes {@code INT +
 * DECIMAL(5,2) -> DECIMAL(12,2)} a common wider type.
 */
public final class TypeWidening {

    /** Decimal digits of each integer type: it behaves as {@code DECIMAL(digits, 0)}. */
    private static final Map<DataTypeRoot, Integer> INTEGER_DIGITS =
            new EnumMap<>(Map.of(TINYINT, 3, SMALLINT, 5, INTEGER, 10, BIGINT, 19));

    private static final List<Rule> RULES =
            List.of(
                    widensTo(SMALLINT).from(TINYINT),
                    widensTo(INTEGER).from(TINYINT, SMALLINT),
                    widensTo(BIGINT).from(TINYINT, SMALLINT, INTEGER),
                    widensTo(FLOAT).from(TINYINT, SMALLINT),
                    widensTo(DOUBLE).from(TINYINT, SMALLINT, INTEGER, FLOAT),
                    widensTo(DECIMAL)
                            .from(TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL)
                            .when(TypeWidening::decimalHolds),
                    widensTo(VARCHAR).from(CHAR, VARCHAR).when(TypeWidening::lengthHolds),
                    widensTo(VARBINARY).from(BINARY, VARBINARY).when(TypeWidening::lengthHolds),
                    widensTo(TIME_WITHOUT_TIME_ZONE)
                            .from(TIME_WITHOUT_TIME_ZONE)
                            .when(TypeWidening::precisionHolds),
                    widensTo(TIMESTAMP_WITHOUT_TIME_ZONE)
                            .from(TIMESTAMP_WITHOUT_TIME_ZONE)
                            .when(TypeWidening::precisionHolds),
                    widensTo(TIMESTAMP_WITH_LOCAL_TIME_ZONE)
                            .from(TIMESTAMP_WITH_LOCAL_TIME_ZONE)
                            .when(TypeWidening::precisionHolds),
                    widensTo(TIMESTAMP_WITH_TIME_ZONE)
                            .from(TIMESTAMP_WITH_TIME_ZONE)
                            .when(TypeWidening::precisionHolds));

    private static final Map<DataTypeRoot, List<Rule>> RULES_BY_TARGET = indexByTarget(RULES);

    private TypeWidening() {}

    /**
     * Whether every value of {@code from} is exactly a value of {@code to} (SPEC §5), nullability
     * included: {@code INT NOT NULL -> BIGINT} is widening, {@code INT -> INT NOT NULL} is not.
     */
    public static boolean isWidening(DataType from, DataType to) {
        if (from.isNullable() && !to.isNullable()) {
            return false;
        }
        DataType source = from.copy(true);
        DataType target = to.copy(true);
        if (source.equals(target)) {
            return true;
        }
        for (Rule rule : RULES_BY_TARGET.getOrDefault(target.getTypeRoot(), List.of())) {
            if (rule.matches(source, target)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The least type that both {@code a} and {@code b} widen to, nullable when either is; empty
     * when the pair is lossy both ways and no common wider type exists (e.g. BIGINT and DOUBLE, or
     * BIGINT and DECIMAL(38, 20), which would need 39 digits).
     */
    public static Optional<DataType> commonWiderType(DataType a, DataType b) {
        boolean nullable = a.isNullable() || b.isNullable();
        DataType x = a.copy(true);
        DataType y = b.copy(true);
        if (isWidening(x, y)) {
            return Optional.of(y.copy(nullable));
        }
        if (isWidening(y, x)) {
            return Optional.of(x.copy(nullable));
        }
        // Neither contains the other: build the one candidate that could hold both, then let
        // the table (not this method) confirm that both really widen to it.
        return joinCandidate(x, y)
                .filter(c -> isWidening(x, c) && isWidening(y, c))
                .map(c -> c.copy(nullable));
    }

    /** The smallest type above two incomparable types, when there is one to try. */
    private static Optional<DataType> joinCandidate(DataType x, DataType y) {
        if (isDecimalLike(x) && isDecimalLike(y)) {
            int scale = Math.max(scale(x), scale(y));
            int precision = scale + Math.max(integerDigits(x), integerDigits(y));
            return precision <= DecimalType.MAX_PRECISION
                    ? Optional.of(DataTypes.DECIMAL(precision, scale))
                    : Optional.empty();
        }
        if (isNumeric(x) && isNumeric(y)) {
            // An integer too wide for FLOAT next to FLOAT: DOUBLE is the only candidate left.
            return Optional.of(DataTypes.DOUBLE());
        }
        if (x.isAnyOf(CHAR, VARCHAR) && y.isAnyOf(CHAR, VARCHAR)) {
            return Optional.of(DataTypes.VARCHAR(Math.max(length(x), length(y))));
        }
        if (x.isAnyOf(BINARY, VARBINARY) && y.isAnyOf(BINARY, VARBINARY)) {
            return Optional.of(DataTypes.VARBINARY(Math.max(length(x), length(y))));
        }
        return Optional.empty();
    }

    // ---- conditions of the table ---------------------------------------------------------

    private static boolean decimalHolds(DataType from, DataType to) {
        return scale(from) <= scale(to) && integerDigits(from) <= integerDigits(to);
    }

    private static boolean lengthHolds(DataType from, DataType to) {
        return length(from) <= length(to);
    }

    private static boolean precisionHolds(DataType from, DataType to) {
        return DataTypeChecks.getPrecision(from) <= DataTypeChecks.getPrecision(to);
    }

    // ---- type facts --------------------------------------------------------------------------

    static boolean isInteger(DataType type) {
        return INTEGER_DIGITS.containsKey(type.getTypeRoot());
    }

    static boolean isNumeric(DataType type) {
        return isInteger(type) || type.isAnyOf(FLOAT, DOUBLE, DECIMAL);
    }

    private static boolean isDecimalLike(DataType type) {
        return isInteger(type) || type.is(DECIMAL);
    }

    /** Digits left of the decimal point: an integer's digit count, or {@code p - s}. */
    private static int integerDigits(DataType type) {
        return type.is(DECIMAL)
                ? DataTypeChecks.getPrecision(type) - DataTypeChecks.getScale(type)
                : INTEGER_DIGITS.get(type.getTypeRoot());
    }

    private static int scale(DataType type) {
        return type.is(DECIMAL) ? DataTypeChecks.getScale(type) : 0;
    }

    private static int length(DataType type) {
        return DataTypeChecks.getLength(type);
    }

    private static Map<DataTypeRoot, List<Rule>> indexByTarget(List<Rule> rules) {
        Map<DataTypeRoot, List<Rule>> index = new EnumMap<>(DataTypeRoot.class);
        for (Rule rule : rules) {
            index.computeIfAbsent(rule.target(), r -> new ArrayList<>()).add(rule);
        }
        index.replaceAll((root, list) -> Collections.unmodifiableList(list));
        return Collections.unmodifiableMap(index);
    }

    private static Rule widensTo(DataTypeRoot target) {
        return new Rule(target, EnumSet.noneOf(DataTypeRoot.class), (from, to) -> true);
    }

    /**
     * One row of the table: {@code target} accepts {@code sources} when {@code condition} holds.
     */
    private record Rule(
            DataTypeRoot target,
            Set<DataTypeRoot> sources,
            BiPredicate<DataType, DataType> condition) {

        Rule from(DataTypeRoot first, DataTypeRoot... rest) {
            return new Rule(target, EnumSet.of(first, rest), condition);
        }

        Rule when(BiPredicate<DataType, DataType> newCondition) {
            return new Rule(target, sources, newCondition);
        }

        boolean matches(DataType from, DataType to) {
            return sources.contains(from.getTypeRoot()) && condition.test(from, to);
        }
    }
}
