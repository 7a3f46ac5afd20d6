package dev.schemaop.cli;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.WebOptions;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Who can reach the embedded run's REST API and web UI. Flink binds its REST endpoint to every
 * interface and serves jar upload and run ({@code web.submit.enable}) by default, so that anyone
 * who reaches the port could run code in this JVM. The embedded run binds it to loopback and turns
 * jar upload off unless {@code -D} says otherwise. A bind address other machines reach gets one
 * warning: Flink's REST API has no authentication, and takes job submissions ({@code POST /jobs})
 * whatever {@code web.submit.enable} says.
 *
 * <p>{@code web.cancel.enable} keeps Flink's default (on): it only shows or hides the web UI's
 * cancel button, the REST API cancels a job either way, and on loopback only this machine can.
 */
final class RestExposure {
    static final String LOOPBACK = "127.0.0.1";

    private RestExposure() {}

    /**
     * Sets the defaults the user did not set.
     *
     * @return the warning to print when the REST API is reachable from the network
     */
    static Optional<String> restrict(Configuration flink) {
        if (!flink.contains(RestOptions.BIND_ADDRESS)) {
            flink.set(RestOptions.BIND_ADDRESS, LOOPBACK);
        }
        if (!flink.contains(WebOptions.SUBMIT_ENABLE)) {
            flink.set(WebOptions.SUBMIT_ENABLE, false);
        }
        String bindAddress = flink.get(RestOptions.BIND_ADDRESS);
        if (isLoopback(bindAddress)) {
            return Optional.empty();
        }
        return Optional.of(
                "-D "
                        + RestOptions.BIND_ADDRESS.key()
                        + "="
                        + bindAddress
                        + ": the embedded run's web UI and REST API are reachable from the"
                        + " network, without authentication: whoever reaches the port sees the"
                        + " job, can cancel it and can submit jobs of their own through the REST"
                        + " API. "
                        + (flink.get(WebOptions.SUBMIT_ENABLE)
                                ? "Jar upload and run in the web UI is on ("
                                        + WebOptions.SUBMIT_ENABLE.key()
                                        + ")."
                                : "Jar upload in the web UI stays off (-D "
                                        + WebOptions.SUBMIT_ENABLE.key()
                                        + "=true turns it on)."));
    }

    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false; // Flink cannot bind to it either, and says so
        }
    }
}
