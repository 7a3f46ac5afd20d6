package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.NetworkAddresses;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Who can reach the web UI and REST API of a cluster bin/local-cluster.sh starts (issue 23, item
 * 9): loopback only and no jar upload by default; {@code -D rest.bind-address} widens it with one
 * warning, and jar upload follows only {@code -D web.submit.enable}. The half that needs an address
 * of this machine other machines reach is left out on a machine without one.
 */
class ClusterExposureTest {
    @TempDir Path dir;

    @Test
    void byDefaultTheRestApiAnswersOnLoopbackOnlyAndTakesNoJarUpload() throws Exception {
        try (LocalCluster cluster = LocalCluster.start(dir)) {
            Optional<InetAddress> network = NetworkAddresses.nonLoopback();
            if (network.isPresent()) {
                assertThat(NetworkAddresses.accepts(network.get(), cluster.restPort()))
                        .as("the REST port on %s", network.get())
                        .isFalse();
            }
            assertThat(
                            NetworkAddresses.accepts(
                                    InetAddress.getLoopbackAddress(), cluster.restPort()))
                    .isTrue();
            assertThat(cluster.getJson("/config").path("features").path("web-submit").asBoolean())
                    .isFalse();
            assertThat(cluster.scriptOutput()).doesNotContain("Warning");
        }
    }

    @Test
    void aWiderBindAddressIsReachableFromTheNetworkWithOneWarning() throws Exception {
        try (LocalCluster cluster =
                LocalCluster.start(
                        dir, "-D", "rest.bind-address=0.0.0.0", "-D", "web.submit.enable=true")) {
            InetAddress reached =
                    NetworkAddresses.nonLoopback().orElse(InetAddress.getLoopbackAddress());
            assertThat(NetworkAddresses.accepts(reached, cluster.restPort())).isTrue();
            assertThat(cluster.getJson("/config").path("features").path("web-submit").asBoolean())
                    .isTrue();
            assertThat(cluster.scriptOutput().lines().filter(l -> l.startsWith("Warning")))
                    .containsExactly(
                            "Warning: rest.bind-address=0.0.0.0: the cluster's web UI and REST"
                                    + " API are reachable from the network, without"
                                    + " authentication: whoever reaches the port sees and cancels"
                                    + " jobs and submits jobs of their own through the REST API."
                                    + " Jar upload in the web UI is on (web.submit.enable).");
        }
    }
}
