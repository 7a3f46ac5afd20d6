package dev.schemaop.api;

import org.apache.flink.runtime.throwable.ThrowableClassifier;
import org.apache.flink.runtime.throwable.ThrowableType;

import javax.annotation.Nullable;

import java.lang.reflect.Constructor;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link Secrets#scrub}: an exception graph (causes, SQL next exceptions, suppressed exceptions)
 * copied with its messages masked. Each link becomes a copy of its own class when a public
 * constructor builds one with exactly the masked message (an {@link SQLException} keeps its
 * SQLState and vendor code, a {@link BatchUpdateException} its update counts too), else a {@link
 * Secrets.ScrubbedException} (a {@link Secrets.ScrubbedSqlException} for an SQLException, a {@link
 * NonRecoverableException} for a failure Flink must not restart) whose message starts with the
 * original class name. Stack traces are kept. The graph is walked without recursion, so that a
 * batch's thousand next exceptions cannot overflow the stack.
 */
final class ScrubbedChain {
    private final List<String> secrets;
    private final Map<Throwable, Throwable> copies = new IdentityHashMap<>();

    private ScrubbedChain(List<String> secrets) {
        this.secrets = secrets;
    }

    static Throwable of(Throwable error, List<String> secrets) {
        if (secrets.isEmpty() || !holdsSecret(error, secrets)) {
            return error;
        }
        return new ScrubbedChain(secrets).copy(error);
    }

    /** Whether a message anywhere in the graph holds a secret. */
    private static boolean holdsSecret(Throwable error, List<String> secrets) {
        for (Throwable t : reachable(error)) {
            if (Secrets.holdsSecret(t.getMessage(), secrets)
                    || Secrets.holdsSecret(t.getLocalizedMessage(), secrets)
                    || Secrets.holdsSecret(t.toString(), secrets)) {
                return true;
            }
        }
        return false;
    }

    private static List<Throwable> reachable(Throwable error) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> out = new ArrayList<>();
        Deque<Throwable> todo = new ArrayDeque<>();
        todo.add(error);
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (seen.add(t)) {
                out.add(t);
                todo.addAll(linked(t));
            }
        }
        return out;
    }

    /** The exceptions a link leads to: its cause, its next exception, its suppressed ones. */
    private static List<Throwable> linked(Throwable t) {
        List<Throwable> out = new ArrayList<>();
        if (t.getCause() != null && t.getCause() != t) {
            out.add(t.getCause());
        }
        if (t instanceof SQLException sql
                && sql.getNextException() != null
                && sql.getNextException() != t) {
            out.add(sql.getNextException());
        }
        Collections.addAll(out, t.getSuppressed());
        return out;
    }

    /**
     * Copies the graph depth-first, each link after the links it leads to; a link that leads back
     * to one still being copied (a cycle) loses that link.
     */
    private Throwable copy(Throwable root) {
        Set<Throwable> open = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Throwable t = stack.peek();
            if (copies.containsKey(t)) {
                stack.pop();
            } else if (open.add(t)) {
                for (Throwable next : linked(t)) {
                    if (!copies.containsKey(next) && !open.contains(next)) {
                        stack.push(next);
                    }
                }
            } else {
                stack.pop();
                copies.put(t, copyOf(t));
            }
        }
        return copies.get(root);
    }

    private Throwable copyOf(Throwable t) {
        String message = Secrets.mask(t.getMessage(), secrets);
        Throwable cause = t.getCause() == null ? null : copies.get(t.getCause());
        Throwable copy = sameClass(t, message, cause);
        if (copy == null) {
            copy = plain(t, message);
            if (cause != null) {
                copy.initCause(cause);
            }
        }
        if (t instanceof SQLException sql && copy instanceof SQLException sqlCopy) {
            Throwable next =
                    sql.getNextException() == null ? null : copies.get(sql.getNextException());
            if (next instanceof SQLException nextCopy) {
                sqlCopy.setNextException(nextCopy);
            }
        }
        for (Throwable suppressed : t.getSuppressed()) {
            Throwable suppressedCopy = copies.get(suppressed);
            if (suppressedCopy != null && suppressedCopy != copy) {
                copy.addSuppressed(suppressedCopy);
            }
        }
        copy.setStackTrace(t.getStackTrace());
        return copy;
    }

    /**
     * A copy of the link's own class, built by a public constructor with exactly the masked message
     * and the copied cause; null when the class has none or makes its own message.
     */
    @Nullable
    private Throwable sameClass(Throwable t, @Nullable String message, @Nullable Throwable cause) {
        try {
            Throwable copy = construct(t, message);
            if (copy == null
                    || copy.getClass() != t.getClass()
                    || !Objects.equals(copy.getMessage(), message)
                    || Secrets.holdsSecret(copy.toString(), secrets)) {
                return null;
            }
            if (cause != null) {
                copy.initCause(cause);
            }
            return copy;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // no such constructor, or it set the cause itself
        }
    }

    @Nullable
    private static Throwable construct(Throwable t, @Nullable String message)
            throws ReflectiveOperationException {
        Class<? extends Throwable> type = t.getClass();
        if (t instanceof BatchUpdateException batch) {
            Constructor<? extends Throwable> withCounts =
                    publicConstructor(type, String.class, String.class, int.class, int[].class);
            if (withCounts != null) {
                return withCounts.newInstance(
                        message,
                        batch.getSQLState(),
                        batch.getErrorCode(),
                        batch.getUpdateCounts());
            }
        }
        if (t instanceof SQLException sql) {
            Constructor<? extends Throwable> withState =
                    publicConstructor(type, String.class, String.class, int.class);
            if (withState != null) {
                return withState.newInstance(message, sql.getSQLState(), sql.getErrorCode());
            }
        }
        Constructor<? extends Throwable> withMessage = publicConstructor(type, String.class);
        return withMessage == null ? null : withMessage.newInstance(message);
    }

    @Nullable
    private static Constructor<? extends Throwable> publicConstructor(
            Class<? extends Throwable> type, Class<?>... parameters) {
        try {
            return type.getConstructor(parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Throwable plain(Throwable t, @Nullable String message) {
        String text = t.getClass().getName() + (message == null ? "" : ": " + message);
        if (t instanceof SQLException sql) {
            return new Secrets.ScrubbedSqlException(text, sql.getSQLState(), sql.getErrorCode());
        }
        if (ThrowableClassifier.getThrowableType(t) == ThrowableType.NonRecoverableError) {
            return new NonRecoverableException(text);
        }
        return new Secrets.ScrubbedException(text);
    }
}
