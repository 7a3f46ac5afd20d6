package dev.schemaop.e2e.cluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** A test class whose tests share one standalone cluster, started before them and stopped after. */
abstract class OnLocalCluster {
    @TempDir static Path clusterDir;

    static LocalCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = LocalCluster.start(clusterDir);
    }

    @AfterEach
    void cancelJobsLeftRunning() throws Exception {
        cluster.cancelUnfinishedJobs();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }
}
