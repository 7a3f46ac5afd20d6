package dev.schemaop.connectors.postgres.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.postgres.catalog.CatalogTables.Attribute;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which attnums a Relation message's columns have, when the pipeline knows some and the catalog has
 * moved on: only where one answer is possible.
 */
class AttnumChoiceTest {
    private static Map<Integer, Attribute> catalog(int[] live, int[] dropped) {
        Map<Integer, Attribute> attributes = new HashMap<>();
        for (int attnum : live) {
            attributes.put(attnum, new Attribute(attnum, false, 23, -1, "int4"));
        }
        for (int attnum : dropped) {
            attributes.put(attnum, new Attribute(attnum, true, 0, -1, null));
        }
        return attributes;
    }

    private static TreeSet<Integer> set(Integer... attnums) {
        return new TreeSet<>(List.of(attnums));
    }

    @Test
    void aColumnAddedBeforeTheRowsAndAnotherAfterAreToldApartByOrder() {
        // known 1, 2; since: 3 added, a row, 4 added: the row has 1, 2, 3
        Map<Integer, Attribute> now = catalog(new int[] {1, 2, 3, 4}, new int[] {});
        assertThat(AttnumChoice.only(set(1, 2), set(3, 4), 1, now)).isEqualTo(set(3));
    }

    @Test
    void everyPossibleColumnOrNoneIsTheOnlyChoice() {
        Map<Integer, Attribute> now = catalog(new int[] {1, 2}, new int[] {3, 4});
        assertThat(AttnumChoice.only(set(1, 2), set(3, 4), 2, now)).isEqualTo(set(3, 4));
        assertThat(AttnumChoice.only(set(1, 2), set(3, 4), 0, now)).isEqualTo(set());
    }

    @Test
    void aDroppedColumnAndAnAddedOneAreNotGuessedBetween() {
        // known 1, 2, 3; since: 3 dropped, 5 added (4 was dropped before): which was the row's?
        Map<Integer, Attribute> now = catalog(new int[] {1, 2, 5}, new int[] {3, 4});
        assertThat(AttnumChoice.only(set(1, 2), set(3, 5), 1, now)).isNull();
    }

    @Test
    void moreColumnsThanPossibleHaveNoAnswer() {
        Map<Integer, Attribute> now = catalog(new int[] {1, 2}, new int[] {});
        assertThat(AttnumChoice.only(set(1, 2), set(), 1, now)).isNull();
        assertThat(AttnumChoice.only(set(1, 2), set(), -1, now)).isNull();
    }
}
