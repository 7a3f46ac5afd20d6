package dev.schemaop.testing;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.Collections;
import java.util.Comparator;
import java.util.Optional;

/** This machine's addresses, to tell whether a server can be reached from the network. */
public final class NetworkAddresses {
    private NetworkAddresses() {}

    /**
     * An address of this machine that other machines can reach (not loopback, not link-local), IPv4
     * first; empty on a machine without a network.
     */
    public static Optional<InetAddress> nonLoopback() throws SocketException {
        return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .filter(NetworkAddresses::isUp)
                .flatMap(nic -> Collections.list(nic.getInetAddresses()).stream())
                .filter(a -> !a.isLoopbackAddress() && !a.isLinkLocalAddress())
                .min(Comparator.comparing(a -> a instanceof Inet6Address));
    }

    /** Whether a TCP connection to {@code address:port} is accepted. */
    public static boolean accepts(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2_000);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    private static boolean isUp(NetworkInterface nic) {
        try {
            return nic.isUp() && !nic.isLoopback();
        } catch (SocketException e) {
            return false;
        }
    }
}
