package dev.schemaop.sink;

import dev.schemaop.types.RowReshaper;

import org.apache.flink.cdc.common.data.RecordData;

import java.util.List;

/**
 * Brings a row of an older sink schema version to the current one, one link after another, so that
 * it comes out as the sink converted the rows it already stored (SPEC §3): a BIGINT value that an
 * ALTER to INT nulled stays null after a later ALTER back to BIGINT, and a column that was dropped
 * and added again does not get the old value back. Versions that only add or rename columns share
 * one link.
 */
final class RowUpgrade {
    private final List<RowReshaper> links;

    RowUpgrade(List<RowReshaper> links) {
        this.links = List.copyOf(links);
    }

    RecordData reshape(RecordData row) {
        RecordData shaped = row;
        for (RowReshaper link : links) {
            shaped = link.reshape(shaped);
        }
        return shaped;
    }
}
