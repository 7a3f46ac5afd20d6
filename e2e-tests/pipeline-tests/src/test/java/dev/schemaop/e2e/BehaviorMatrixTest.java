package dev.schemaop.e2e;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

class BehaviorMatrixTest {

    @TempDir Path dir;

    @ParameterizedTest(name = "{0} at parallelism {1}, splits {2}")
    @CsvSource({"evolve,1,1", "evolve,3,3", "lenient,1,1", "lenient,3,3", "ignore,1,1", "ignore,3,3", "try_evolve,1,1", "try_evolve,3,3"})
    void explore(String behavior, int parallelism, int splits) throws Exception {
        PipelineRun run = PipelineRun.run(dir, Pipelines.allChanges(dir, behavior, parallelism, splits, ""));
        System.out.println("=== " + behavior + " p" + parallelism + " exit " + run.exitCode);
        System.out.println(run.columns("db.people"));
        run.rows("db.people").forEach(System.out::println);
        if (run.hasTable("db.logs")) {
            System.out.println(run.columns("db.logs"));
            run.rows("db.logs").forEach(System.out::println);
        }
        run.schemaChanges().forEach(System.out::println);
    }
}
