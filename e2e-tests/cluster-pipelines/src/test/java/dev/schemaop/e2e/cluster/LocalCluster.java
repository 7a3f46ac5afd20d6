package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A standalone Flink session cluster started by {@code bin/local-cluster.sh}: a JobManager and a
 * TaskManager process on loopback ports, checkpoints under {@code dir/checkpoints}. Its processes
 * can be killed (SIGKILL, by the pid the script wrote) and started again.
 */
final class LocalCluster implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final Set<String> TERMINAL = Set.of("FINISHED", "CANCELED", "FAILED");

    private final Path dir;
    private final int restPort;

    private LocalCluster(Path dir, int restPort) {
        this.dir = dir;
        this.restPort = restPort;
    }

    /**
     * Starts the cluster on a free REST port, with the script's further {@code options} (-D ...). A
     * port another process took between our probe and the JobManager's bind is the one failure
     * tried again, on another port, at most twice.
     */
    static LocalCluster start(Path dir, String... options) throws Exception {
        String output = "";
        for (int attempt = 1; attempt <= 3; attempt++) {
            LocalCluster cluster = new LocalCluster(dir, freePort());
            List<String> args =
                    new ArrayList<>(
                            List.of("start", "--rest-port", String.valueOf(cluster.restPort)));
            args.addAll(List.of(options));
            int exit = cluster.script(args.toArray(new String[0]));
            output = Files.readString(dir.resolve("local-cluster.out"));
            if (exit == 0) {
                return cluster;
            }
            if (!output.contains("Address already in use")) {
                break;
            }
            Files.delete(dir.resolve("local-cluster.out"));
        }
        throw new AssertionError(
                "bin/local-cluster.sh start failed; its logs are in "
                        + dir.resolve("log")
                        + ". It printed:\n"
                        + output);
    }

    /** What bin/local-cluster.sh printed (stdout and stderr) for this cluster. */
    String scriptOutput() throws IOException {
        return Files.readString(dir.resolve("local-cluster.out"));
    }

    /**
     * A free port below Linux's ephemeral range (32768+): a port {@code bind(0)} handed out may be
     * taken by an outgoing connection's local end before the JobManager is up to bind it.
     */
    private static int freePort() throws IOException {
        Random random = new Random();
        while (true) {
            int port = 20_000 + random.nextInt(12_000);
            try (ServerSocket socket =
                    new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // try another
            }
        }
    }

    int restPort() {
        return restPort;
    }

    Path checkpoints() {
        return dir.resolve("checkpoints");
    }

    Path confDir() {
        return dir.resolve("conf");
    }

    Path log(String process) {
        return dir.resolve("log").resolve(process + ".log");
    }

    /** Kills a process of the cluster (jobmanager, taskmanager) with SIGKILL, as a crash would. */
    void kill(String process) throws Exception {
        long pid = Long.parseLong(Files.readString(dir.resolve(process + ".pid")).strip());
        ProcessHandle handle = ProcessHandle.of(pid).orElseThrow();
        handle.destroyForcibly();
        handle.onExit().get(1, TimeUnit.MINUTES);
        Files.delete(dir.resolve(process + ".pid"));
    }

    void startJobManager() throws Exception {
        assertThat(script("start-jobmanager")).as("start-jobmanager").isZero();
    }

    void startTaskManager() throws Exception {
        assertThat(script("start-taskmanager")).as("start-taskmanager").isZero();
    }

    /** GET on the cluster's REST API; the body. */
    String get(String path) throws IOException {
        HttpURLConnection connection = open(path);
        try (var in = connection.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }

    JsonNode getJson(String path) throws IOException {
        return JSON.readTree(get(path));
    }

    JsonNode postJson(String path, String body) throws IOException {
        HttpURLConnection connection = open(path);
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "application/json");
        try (var out = connection.getOutputStream()) {
            out.write(body.getBytes(StandardCharsets.UTF_8));
        }
        try (var in = connection.getInputStream()) {
            return JSON.readTree(in);
        } finally {
            connection.disconnect();
        }
    }

    private HttpURLConnection open(String path) throws IOException {
        HttpURLConnection connection =
                (HttpURLConnection)
                        URI.create("http://localhost:" + restPort + path).toURL().openConnection();
        connection.setConnectTimeout(5_000);
        connection.setReadTimeout(30_000);
        return connection;
    }

    /** The job's state once it is one of {@code states}; fails after two minutes. */
    String awaitJobState(String jobId, Set<String> states) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String state = "";
        while (System.nanoTime() < deadline) {
            try {
                state = getJson("/jobs/" + jobId).path("state").asText();
            } catch (IOException notYet) {
                state = "unreachable";
            }
            if (states.contains(state)) {
                return state;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Job " + jobId + " is " + state + ", not one of " + states);
    }

    /**
     * Waits until every vertex of the job runs. The REST API answers from an execution graph it
     * caches for {@code web.refresh-interval} (3 s), so one read may still show a restart.
     */
    void awaitAllTasksRunning(String jobId) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonNode job = getJson("/jobs/" + jobId);
        while (System.nanoTime() < deadline) {
            if (job.path("status-counts").path("RUNNING").asInt() == job.path("vertices").size()) {
                return;
            }
            Thread.sleep(200);
            job = getJson("/jobs/" + jobId);
        }
        throw new AssertionError("Not every task of " + jobId + " runs: " + job.path("vertices"));
    }

    /**
     * Cancels every job still running, so that a test that failed halfway leaves no job holding
     * slots, connections and its source's names on the TaskManager for the next test. A cluster
     * that does not answer (its JobManager killed by the test) has no job to cancel.
     */
    void cancelUnfinishedJobs() throws Exception {
        JsonNode jobs;
        try {
            jobs = getJson("/jobs/overview").path("jobs");
        } catch (IOException unreachable) {
            return;
        }
        HttpClient http = HttpClient.newHttpClient();
        for (JsonNode job : jobs) {
            if (TERMINAL.contains(job.path("state").asText())) {
                continue;
            }
            String jobId = job.path("jid").asText();
            http.send(
                    HttpRequest.newBuilder(
                                    URI.create(
                                            "http://localhost:"
                                                    + restPort
                                                    + "/jobs/"
                                                    + jobId
                                                    + "?mode=cancel"))
                            .method("PATCH", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            awaitJobState(jobId, TERMINAL);
        }
    }

    /** The job has not failed once (each failure is in its exception history). */
    void assertNeverFailed(String jobId) throws IOException {
        JsonNode history = getJson("/jobs/" + jobId + "/exceptions").path("exceptionHistory");
        assertThat(history.path("entries").size())
                .as("failures of %s: %s", jobId, history)
                .isZero();
    }

    /** Waits until the REST API answers and this many slots are free. */
    void awaitFreeSlots(int slots) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (getJson("/overview").path("slots-available").asInt() >= slots) {
                    return;
                }
            } catch (IOException notYet) {
                // the JobManager is starting
            }
            Thread.sleep(200);
        }
        throw new AssertionError(slots + " free slots did not show up; logs in " + dir + "/log");
    }

    /** Triggers a checkpoint and returns its path once it completed. */
    String checkpoint(String jobId) throws Exception {
        String trigger =
                postJson("/jobs/" + jobId + "/checkpoints", "{}").path("request-id").asText();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode status = getJson("/jobs/" + jobId + "/checkpoints/" + trigger);
            if ("COMPLETED".equals(status.path("status").path("id").asText())) {
                JsonNode operation = status.path("operation");
                assertThat(operation.has("failureCause"))
                        .as("checkpoint of %s: %s", jobId, operation)
                        .isFalse();
                long id = operation.path("checkpointId").asLong();
                return checkpointPath(jobId, id);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("The checkpoint of " + jobId + " did not complete");
    }

    private String checkpointPath(String jobId, long id) throws IOException {
        for (JsonNode checkpoint : getJson("/jobs/" + jobId + "/checkpoints").path("history")) {
            if (checkpoint.path("id").asLong() == id) {
                return checkpoint.path("external_path").asText();
            }
        }
        throw new AssertionError("Checkpoint " + id + " of " + jobId + " is not in its history");
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
                ClusterCli.prebuilt(new ProcessBuilder(command))
                        .redirectErrorStream(true)
                        .redirectOutput(
                                ProcessBuilder.Redirect.appendTo(
                                        dir.resolve("local-cluster.out").toFile()))
                        .start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("bin/local-cluster.sh").isTrue();
        return process.exitValue();
    }

    /** Stops the cluster and keeps its logs in target/cluster-logs, for a failure's reader. */
    @Override
    public void close() throws Exception {
        script("stop");
        Path logs = Path.of(System.getProperty("cluster.logs", "target/cluster-logs"));
        Path kept = logs.resolve(dir.getFileName().toString());
        Files.createDirectories(kept);
        try (var files = Files.list(dir.resolve("log"))) {
            for (Path file : files.toList()) {
                Files.copy(
                        file,
                        kept.resolve(file.getFileName()),
                        StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
