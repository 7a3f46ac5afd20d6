package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.NetworkAddresses;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who can reach the embedded run's web UI and REST API (issue 23, item 9): loopback only and no jar
 * upload by default; {@code -D rest.bind-address} widens it with one warning, and jar upload
 * follows only {@code -D web.submit.enable}. The half that needs an address of this machine other
 * machines reach is left out on a machine without one.
 */
class WebUiExposureTest {
    private static final String WIDENED =
            "Warning: -D rest.bind-address=0.0.0.0: the embedded run's web UI and REST API are"
                    + " reachable from the network, without authentication: whoever reaches the"
                    + " port sees the job, can cancel it and can submit jobs of their own through"
                    + " the REST API. ";

    @TempDir Path dir;

    private CliProcess cli;
    private int port;
    private Optional<InetAddress> network;

    @BeforeEach
    void setUp() throws IOException {
        cli = new CliProcess(dir);
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        network = NetworkAddresses.nonLoopback();
    }

    @Test
    void byDefaultTheWebUiAnswersOnLoopbackOnlyAndTakesNoJarUpload() throws Exception {
        Process run = start(List.of(), true);

        assertThat(NetworkAddresses.accepts(InetAddress.getLoopbackAddress(), port)).isTrue();
        if (network.isPresent()) {
            assertThat(NetworkAddresses.accepts(network.get(), port))
                    .as("the REST port on %s", network.get())
                    .isFalse();
        }
        assertThat(CliProcess.get("http://127.0.0.1:" + port + "/config"))
                .contains("\"web-submit\":false", "\"web-cancel\":true");
        CliProcess.Run end = cli.awaitEnd(run);
        assertThat(end.exitCode()).isZero();
        assertThat(end.stderr()).noneMatch(line -> line.startsWith("Warning"));
    }

    /** Without the web UI the REST API still listens (Flink's MiniCluster always serves it). */
    @Test
    void withoutTheWebUiTheRestApiAnswersOnLoopbackOnly() throws Exception {
        Process run = start(List.of("--no-web-ui"), false);
        awaitRestPort();

        if (network.isPresent()) {
            assertThat(NetworkAddresses.accepts(network.get(), port))
                    .as("the REST port on %s", network.get())
                    .isFalse();
        }
        assertThat(CliProcess.get("http://127.0.0.1:" + port + "/jobs/overview"))
                .contains("\"name\":\"web ui demo\"");
        assertThat(cli.awaitEnd(run).exitCode()).isZero();
    }

    @ParameterizedTest(name = "web.submit.enable={0}")
    @ValueSource(booleans = {false, true})
    void aWiderBindAddressIsReachableFromTheNetworkWithOneWarning(boolean upload) throws Exception {
        List<String> options = new ArrayList<>(List.of("-D", "rest.bind-address=0.0.0.0"));
        if (upload) {
            options.addAll(List.of("-D", "web.submit.enable=true"));
        }
        Process run = start(options, true);

        InetAddress reached = network.orElse(InetAddress.getLoopbackAddress());
        String host = reached.getHostAddress();
        String url = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        assertThat(NetworkAddresses.accepts(reached, port)).isTrue();
        assertThat(CliProcess.get(url + "/config")).contains("\"web-submit\":" + upload);
        CliProcess.Run end = cli.awaitEnd(run);
        assertThat(end.exitCode()).isZero();
        assertThat(end.stderr().stream().filter(line -> line.startsWith("Warning")))
                .containsExactly(
                        WIDENED
                                + (upload
                                        ? "Jar upload and run in the web UI is on"
                                                + " (web.submit.enable)."
                                        : "Jar upload in the web UI stays off (-D"
                                                + " web.submit.enable=true turns it on)."));
    }

    private Process start(List<String> options, boolean webUi) throws Exception {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                CommandLineProcessTest.slowPipeline(dir).toString(),
                                "-D",
                                "rest.port=" + port));
        args.addAll(options);
        String[] all = args.toArray(new String[0]);
        Process process = webUi ? cli.startWithWebUi(all) : cli.start(all);
        if (webUi) {
            cli.awaitStderr("Web frontend listening at", Duration.ofMinutes(1));
        }
        return process;
    }

    /** Without the web UI nothing is printed: the port is polled. */
    private void awaitRestPort() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!NetworkAddresses.accepts(InetAddress.getLoopbackAddress(), port)) {
            assertThat(System.nanoTime()).as("the REST port opens").isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
