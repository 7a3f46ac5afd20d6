package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The registry's {@code MetadataApplier} calls (SPEC G4): one at a time, on a thread of their own,
 * each bounded by the rpc timeout, each result brought back to the event loop. A call outlives the
 * change it belonged to when a restore or a timeout drops that change; the next change waits for it
 * ({@link #afterCallInProgress}), since its outcome decides what the sink has. Event loop only, but
 * the calls themselves.
 */
final class ApplierCalls {
    private static final Logger LOG = LoggerFactory.getLogger(ApplierCalls.class);

    /** What the event loop does with a call's outcome: {@code error} is null on success. */
    interface Outcome {
        void handle(@Nullable Throwable error) throws Exception;
    }

    private final MetadataApplier applier;
    private final RegistryEventLoop loop;
    private final Duration timeout;
    private final ExecutorService thread;

    /** The handling of the last call's result on the loop; done once it was handled. */
    private CompletableFuture<Void> lastHandled = CompletableFuture.completedFuture(null);

    /**
     * Whether the last call's result has not reached the loop yet (its handler clears it first).
     */
    private boolean inProgress;

    ApplierCalls(
            MetadataApplier applier,
            RegistryEventLoop loop,
            Duration timeout,
            ClassLoader userClassLoader) {
        this.applier = applier;
        this.loop = loop;
        this.timeout = timeout;
        this.thread =
                Executors.newSingleThreadExecutor(
                        runnable -> {
                            Thread t =
                                    new ExecutorThreadFactory("schema-applier").newThread(runnable);
                            t.setContextClassLoader(userClassLoader);
                            return t;
                        });
    }

    boolean isCallInProgress() {
        return inProgress;
    }

    /**
     * Runs {@code then} on the loop once the call in progress was handled, or {@code onTimeout}
     * when it outlives the rpc timeout: waiting for it is bounded like a call of our own.
     */
    void afterCallInProgress(RegistryEventLoop.Action then, Runnable onTimeout) {
        CompletableFuture<Void> current = lastHandled;
        bound(current, onTimeout);
        current.whenCompleteAsync(
                (ok, error) -> loop.guarded(then, "going on after an applier call"), loop);
    }

    /** What the event loop does with the answer of a question to the sink. */
    interface Answer<T> {
        void handle(@Nullable T answer, @Nullable Throwable error) throws Exception;
    }

    /**
     * Applies {@code event} on the applier thread; when {@code readBack} says the sink already has
     * it, the call is not made. The outcome comes back on the loop.
     */
    void call(
            SchemaChangeEvent event,
            @Nullable SinkReadBack readBack,
            Outcome outcome,
            Runnable onTimeout) {
        submit(
                () -> {
                    if (readBack != null && readBack.sinkHasIt()) {
                        LOG.info(
                                "The sink already has {}: a failure cut its call short after it reached the sink; not applied again.",
                                event);
                        return null;
                    }
                    applier.applySchemaChange(event);
                    return null;
                },
                (ignored, error) -> outcome.handle(error),
                onTimeout,
                "applying " + event);
    }

    /**
     * Asks the sink something on the applier thread, after any call before it and bounded like a
     * call; the answer comes back on the loop.
     */
    <T> void ask(Callable<T> question, Answer<T> answer, Runnable onTimeout, String what) {
        submit(question, answer, onTimeout, what);
    }

    private <T> void submit(Callable<T> work, Answer<T> answer, Runnable onTimeout, String what) {
        loop.assertInLoop();
        CompletableFuture<T> call =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return work.call();
                            } catch (Exception e) {
                                throw new CompletionException(e);
                            }
                        },
                        thread);
        bound(call, onTimeout);
        inProgress = true;
        lastHandled =
                call.handleAsync(
                        (result, error) -> {
                            inProgress = false;
                            Throwable cause =
                                    error == null
                                            ? null
                                            : ExceptionUtils.stripCompletionException(error);
                            loop.guarded(() -> answer.handle(result, cause), "%s", what);
                            return null;
                        },
                        loop);
    }

    /** Runs {@code onTimeout} on the loop if {@code work} is not done within the rpc timeout. */
    private void bound(CompletableFuture<?> work, Runnable onTimeout) {
        ScheduledFuture<?> timer =
                loop.schedule(
                        () -> {
                            if (!work.isDone()) {
                                onTimeout.run();
                            }
                        },
                        timeout);
        work.whenComplete((ok, error) -> timer.cancel(false));
    }

    /**
     * Closes the applier on its own thread, after a call that may still run; a hung call is
     * interrupted.
     */
    void close() throws InterruptedException {
        thread.submit(
                () -> {
                    try {
                        applier.close();
                    } catch (Exception e) {
                        LOG.warn("Closing the sink's MetadataApplier failed", e);
                    }
                });
        thread.shutdown();
        if (!thread.awaitTermination(5, TimeUnit.SECONDS)) {
            thread.shutdownNow();
        }
    }
}
