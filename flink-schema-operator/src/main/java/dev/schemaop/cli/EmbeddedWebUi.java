package dev.schemaop.cli;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The embedded MiniCluster, with Flink's web UI and REST API (flink-runtime-web) unless {@code
 * --no-web-ui}: on {@code rest.port} when given, else on the first free port from 8081, so that a
 * second pipeline on the machine still starts. Flink logs the address ("Web frontend listening at
 * ..."); conf/log4j-cli.properties shows that line on the console.
 */
final class EmbeddedWebUi {
    /** Where the UI looks for a port when none is given. */
    static final String DEFAULT_PORTS = "8081-8180";

    private EmbeddedWebUi() {}

    static StreamExecutionEnvironment environment(Configuration flink, boolean webUi) {
        if (!webUi) {
            return StreamExecutionEnvironment.createLocalEnvironment(flink);
        }
        if (!flink.contains(RestOptions.PORT) && !flink.contains(RestOptions.BIND_PORT)) {
            flink.set(RestOptions.BIND_PORT, DEFAULT_PORTS);
        }
        return StreamExecutionEnvironment.createLocalEnvironmentWithWebUI(flink);
    }
}
