package dev.schemaop.behavior;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.utils.ChangeEventUtils;

import javax.annotation.Nullable;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which schema change types reach the sink (SPEC §4): the one place the set is decided, from the
 * {@code include.schema.changes} and {@code exclude.schema.changes} tags, the behavior, and the
 * sink's applier. {@link SchemaChangeDeriver} applies the result.
 *
 * <p>Tag expansion is delegated to Flink CDC's {@link ChangeEventUtils#resolveSchemaEvolutionTag}.
 * This class adds what SPEC §4 asks beyond it: tags are trimmed and case-insensitive, an unknown
 * tag is a {@link PipelineConfigException} listing the valid tags (Flink CDC throws a bare {@code
 * RuntimeException}), {@code create.table} is added to an explicit include list, and LENIENT's
 * default exclusion of {@code drop.table} and {@code truncate.table} is applied here rather than by
 * the caller.
 *
 * <p>Pure functions, no state: safe from any thread.
 */
public final class AcceptedChangeTypes {

    public static final String INCLUDE_OPTION = "include.schema.changes";
    public static final String EXCLUDE_OPTION = "exclude.schema.changes";

    /** The family tags understood by {@code SchemaChangeEventTypeFamily.ofTag}, in SPEC order. */
    private static final List<String> FAMILY_TAGS =
            List.of("add", "alter", "create", "drop", "rename", "table", "column", "all");

    private static final List<String> EXACT_TAGS =
            Arrays.stream(SchemaChangeEventType.values())
                    .map(SchemaChangeEventType::getTag)
                    .sorted()
                    .collect(Collectors.toUnmodifiableList());

    /** What LENIENT leaves out unless include names it or an exclude list is given. */
    private static final Set<SchemaChangeEventType> LENIENT_DEFAULT_EXCLUDED =
            Collections.unmodifiableSet(
                    EnumSet.of(
                            SchemaChangeEventType.DROP_TABLE,
                            SchemaChangeEventType.TRUNCATE_TABLE));

    private AcceptedChangeTypes() {}

    /**
     * The schema change types the sink accepts.
     *
     * @param include the {@code include.schema.changes} tags; {@code null} when the option is
     *     absent
     * @param exclude the {@code exclude.schema.changes} tags; {@code null} when the option is
     *     absent (an empty list is "given": it replaces LENIENT's default exclusion)
     * @throws PipelineConfigException naming the first unknown tag and its option
     */
    public static Set<SchemaChangeEventType> accepted(
            @Nullable List<String> include,
            @Nullable List<String> exclude,
            SchemaChangeBehavior behavior) {
        Objects.requireNonNull(behavior, "behavior");
        EnumSet<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);
        EnumSet<SchemaChangeEventType> named = EnumSet.noneOf(SchemaChangeEventType.class);
        if (include != null) {
            named = expand(include, INCLUDE_OPTION);
            accepted = EnumSet.copyOf(named);
            accepted.add(SchemaChangeEventType.CREATE_TABLE);
        }
        accepted.removeAll(
                exclude == null
                        ? defaultExcluded(behavior, named)
                        : expand(exclude, EXCLUDE_OPTION));
        return Collections.unmodifiableSet(accepted);
    }

    /**
     * What the sink finally receives: the configured types, told to the applier, minus those it
     * refuses through {@link MetadataApplier#acceptsSchemaEvolutionType}. The registry calls this
     * once, at start, with its applier.
     */
    public static Set<SchemaChangeEventType> narrowedBy(
            MetadataApplier applier, Set<SchemaChangeEventType> configured) {
        applier.setAcceptedSchemaEvolutionTypes(configured);
        EnumSet<SchemaChangeEventType> accepted = EnumSet.noneOf(SchemaChangeEventType.class);
        for (SchemaChangeEventType type : configured) {
            if (applier.acceptsSchemaEvolutionType(type)) {
                accepted.add(type);
            }
        }
        return Collections.unmodifiableSet(accepted);
    }

    /**
     * The types the given tags stand for (exact tags and families), validating each tag.
     *
     * @param option the option the tags come from, named in the error
     * @throws PipelineConfigException naming the first unknown tag, the option and the valid tags
     */
    public static Set<SchemaChangeEventType> resolveTags(List<String> tags, String option) {
        return Collections.unmodifiableSet(expand(tags, option));
    }

    private static EnumSet<SchemaChangeEventType> expand(List<String> tags, String option) {
        EnumSet<SchemaChangeEventType> types = EnumSet.noneOf(SchemaChangeEventType.class);
        for (String tag : tags) {
            types.addAll(resolveTag(tag, option));
        }
        return types;
    }

    private static List<SchemaChangeEventType> resolveTag(String tag, String option) {
        String normalized = tag == null ? "" : tag.trim().toLowerCase(Locale.ROOT);
        if (!EXACT_TAGS.contains(normalized) && !FAMILY_TAGS.contains(normalized)) {
            throw new PipelineConfigException(
                    String.format(
                            "unknown schema change type '%s' in option '%s'. Use the event types %s"
                                    + " or the families %s (case-insensitive).",
                            tag == null ? "" : tag.trim(),
                            option,
                            String.join(", ", EXACT_TAGS),
                            String.join(", ", FAMILY_TAGS)));
        }
        return ChangeEventUtils.resolveSchemaEvolutionTag(normalized);
    }

    /** LENIENT's default exclusion, minus what include names (naming a type replaces it). */
    private static EnumSet<SchemaChangeEventType> defaultExcluded(
            SchemaChangeBehavior behavior, Set<SchemaChangeEventType> namedInInclude) {
        if (behavior != SchemaChangeBehavior.LENIENT) {
            return EnumSet.noneOf(SchemaChangeEventType.class);
        }
        EnumSet<SchemaChangeEventType> excluded = EnumSet.copyOf(LENIENT_DEFAULT_EXCLUDED);
        excluded.removeAll(namedInInclude);
        return excluded;
    }
}
