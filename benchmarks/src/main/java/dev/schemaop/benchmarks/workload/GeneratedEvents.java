package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.event.Event;

/** The events of one split of a workload, produced one at a time. */
public interface GeneratedEvents {
    /** The next event, or null when the split is exhausted. */
    Event next();

    /** The change point of the DDL event just returned by {@link #next()} (0: the creation). */
    int currentChangePoint();

    /** The table index of the DDL event just returned by {@link #next()}. */
    int currentTable();

    /** This split's events: tables one after the other, or (W8) rows of the tables in turn. */
    static GeneratedEvents of(Workload workload, int split, int splits) {
        return workload.interleaved()
                ? new InterleavedSplitEvents(workload, split, splits)
                : new SplitEvents(workload, split, splits);
    }
}
