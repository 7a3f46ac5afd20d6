package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A standalone Flink session cluster started by {@code bin/local-cluster.sh}: a JobManager and a
 * TaskManager process on loopback ports, checkpoints under {@code dir/checkpoints}.
 */
final class LocalCluster implements AutoCloseable {
    private final Path dir;
    private final int restPort;

    private LocalCluster(Path dir, int restPort) {
        this.dir = dir;
        this.restPort = restPort;
    }

    static LocalCluster start(Path dir) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        LocalCluster cluster = new LocalCluster(dir, port);
        int exit = cluster.script("start", "--rest-port", String.valueOf(port));
        assertThat(exit).as("bin/local-cluster.sh start; its logs are in %s/log", dir).isZero();
        return cluster;
    }

    int restPort() {
        return restPort;
    }

    Path checkpoints() {
        return dir.resolve("checkpoints");
    }

    /** GET on the cluster's REST API; the body. */
    String get(String path) throws IOException {
        HttpURLConnection connection =
                (HttpURLConnection)
                        URI.create("http://localhost:" + restPort + path).toURL().openConnection();
        try (var in = connection.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }

    private int script(String... args) throws Exception {
        Path root = Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();
        String[] command = new String[args.length + 3];
        command[0] = root.resolve("bin/local-cluster.sh").toString();
        command[1] = args[0];
        command[2] = "--dir";
        command[3] = dir.toString();
        System.arraycopy(args, 1, command, 4, args.length - 1);
        Files.createDirectories(dir);
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("local-cluster.out").toFile())
                        .start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("bin/local-cluster.sh").isTrue();
        return process.exitValue();
    }

    @Override
    public void close() throws Exception {
        script("stop");
    }
}
