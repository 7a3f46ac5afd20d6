package dev.schemaop.cli;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;

/**
 * The port of the embedded MiniCluster's REST API, which serves Flink's web UI when
 * flink-runtime-web is on the classpath ({@code bin/flink-cdc.sh} leaves it off with {@code
 * --no-web-ui}): {@code rest.port} when given, else, with the web UI, the first free port from
 * 8081, so that a second pipeline on the machine still starts, and without it any free port. Flink
 * logs the address ("Web frontend listening at ..."); conf/log4j-cli.properties shows that line on
 * the console.
 */
final class EmbeddedWebUi {
    /** Where the UI looks for a port when none is given. */
    static final String DEFAULT_PORTS = "8081-8180";

    private EmbeddedWebUi() {}

    static void configure(Configuration flink, boolean webUi) {
        if (!flink.contains(RestOptions.PORT) && !flink.contains(RestOptions.BIND_PORT)) {
            flink.set(RestOptions.BIND_PORT, webUi ? DEFAULT_PORTS : "0");
        }
    }
}
