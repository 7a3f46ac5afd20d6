package dev.schemaop.connectors.postgres.source;

import dev.schemaop.connectors.postgres.catalog.CatalogTables.Attribute;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which attnums the columns of a Relation message can have had, from what is certain: a column the
 * pipeline knows and the catalog still has was there when the rows were written (an attnum is never
 * used again), any other was added after the layout the pipeline knows (above its highest attnum)
 * or is a known one dropped since, and a column the catalog has now and the rows lack was created
 * after them, so above all of theirs.
 */
final class AttnumChoice {
    /**
     * The most sets of attnums tried for one message: a table with many dropped columns would take
     * long, and is rather told to start anew.
     */
    private static final long MAX_CHOICES = 100_000;

    private AttnumChoice() {}

    /**
     * The one set of {@code more} attnums of the possible ones that the rows can have had beside
     * the certain ones, or null when there is none or more than one.
     */
    @Nullable
    static TreeSet<Integer> only(
            TreeSet<Integer> certain,
            TreeSet<Integer> possible,
            int more,
            Map<Integer, Attribute> attributes) {
        if (more < 0 || more > possible.size() || ways(possible.size(), more) > MAX_CHOICES) {
            return null;
        }
        List<TreeSet<Integer>> found = new ArrayList<>();
        choose(new ArrayList<>(possible), 0, more, new TreeSet<>(), certain, attributes, found);
        return found.size() == 1 ? found.get(0) : null;
    }

    /** How many ways there are to choose {@code k} of {@code n}, at most just past the bound. */
    private static long ways(int n, int k) {
        long ways = 1;
        for (int i = 1; i <= k && ways <= MAX_CHOICES; i++) {
            ways = ways * (n - k + i) / i;
        }
        return ways;
    }

    private static void choose(
            List<Integer> possible,
            int from,
            int more,
            TreeSet<Integer> chosen,
            TreeSet<Integer> certain,
            Map<Integer, Attribute> attributes,
            List<TreeSet<Integer>> found) {
        if (found.size() > 1) {
            return; // not the only choice: enough
        }
        if (more == 0) {
            if (fits(possible, chosen, certain, attributes)) {
                found.add(new TreeSet<>(chosen));
            }
            return;
        }
        for (int i = from; i <= possible.size() - more; i++) {
            chosen.add(possible.get(i));
            choose(possible, i + 1, more - 1, chosen, certain, attributes, found);
            chosen.remove(possible.get(i));
        }
    }

    /** No column the catalog has now and the rows lack was created before one they have. */
    private static boolean fits(
            List<Integer> possible,
            TreeSet<Integer> chosen,
            TreeSet<Integer> certain,
            Map<Integer, Attribute> attributes) {
        int highest =
                Math.max(
                        chosen.isEmpty() ? 0 : chosen.last(),
                        certain.isEmpty() ? 0 : certain.last());
        for (int attnum : possible) {
            if (!chosen.contains(attnum) && !attributes.get(attnum).dropped() && attnum < highest) {
                return false;
            }
        }
        return true;
    }
}
