package dev.schemaop.sink;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What the sink and writer wrappers share: a proxy with exactly the public interfaces of the object
 * it forwards to, and a forwarded call that throws the target's own exception.
 */
final class Forwarding {
    private Forwarding() {}

    /**
     * A proxy of {@code target}'s class loader implementing every public interface it has, and
     * nothing else but {@code Serializable}, which every proxy is through {@link Proxy}: every sink
     * is anyway, and no check in Flink looks for it on a writer.
     */
    @SuppressWarnings("unchecked")
    static <T> T proxy(T target, InvocationHandler handler) {
        Class<?> type = target.getClass();
        return (T) Proxy.newProxyInstance(type.getClassLoader(), publicInterfaces(type), handler);
    }

    /**
     * The interfaces of {@code type}, its superclasses and their superinterfaces, in declaration
     * order. Non-public ones are left out: no check in Flink can name them, and a proxy cannot
     * implement non-public interfaces of two packages at once. Their public superinterfaces stay.
     */
    static Class<?>[] publicInterfaces(Class<?> type) {
        Set<Class<?>> all = new LinkedHashSet<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            collect(c.getInterfaces(), all);
        }
        return all.stream()
                .filter(i -> Modifier.isPublic(i.getModifiers()))
                .toArray(Class<?>[]::new);
    }

    private static void collect(Class<?>[] interfaces, Set<Class<?>> into) {
        for (Class<?> i : interfaces) {
            if (into.add(i)) {
                collect(i.getInterfaces(), into);
            }
        }
    }

    /** Calls {@code method} on {@code target}; what the target throws is thrown as it is. */
    static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** {@code equals}, {@code hashCode} and {@code toString} of a proxy: identity, and a name. */
    static Object objectMethod(Object proxy, Method method, Object[] args, String description) {
        switch (method.getName()) {
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            case "toString":
                return description;
            default:
                throw new UnsupportedOperationException(method + " with " + Arrays.toString(args));
        }
    }
}
