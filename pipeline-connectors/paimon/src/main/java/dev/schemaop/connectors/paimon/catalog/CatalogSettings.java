package dev.schemaop.connectors.paimon.catalog;

import dev.schemaop.api.Secrets;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.options.Options;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Paimon catalog's options ({@code catalog.properties.*} without the prefix). Serialized into
 * the job graph: the applier on the JobManager and each writer and committer open their own catalog
 * from it.
 */
public final class CatalogSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final TreeMap<String, String> options;

    public CatalogSettings(Map<String, String> options) {
        this.options = new TreeMap<>(options);
    }

    /**
     * A catalog without Paimon's table cache: the applier changes a table's schema through its own
     * catalog, and a writer's cached table would keep the old schema for minutes.
     */
    public Catalog open() {
        Map<String, String> uncached = new TreeMap<>(options);
        uncached.put("cache-enabled", "false");
        return CatalogFactory.createCatalog(
                CatalogContext.create(Options.fromMap(uncached)),
                CatalogSettings.class.getClassLoader());
    }

    /**
     * Whether a filesystem catalog's warehouse does not exist yet: it then has no table, and
     * opening the catalog would create the directory (which a dry run must not).
     */
    public boolean warehouseMissing() {
        String warehouse = warehouse();
        if (!"filesystem".equals(options.get("metastore")) || warehouse == null) {
            return false;
        }
        Path path = new Path(warehouse);
        try {
            return !FileIO.get(path, CatalogContext.create(Options.fromMap(options))).exists(path);
        } catch (IOException e) {
            return false; // opening the catalog then reports what is wrong
        }
    }

    /** The warehouse (it may hold a secret: messages use toString); null when there is none. */
    public String warehouse() {
        return options.get("warehouse");
    }

    /**
     * The secrets among the options (a {@code fs.s3a.secret.key}, a password in the warehouse url),
     * which no message may show ({@link Secrets}).
     */
    public List<String> secrets() {
        return Secrets.secretsIn(options);
    }

    /** The text without the catalog's secrets. */
    public String mask(String text) {
        return Secrets.mask(text, secrets());
    }

    /** The error itself, or a copy without the catalog's secrets when a message held one. */
    public Throwable scrub(Throwable error) {
        return Secrets.scrub(error, secrets());
    }

    /** For messages: never an option's value, the warehouse without a secret it may hold. */
    @Override
    public String toString() {
        return "metastore "
                + options.get("metastore")
                + ", warehouse "
                + Secrets.maskUrl(warehouse());
    }
}
