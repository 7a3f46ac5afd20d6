package dev.schemaop.route;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Selectors;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One {@code route} block (SPEC §7): source tables selected by {@code source-table} go to {@code
 * sink-table}. With a {@code replace-symbol}, every occurrence of the symbol in the sink table is
 * replaced by the source table's table name, as Apache Flink CDC does (e.g. sink {@code ods.<>}
 * with symbol {@code <>} routes {@code app.orders} to {@code ods.orders}).
 *
 * <p>A source table matches when {@code source-table} read either way selects it:
 *
 * <ul>
 *   <li>as a Java regular expression that matches the whole {@link TableId#toString()} ({@code
 *       db.table} or {@code namespace.schema.table}), e.g. {@code app\.order_[0-9]+};
 *   <li>as Flink CDC's table selector: a comma-separated list where {@code .} separates the
 *       namespace, schema and table parts and each part is a regular expression, {@code \.}
 *       standing for any character, e.g. {@code app.order_\.*}.
 * </ul>
 *
 * So the patterns users copy from Flink CDC pipelines route the same tables here. Immutable.
 */
public final class RouteRule implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String sourceTable;
    private final String sinkTable;
    @Nullable private final String replaceSymbol;
    @Nullable private final String description;
    // Rebuilt after deserialization: rules travel with the job graph, Selectors is not
    // serializable.
    @Nullable private transient Pattern regex;
    @Nullable private transient Selectors selectors;

    public RouteRule(
            String sourceTable,
            String sinkTable,
            @Nullable String replaceSymbol,
            @Nullable String description) {
        this.sourceTable = required(sourceTable, "source-table", sinkTable);
        this.sinkTable = required(sinkTable, "sink-table", sourceTable);
        this.replaceSymbol =
                replaceSymbol == null || replaceSymbol.isEmpty() ? null : replaceSymbol;
        this.description = description;
        this.regex = regexOrNull(sourceTable);
        this.selectors = selectorsOrNull(sourceTable);
        if (regex == null && selectors == null) {
            throw new PipelineConfigException(
                    String.format(
                            "route source-table '%s' (to sink-table '%s') is neither a regular"
                                    + " expression nor a Flink CDC table selector such as"
                                    + " 'db.orders_\\.*'. Fix the pattern in the route block.",
                            sourceTable, sinkTable));
        }
    }

    public String sourceTable() {
        return sourceTable;
    }

    public String sinkTable() {
        return sinkTable;
    }

    public Optional<String> replaceSymbol() {
        return Optional.ofNullable(replaceSymbol);
    }

    public Optional<String> description() {
        return Optional.ofNullable(description);
    }

    /** Whether {@code source-table} selects this table. */
    public boolean matches(TableId source) {
        return (regex != null && regex.matcher(source.toString()).matches())
                || (selectors != null && selectors.isMatch(source));
    }

    /** The sink table of a source table this rule matches. */
    public TableId sinkTableOf(TableId source) {
        String sink =
                replaceSymbol == null
                        ? sinkTable
                        : sinkTable.replace(replaceSymbol, source.getTableName());
        return TableId.parse(sink);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        regex = regexOrNull(sourceTable);
        selectors = selectorsOrNull(sourceTable);
    }

    private static String required(String value, String key, String other) {
        if (value == null || value.isBlank()) {
            throw new PipelineConfigException(
                    String.format(
                            "A route block (with '%s') has no %s. Give both source-table and"
                                    + " sink-table.",
                            other, key));
        }
        return value;
    }

    @Nullable
    private static Pattern regexOrNull(String pattern) {
        try {
            return Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            return null;
        }
    }

    @Nullable
    private static Selectors selectorsOrNull(String pattern) {
        try {
            return new Selectors.SelectorsBuilder().includeTables(pattern).build();
        } catch (IllegalArgumentException e) {
            // PatternSyntaxException is one: e.g. "db.orders_.*" splits into a part "*".
            return null;
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RouteRule)) {
            return false;
        }
        RouteRule that = (RouteRule) o;
        return sourceTable.equals(that.sourceTable)
                && sinkTable.equals(that.sinkTable)
                && Objects.equals(replaceSymbol, that.replaceSymbol)
                && Objects.equals(description, that.description);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sourceTable, sinkTable, replaceSymbol, description);
    }

    @Override
    public String toString() {
        return "RouteRule{source-table="
                + sourceTable
                + ", sink-table="
                + sinkTable
                + (replaceSymbol == null ? "" : ", replace-symbol=" + replaceSymbol)
                + (description == null ? "" : ", description=" + description)
                + '}';
    }
}
