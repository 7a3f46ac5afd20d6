package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One table through every column change type, a truncate, updates and deletes, from the values
 * source through the command line into a real PostgreSQL or MariaDB (the JDBC sink passed with
 * {@code --jar}), under evolve and lenient, at parallelism 1 and 2 (two source splits, each
 * replaying every schema change): the table read back over JDBC must be exactly what the behavior
 * says, whatever the parallelism.
 *
 * <ul>
 *   <li>evolve: the table mirrors the script: the truncate removes rows 1 and 2, the added columns
 *       are nullable (PostgreSQL adds {@code code}, wanted after {@code id}, at the end: it cannot
 *       place columns; MariaDB places it), the alters widen the columns and convert the stored
 *       values ({@code 1.50} becomes {@code 1.5000}), the rename renames, the drop drops.
 *   <li>lenient (README "Behaviors"): the truncate is skipped (rows 1 and 2 stay; row 2 is deleted
 *       by key later); the added columns come nullable at the end; the three alters widen, as under
 *       evolve; the rename keeps {@code name} (nullable) and adds {@code full_name} nullable at the
 *       end; the drop keeps {@code note} and makes it nullable. Rows after a rename or drop are
 *       reshaped by name: {@code name} and {@code note} are null in them.
 * </ul>
 */
class SchemaChangesIntoRealDatabasesTest {
    private static final String TABLE = "items";

    private static final List<String> EVOLVE_POSTGRES_COLUMNS =
            List.of(
                    "id integer NOT NULL",
                    "qty bigint",
                    "price numeric(12,4)",
                    "full_name character varying(40)",
                    "email character varying(30)",
                    "code integer");

    private static final List<String> EVOLVE_MARIADB_COLUMNS =
            List.of(
                    "id int(11) NOT NULL",
                    "code int(11)",
                    "qty bigint(20)",
                    "price decimal(12,4)",
                    "full_name varchar(40)",
                    "email varchar(30)");

    private static final String EVOLVE_ROW_COLUMNS = "id, code, qty, price, full_name, email";

    private static final List<String> LENIENT_POSTGRES_COLUMNS =
            List.of(
                    "id integer NOT NULL",
                    "qty bigint",
                    "price numeric(12,4)",
                    "name character varying(40)",
                    "note character varying(20)",
                    "email character varying(30)",
                    "code integer",
                    "full_name character varying(40)");

    private static final List<String> LENIENT_MARIADB_COLUMNS =
            List.of(
                    "id int(11) NOT NULL",
                    "qty bigint(20)",
                    "price decimal(12,4)",
                    "name varchar(40)",
                    "note varchar(20)",
                    "email varchar(30)",
                    "code int(11)",
                    "full_name varchar(40)");

    private static final String LENIENT_ROW_COLUMNS =
            "id, code, qty, price, name, note, email, full_name";

    private static final List<String> LENIENT_ROWS =
            List.of(
                    "id=1, code=null, qty=10, price=1.5000, name=ann, note=n1, email=null,"
                            + " full_name=null",
                    "id=3, code=300, qty=31, price=3.7500, name=null, note=null, email=c@x,"
                            + " full_name=cid-2",
                    "id=5, code=null, qty=50, price=5.5000, name=eve, note=n5, email=null,"
                            + " full_name=null",
                    "id=6, code=601, qty=6000000000, price=6.5000, name=null, note=null,"
                            + " email=null, full_name=fay",
                    "id=7, code=700, qty=7000000000, price=7.5000, name=gus, note=n7, email=g@x,"
                            + " full_name=null",
                    "id=8, code=800, qty=80, price=8.1234, name=hal, note=n8, email=h@x,"
                            + " full_name=null",
                    "id=9, code=900, qty=90, price=9.5000, name=ivy-with-a-much-longer-name,"
                            + " note=n9, email=i@x, full_name=null",
                    "id=10, code=1000, qty=100, price=10.5000, name=null, note=n10, email=j@x,"
                            + " full_name=jay",
                    "id=11, code=1100, qty=110, price=11.5000, name=null, note=null, email=k@x,"
                            + " full_name=kim",
                    "id=12, code=1200, qty=120, price=12.5000, name=null, note=null, email=l@x,"
                            + " full_name=lee");

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    @ParameterizedTest(name = "{0}, {1}, parallelism {2}")
    @CsvSource(
            textBlock =
                    """
                    postgres, evolve, 1
                    postgres, evolve, 2
                    postgres, lenient, 1
                    postgres, lenient, 2
                    mariadb, evolve, 1
                    mariadb, evolve, 2
                    mariadb, lenient, 1
                    mariadb, lenient, 2
                    """)
    void theTableEndsExactlyAsTheBehaviorSays(String sinkType, String behavior, int parallelism)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String schema =
                "e2e_jdbc_"
                        + (endpoint.isPostgres() ? "pg" : "maria")
                        + "_"
                        + behavior
                        + "_p"
                        + parallelism;
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema)) {
            Path script = dir.resolve("script.yaml");
            Files.writeString(script, ChangeScripts.EVERY_CHANGE_TYPE.replace("SCHEMA", schema));

            JdbcPipelineRun.run(
                            dir,
                            JdbcPipelineRun.valuesInto(endpoint, script, parallelism, behavior))
                    .assertSucceeded();

            assertThat(db.primaryKey(TABLE)).containsExactly("id");
            if (behavior.equals("evolve")) {
                assertThat(db.columns(TABLE))
                        .isEqualTo(
                                endpoint.isPostgres()
                                        ? EVOLVE_POSTGRES_COLUMNS
                                        : EVOLVE_MARIADB_COLUMNS);
                assertThat(db.rows(TABLE, EVOLVE_ROW_COLUMNS))
                        .isEqualTo(ChangeScripts.EVERY_CHANGE_TYPE_EVOLVE_ROWS);
            } else {
                assertThat(db.columns(TABLE))
                        .isEqualTo(
                                endpoint.isPostgres()
                                        ? LENIENT_POSTGRES_COLUMNS
                                        : LENIENT_MARIADB_COLUMNS);
                assertThat(db.rows(TABLE, LENIENT_ROW_COLUMNS)).isEqualTo(LENIENT_ROWS);
            }
        }
    }
}
