package dev.schemaop.connectors.paimon;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;
import dev.schemaop.connectors.paimon.catalog.TableSettings;
import dev.schemaop.connectors.paimon.sink.PaimonDataSink;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.paimon.catalog.Catalog;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code sink: type: paimon}. It runs at submission: it checks the options and opens the catalog
 * once, so a wrong metastore or an unreachable warehouse fails the submission with one message.
 */
public class PaimonDataSinkFactory implements DataSinkFactory {
    public static final String IDENTIFIER = "paimon";

    /** The runtime's fact that the sink is created for flink-cdc.sh check, no job following. */
    static final String DRY_RUN = "pipeline.dry-run";

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context)
                .validateExcept(PaimonSinkOptions.CATALOG_PREFIX, PaimonSinkOptions.TABLE_PREFIX);
        Configuration config = context.getFactoryConfiguration();
        Map<String, String> catalogOptions = new HashMap<>();
        Map<String, String> tableOptions = new HashMap<>();
        config.toMap()
                .forEach(
                        (key, value) -> {
                            if (key.startsWith(PaimonSinkOptions.CATALOG_PREFIX)) {
                                catalogOptions.put(
                                        key.substring(PaimonSinkOptions.CATALOG_PREFIX.length()),
                                        value);
                            } else if (key.startsWith(PaimonSinkOptions.TABLE_PREFIX)) {
                                tableOptions.put(
                                        key.substring(PaimonSinkOptions.TABLE_PREFIX.length()),
                                        value);
                            }
                        });
        String metastore = config.get(PaimonSinkOptions.METASTORE);
        catalogOptions.put("metastore", metastore);
        if (metastore.equals("filesystem") && !catalogOptions.containsKey("warehouse")) {
            throw new IllegalArgumentException(
                    "The Paimon sink needs option '"
                            + PaimonSinkOptions.WAREHOUSE.key()
                            + "' with the filesystem metastore: the directory its tables live in,"
                            + " e.g. file:///data/paimon or s3://bucket/paimon");
        }
        CatalogSettings catalog = new CatalogSettings(catalogOptions);
        // flink-cdc.sh check changes nothing: opening a missing warehouse would create it
        boolean dryRun =
                Boolean.parseBoolean(context.getPipelineConfiguration().toMap().get(DRY_RUN));
        if (!dryRun || !catalog.warehouseMissing()) {
            checkOpens(catalog);
        }
        TableSettings tables =
                new TableSettings(
                        tableOptions,
                        TableSettings.parsePartitionKeys(
                                config.get(PaimonSinkOptions.PARTITION_KEY)));
        return new PaimonDataSink(
                catalog, tables, config.get(PaimonSinkOptions.COMMIT_USER_PREFIX));
    }

    private static void checkOpens(CatalogSettings catalog) {
        try (Catalog opened = catalog.open()) {
            opened.listDatabases();
        } catch (Exception e) {
            throw new IllegalArgumentException(
                    "The Paimon sink could not open its catalog ("
                            + catalog
                            + "): "
                            + catalog.mask(e.getMessage())
                            + ". Check catalog.properties.metastore and"
                            + " catalog.properties.warehouse",
                    catalog.scrub(e));
        }
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(
                PaimonSinkOptions.METASTORE,
                PaimonSinkOptions.WAREHOUSE,
                PaimonSinkOptions.PARTITION_KEY,
                PaimonSinkOptions.COMMIT_USER_PREFIX);
    }
}
