package dev.schemaop.registry;

import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

/**
 * Where the registry's applied-change log is: this run's own directory in the job's checkpoint
 * storage, continued from the log of the run that took a restored checkpoint when that was another
 * run (a resubmission from a savepoint), and opened again after a failure broke it.
 */
final class RegistryLogs {
    /** This run's log: in the job's checkpoint storage, keyed by job and operator. */
    private final AppliedLogLocation.Directory own;

    @Nullable private AppliedChangeLog log;

    RegistryLogs(AppliedLogLocation.Directory own) {
        this.own = own;
    }

    /** Whether this run's log is synced to stable storage (the decision history follows it). */
    boolean ownSynced() {
        return own.synced();
    }

    /** A fresh job: a fresh log in this run's directory. */
    void startFresh(RegistryState state) {
        state.logDir = own.path().toString();
        log = new AppliedChangeLog(own, true);
    }

    /**
     * After a restore: this run logs into its own directory, starting from the log of the run that
     * took the checkpoint when that was another run.
     */
    void continueOfThisRun(RegistryState state) {
        if (!state.logDir.isEmpty() && !new Path(state.logDir).equals(own.path())) {
            if (log != null) {
                close();
            }
            AppliedChangeLog.continueFrom(new Path(state.logDir), own.path());
        }
        state.logDir = own.path().toString();
    }

    /** The log that continues {@code state}. */
    AppliedChangeLog current(RegistryState state) {
        Path dir = new Path(state.logDir);
        if (log != null && (log.isBroken() || !log.directory().equals(dir))) {
            close();
        }
        if (log == null) {
            log =
                    new AppliedChangeLog(
                            new AppliedLogLocation.Directory(
                                    dir, own.synced() && dir.equals(own.path())),
                            false);
        }
        return log;
    }

    /**
     * When the registry closes. The closed log stays the current one: a task still queued on the
     * event loop meets a closed log, not a new one in a directory the job is done with.
     */
    void closeForGood() {
        if (log != null) {
            log.close();
        }
    }

    private void close() {
        log.close();
        log = null;
    }
}
