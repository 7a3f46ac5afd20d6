package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryHarness.request;
import static dev.schemaop.registry.RegistryHarness.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.expansion.ExpansionMode;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SPEC §6 and §4's last rule through the registry: the sink is asked for the table at the first
 * create of a sink table, and the create becomes an adoption, an expansion, a failure or the sink's
 * own create as the mode says.
 */
class ExistingTableExpansionTest {
    @TempDir Path logDir;

    /** What the pipeline sends: id, qty INT, note STRING. */
    private static final Schema UPSTREAM =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("qty", DataTypes.INT())
                    .physicalColumn("note", DataTypes.STRING())
                    .primaryKey("id")
                    .build();

    /** A table the sink already has: id, qty SMALLINT (narrower), no note. */
    private static final Schema NARROWER =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("qty", DataTypes.SMALLINT())
                    .primaryKey("id")
                    .build();

    /** A table that holds everything the pipeline sends, and a column of its own. */
    private static final Schema HOLDING =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("qty", DataTypes.BIGINT())
                    .physicalColumn("note", DataTypes.STRING())
                    .physicalColumn("loaded_at", DataTypes.TIMESTAMP(3))
                    .primaryKey("id")
                    .build();

    /** HOLDING as the writers learn it: without loaded_at, which the pipeline does not write. */
    private static final Schema HOLDING_AS_WRITTEN =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("qty", DataTypes.BIGINT())
                    .physicalColumn("note", DataTypes.STRING())
                    .primaryKey("id")
                    .build();

    private static final CreateTableEvent CREATE = new CreateTableEvent(ORDERS, UPSTREAM);

    /** What EXPAND makes of NARROWER for UPSTREAM: the missing column, then the widening. */
    private static final AddColumnEvent ADD_NOTE =
            new AddColumnEvent(
                    ORDERS,
                    List.of(
                            AddColumnEvent.last(
                                    Column.physicalColumn("note", DataTypes.STRING()))));

    private static final AlterColumnTypeEvent WIDEN_QTY =
            new AlterColumnTypeEvent(
                    ORDERS, Map.of("qty", DataTypes.INT()), Map.of("qty", DataTypes.SMALLINT()));

    private final DescribingApplier sink = new DescribingApplier();
    private RegistryHarness harness;

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private void start(
            ExpansionMode mode, SchemaChangeBehavior behavior, Set<SchemaChangeEventType> accepted)
            throws Exception {
        RegistryConfig defaults = RegistryHarness.config(behavior, sink, logDir);
        harness =
                started(
                        new RegistryConfig(
                                behavior,
                                false,
                                accepted,
                                List.of(),
                                sink,
                                defaults.rpcTimeout(),
                                RegistryHarness.SINK_PARALLELISM,
                                new AppliedLogLocation(logDir.toUri().toString(), null),
                                mode),
                        1);
    }

    private void start(ExpansionMode mode, SchemaChangeBehavior behavior) throws Exception {
        start(mode, behavior, EnumSet.allOf(SchemaChangeEventType.class));
    }

    private SchemaChangeResponse create() throws Exception {
        harness.send(request(0, 1, CREATE, 1, Map.of()));
        return harness.awaitResponse(0, 1);
    }

    /** The job's failure, which ends it: a restart would read the same table and decide again. */
    private String failure() throws Exception {
        Throwable failure = harness.context.awaitFailures(1).get(0);
        assertThat(failure).isInstanceOf(SuppressRestartsException.class);
        return failure.getCause().getMessage();
    }

    @Test
    void checkAdoptsATableThatHoldsEverythingWithoutAnyDdl() throws Exception {
        sink.withTable(ORDERS, HOLDING);
        start(ExpansionMode.CHECK, SchemaChangeBehavior.EVOLVE);

        SchemaChangeResponse response = create();

        assertThat(sink.applied()).as("CHECK never issues DDL").isEmpty();
        assertThat(response.steps())
                .as("the writers learn the table as the sink has it, but for its own column")
                .containsExactly(
                        new SinkSchemaStep(
                                ORDERS,
                                1,
                                List.of(new CreateTableEvent(ORDERS, HOLDING_AS_WRITTEN)),
                                HOLDING_AS_WRITTEN));
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void checkRunsUnderIgnoreToo() throws Exception {
        sink.withTable(ORDERS, NARROWER);
        start(ExpansionMode.CHECK, SchemaChangeBehavior.IGNORE);

        harness.send(request(0, 1, CREATE, 1, Map.of()));

        assertThat(failure())
                .startsWith(
                        "The existing sink table db.orders does not hold what the pipeline sends"
                                + " (existing-table.schema-expansion.mode: CHECK); 2 differences:");
        assertThat(sink.applied()).isEmpty();
    }

    @Test
    void checkFailsOnAMissingTable() throws Exception {
        start(ExpansionMode.CHECK, SchemaChangeBehavior.EVOLVE);

        harness.send(request(0, 1, CREATE, 1, Map.of()));

        assertThat(failure())
                .isEqualTo(
                        "The sink has no table db.orders, and existing-table.schema-expansion.mode"
                                + " CHECK never creates tables: create it first (with the columns"
                                + " the pipeline sends), or use TRY_EXPAND or EXPAND, which let the"
                                + " sink create it.");
        assertThat(sink.applied()).isEmpty();
    }

    @Test
    void expandAddsTheMissingColumnsThenWidensAndReadsTheTableBack() throws Exception {
        sink.withTable(ORDERS, NARROWER);
        start(ExpansionMode.EXPAND, SchemaChangeBehavior.EVOLVE);

        SchemaChangeResponse response = create();

        AddColumnEvent add = ADD_NOTE;
        AlterColumnTypeEvent widen = WIDEN_QTY;
        assertThat(sink.applied()).as("one add, then one widening").containsExactly(add, widen);
        Schema expanded =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("qty", DataTypes.INT())
                        .physicalColumn("note", DataTypes.STRING())
                        .primaryKey("id")
                        .build();
        assertThat(sink.getExistingTableSchema(ORDERS)).contains(expanded);
        assertThat(response.steps())
                .containsExactly(
                        new SinkSchemaStep(
                                ORDERS,
                                1,
                                List.of(new CreateTableEvent(ORDERS, NARROWER), add, widen),
                                expanded));
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void expandIssuesNoDdlWhenAnythingIsIncompatible() throws Exception {
        Schema otherKey =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("code", DataTypes.INT().notNull())
                        .physicalColumn("qty", DataTypes.SMALLINT())
                        .primaryKey("code")
                        .build();
        sink.withTable(ORDERS, otherKey);
        start(ExpansionMode.EXPAND, SchemaChangeBehavior.EVOLVE);

        harness.send(request(0, 1, CREATE, 1, Map.of()));

        assertThat(failure()).contains("(id) vs (code): the primary keys differ");
        assertThat(sink.applied()).as("not even the safe add").isEmpty();
    }

    @Test
    void expandFailsWhenTheSinkDoesNotAcceptTheDdlItNeeds() throws Exception {
        sink.withTable(ORDERS, NARROWER);
        start(
                ExpansionMode.EXPAND,
                SchemaChangeBehavior.EVOLVE,
                EnumSet.of(SchemaChangeEventType.CREATE_TABLE, SchemaChangeEventType.ADD_COLUMN));

        harness.send(request(0, 1, CREATE, 1, Map.of()));

        assertThat(failure())
                .startsWith(
                        "Expanding the existing sink table db.orders needs alter.column.type,"
                                + " which the sink does not accept.");
        assertThat(sink.applied()).isEmpty();
    }

    @Test
    void tryExpandHandsTheCreateToTheSinkWhenTheKeysDiffer() throws Exception {
        Schema otherKey =
                Schema.newBuilder()
                        .physicalColumn("code", DataTypes.INT().notNull())
                        .physicalColumn("qty", DataTypes.INT())
                        .primaryKey("code")
                        .build();
        sink.withTable(ORDERS, otherKey);
        start(ExpansionMode.TRY_EXPAND, SchemaChangeBehavior.EVOLVE);

        create();

        assertThat(sink.applied())
                .as("no DDL of the expansion; the sink's own create")
                .containsExactly(CREATE);
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void expandUnderIgnoreLeavesTheCreateToTheSink() throws Exception {
        sink.withTable(ORDERS, NARROWER);
        start(ExpansionMode.EXPAND, SchemaChangeBehavior.IGNORE);

        create();

        assertThat(sink.applied()).containsExactly(CREATE);
    }

    @Test
    void expandLetsTheSinkCreateAMissingTable() throws Exception {
        start(ExpansionMode.EXPAND, SchemaChangeBehavior.EVOLVE);

        SchemaChangeResponse response = create();

        assertThat(sink.applied()).containsExactly(CREATE);
        assertThat(response.steps())
                .containsExactly(new SinkSchemaStep(ORDERS, 1, List.of(CREATE), UPSTREAM));
    }

    @Test
    void withCreateTableExcludedAnExistingTableIsAdopted() throws Exception {
        sink.withTable(ORDERS, NARROWER);
        start(
                ExpansionMode.DISABLED,
                SchemaChangeBehavior.LENIENT,
                EnumSet.complementOf(EnumSet.of(SchemaChangeEventType.CREATE_TABLE)));

        SchemaChangeResponse response = create();

        assertThat(sink.applied()).isEmpty();
        assertThat(response.steps())
                .containsExactly(
                        new SinkSchemaStep(
                                ORDERS,
                                1,
                                List.of(new CreateTableEvent(ORDERS, NARROWER)),
                                NARROWER));
    }

    @Test
    void withCreateTableExcludedAMissingTableFailsTheJob() throws Exception {
        start(
                ExpansionMode.DISABLED,
                SchemaChangeBehavior.LENIENT,
                EnumSet.complementOf(EnumSet.of(SchemaChangeEventType.CREATE_TABLE)));

        harness.send(request(0, 1, CREATE, 1, Map.of()));

        assertThat(failure())
                .isEqualTo(
                        "The sink has no table db.orders, and the sink block excludes"
                                + " create.table, so the pipeline may not create it. Create the"
                                + " table first, or remove create.table from"
                                + " exclude.schema.changes.");
    }

    @Test
    void aTableTheJobDroppedIsCreatedAgainWithoutAnotherCheck() throws Exception {
        sink.withTable(ORDERS, HOLDING);
        start(ExpansionMode.CHECK, SchemaChangeBehavior.EVOLVE);
        create();
        // the first destructive event of the table in its split: ordinal 1
        harness.applyThroughFlush(
                new SchemaChangeRequest(
                        0, 2, new DropTableEvent(ORDERS), 2, 2, 1, 2, null, Map.of(ORDERS, 1)));

        SchemaChangeResponse again =
                harness.applyThroughFlush(request(0, 3, CREATE, 3, Map.of(ORDERS, 2)));

        assertThat(sink.applied())
                .as("the job dropped the table; its own create is not checked again")
                .containsExactly(new DropTableEvent(ORDERS), CREATE);
        assertThat(again.steps()).hasSize(1);
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void anExpansionThatReachedTheSinkAfterTheCheckpointIsNotMadeAgainOnARestore()
            throws Exception {
        sink.withTable(ORDERS, NARROWER);
        start(ExpansionMode.EXPAND, SchemaChangeBehavior.EVOLVE);
        byte[] beforeTheCreate = harness.checkpoint(1);
        create();
        RegistryConfig config = harness.config;
        harness.close(); // the JobManager goes away after the expansion

        harness = RegistryHarness.created(config, 1);
        harness.registry.resetToCheckpoint(1, beforeTheCreate);
        harness.registry.start();
        harness.connectAll(1);
        SchemaChangeResponse replayed = create();

        assertThat(sink.applied())
                .as("the add and the widening, once: the log answers the replayed create")
                .containsExactly(ADD_NOTE, WIDEN_QTY);
        assertThat(replayed.steps()).hasSize(1);
        assertThat(replayed.steps().get(0).events().get(0))
                .isEqualTo(new CreateTableEvent(ORDERS, NARROWER));
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void theReadBackCatchesDdlTheSinkIgnoredBeforeAnyoneIsAnswered() throws Exception {
        sink.withTable(ORDERS, NARROWER).ignoringDdl();
        start(ExpansionMode.TRY_EXPAND, SchemaChangeBehavior.EVOLVE);

        harness.send(request(0, 1, CREATE, 1, Map.of()));

        assertThat(failure())
                .startsWith(
                        "Unresolved differences after expansion, read back from the sink: The"
                                + " existing sink table db.orders does not hold");
        assertThat(harness.gateway(0).events()).as("no subtask was answered").isEmpty();
    }

    @Test
    void tryExpandLeavesTheCreateToTheSinkWhenItDoesNotSupportTheDdlItNeeds() throws Exception {
        sink.withTable(ORDERS, NARROWER);
        start(
                ExpansionMode.TRY_EXPAND,
                SchemaChangeBehavior.EVOLVE,
                EnumSet.of(SchemaChangeEventType.CREATE_TABLE, SchemaChangeEventType.ADD_COLUMN));

        create();

        assertThat(sink.applied()).containsExactly(CREATE);
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void anExpansionCutShortByAFailureIsFinishedOnTheRestoreWithoutRepeatingACall()
            throws Exception {
        sink.withTable(ORDERS, NARROWER).failAfterApplying(1); // the add lands, its answer is lost
        start(ExpansionMode.EXPAND, SchemaChangeBehavior.EVOLVE);
        byte[] beforeTheCreate = harness.checkpoint(1);
        harness.send(request(0, 1, CREATE, 1, Map.of()));
        harness.context.awaitFailures(1);

        harness.registry.resetToCheckpoint(1, beforeTheCreate); // the global failover
        harness.connectAll(1);
        SchemaChangeResponse replayed = create();

        assertThat(sink.applied())
                .as("the add once (read back, not repeated), then the widening")
                .containsExactly(ADD_NOTE, WIDEN_QTY);
        assertThat(sink.getExistingTableSchema(ORDERS).orElseThrow().getColumnNames())
                .containsExactly("id", "qty", "note");
        assertThat(replayed.steps().get(0).events().get(0))
                .isEqualTo(new CreateTableEvent(ORDERS, NARROWER));
    }
}
