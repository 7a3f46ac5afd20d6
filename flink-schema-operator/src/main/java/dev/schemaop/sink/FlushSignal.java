package dev.schemaop.sink;

/**
 * Tells the sink input operator that the sink writer chained behind it finished a flush. Chained
 * operators run on one thread, so a thread-local is exact; if the writer were not chained, the
 * signal would never arrive and the input operator fails loudly instead of acknowledging a flush
 * that did not happen.
 */
final class FlushSignal {
    private static final ThreadLocal<Long> LAST_FLUSHED = new ThreadLocal<>();

    private FlushSignal() {}

    static void clear() {
        LAST_FLUSHED.remove();
    }

    static void flushed(long token) {
        LAST_FLUSHED.set(token);
    }

    static boolean wasFlushed(long token) {
        Long last = LAST_FLUSHED.get();
        return last != null && last == token;
    }
}
