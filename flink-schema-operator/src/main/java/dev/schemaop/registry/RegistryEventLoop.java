package dev.schemaop.registry;

import org.apache.flink.util.ExceptionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The registry's single thread: every entry point and every async result runs here, one at a time,
 * so the registry's state needs no locks. An action that throws fails the job through {@code
 * onError}; fatal errors are rethrown.
 */
final class RegistryEventLoop implements Executor {
    private static final Logger LOG = LoggerFactory.getLogger(RegistryEventLoop.class);

    /** Work for the loop. */
    interface Action {
        void run() throws Exception;
    }

    private final ScheduledExecutorService executor;
    private final Consumer<Throwable> onError;
    private volatile Thread thread;

    RegistryEventLoop(String name, ClassLoader userClassLoader, Consumer<Throwable> onError) {
        this.onError = onError;
        this.executor =
                Executors.newSingleThreadScheduledExecutor(
                        runnable -> {
                            Thread t = new Thread(runnable, name);
                            t.setDaemon(true);
                            t.setContextClassLoader(userClassLoader);
                            thread = t;
                            return t;
                        });
    }

    @Override
    public void execute(Runnable command) {
        executor.execute(command);
    }

    void run(Action action, String what, Object... args) {
        executor.execute(() -> guarded(action, what, args));
    }

    /** Runs the action here, on the loop; a failure fails the job. */
    void guarded(Action action, String what, Object... args) {
        try {
            action.run();
        } catch (Throwable t) {
            ExceptionUtils.rethrowIfFatalErrorOrOOM(t);
            String description = String.format(what, args);
            LOG.error("Schema registry failed while {}", description, t);
            onError.accept(
                    new SchemaEvolutionException(
                            "Schema registry failed while " + description + ": " + t.getMessage(),
                            t));
        }
    }

    /** Runs the action on the loop and waits for it; its failure is thrown to the caller. */
    void runAndWait(Action action, String what) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        executor.execute(
                () -> {
                    try {
                        action.run();
                        done.complete(null);
                    } catch (Throwable t) {
                        done.completeExceptionally(t);
                    }
                });
        try {
            done.get();
        } catch (ExecutionException e) {
            throw new Exception("Schema registry failed while " + what, e.getCause());
        }
    }

    ScheduledFuture<?> schedule(Runnable action, Duration delay) {
        return executor.schedule(action, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    void assertInLoop() {
        if (Thread.currentThread() != thread) {
            throw new IllegalStateException(
                    "Schema registry state touched outside its event loop, from "
                            + Thread.currentThread().getName());
        }
    }

    boolean isShutdown() {
        return executor.isShutdown();
    }

    void shutdownNow() {
        executor.shutdownNow();
    }
}
