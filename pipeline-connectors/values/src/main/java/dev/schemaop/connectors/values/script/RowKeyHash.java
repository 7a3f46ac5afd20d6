package dev.schemaop.connectors.values.script;

import org.apache.flink.cdc.common.schema.Schema;

import java.util.ArrayList;
import java.util.List;

/**
 * The hash that chooses a row's split ({@link ScriptItem#splitOf}). It is computed from the
 * canonical text of the primary key values (of all values when the table has no key), which is the
 * same for every integral and decimal width, so widening a key column keeps each key in its split.
 */
final class RowKeyHash {

    private RowKeyHash() {}

    /** The hash of a row of {@code schema}, given as the internal values of its columns. */
    static int of(Schema schema, Object[] values) {
        int h = 1;
        for (int p : keyPositions(schema, values.length)) {
            String text = p < 0 ? null : ScriptValues.canonicalKeyText(values[p]);
            h = 31 * h + (text == null ? 0 : text.hashCode());
        }
        // murmur3 finalizer: spreads nearby keys (1, 2, 3..) evenly over the splits
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    private static List<Integer> keyPositions(Schema schema, int columnCount) {
        List<String> names = schema.getColumnNames();
        List<Integer> positions = new ArrayList<>();
        for (String pk : schema.primaryKeys()) {
            positions.add(names.indexOf(pk));
        }
        if (positions.isEmpty()) {
            for (int i = 0; i < columnCount; i++) {
                positions.add(i);
            }
        }
        return positions;
    }
}
