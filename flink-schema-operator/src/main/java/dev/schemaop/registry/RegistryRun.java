package dev.schemaop.registry;

import javax.annotation.Nullable;

/**
 * What the registry's parts share on the event loop: the state, the change being applied or the
 * create waiting for the sink's description, and the epoch guard. A restore starts a new generation
 * and a failure stops all change handling; work begun before either is dropped when it comes back
 * ({@link #isCurrent}).
 */
final class RegistryRun {
    RegistryState state = new RegistryState();

    /** The change whose applier calls run, or null. */
    @Nullable ChangeExecution inFlight;

    /** A create waiting for the sink to describe the tables it may already have, or null. */
    @Nullable PreparedChange inspecting;

    private long generation;
    private boolean failed;

    /** The job fails after a drain: the change it fails on is not in the sink (G7). */
    private boolean sinkAsBefore;

    /** The generation work started now belongs to. */
    long generation() {
        return generation;
    }

    /** Whether work started in {@code generation} still counts: no restore or failure since. */
    boolean isCurrent(long startedIn) {
        return startedIn == generation && !failed;
    }

    boolean failed() {
        return failed;
    }

    /**
     * Whether the sink may be between two versions of a table: a change is being applied, or the
     * job fails at once on one that may be half in the sink. Not while it fails after a drain: that
     * change is known not to be in the sink, so the state is the sink's.
     */
    boolean sinkMayBeBetweenVersions() {
        return inFlight != null || (failed && !sinkAsBefore);
    }

    /** The job fails once the sink subtasks wrote what they hold, on a change not in the sink. */
    void failingAfterDrain() {
        sinkAsBefore = true;
    }

    /** Whether a change is being applied or waits for the sink; nothing else goes on meanwhile. */
    boolean busy() {
        return inFlight != null || inspecting != null;
    }

    /** Stops all change handling; false when it was stopped already. */
    boolean fail() {
        if (failed) {
            return false;
        }
        failed = true;
        return true;
    }

    /** After a restore: a new generation, nothing in flight, state to be replaced. */
    void restart(RegistryState restored) {
        generation++;
        inFlight = null;
        inspecting = null;
        failed = false;
        sinkAsBefore = false;
        state = restored;
    }
}
