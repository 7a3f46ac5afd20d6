package dev.schemaop.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

class TableRouterTest {

    private static TableId id(String identifier) {
        return TableId.parse(identifier);
    }

    static Stream<Arguments> matching() {
        return Stream.of(
                Arguments.of("app.orders", "app.orders", true),
                Arguments.of("app.orders", "app.orders_1", false),
                Arguments.of("app\\.orders_[0-9]+", "app.orders_12", true),
                Arguments.of("app\\.orders_[0-9]+", "app.orders_x", false),
                Arguments.of("app.orders_.*", "app.orders_x", true),
                Arguments.of("app.orders_\\.*", "app.orders_x", true),
                Arguments.of("app.orders_\\.*", "other.orders_x", false),
                Arguments.of("app.a,app.b", "app.b", true),
                Arguments.of("app.a,app.b", "app.c", false),
                Arguments.of("ns.app.orders", "ns.app.orders", true),
                Arguments.of("ns\\.app\\..*", "ns.app.orders", true),
                Arguments.of("ns\\.app\\..*", "ns.other.orders", false));
    }

    @ParameterizedTest(name = "{0} selects {1}: {2}")
    @MethodSource("matching")
    void sourceTableIsARegexOrAFlinkCdcSelector(String sourceTable, String table, boolean matches) {
        assertThat(new RouteRule(sourceTable, "sink.t", null, null).matches(id(table)))
                .isEqualTo(matches);
    }

    @Test
    void routesEveryMatchingRuleInOrderWithoutDuplicates() {
        TableRouter router =
                new TableRouter(
                        List.of(
                                new RouteRule("app\\.orders_[0-9]+", "ods.orders", null, null),
                                new RouteRule("app.orders_1", "audit.orders_1", null, null),
                                new RouteRule("app.orders_\\.*", "ods.orders", null, null),
                                new RouteRule("app.customers", "ods.customers", null, null)));

        assertThat(router.sinkTablesOf(id("app.orders_1")))
                .containsExactly(id("ods.orders"), id("audit.orders_1"));
        assertThat(router.sinkTablesOf(id("app.orders_2"))).containsExactly(id("ods.orders"));
        assertThat(router.sinkTablesOf(id("app.customers"))).containsExactly(id("ods.customers"));
    }

    @Test
    void aTableNoRuleMatchesGoesToTheTableOfTheSameName() {
        TableRouter router =
                new TableRouter(List.of(new RouteRule("app.orders", "ods.orders", null, null)));

        assertThat(router.sinkTablesOf(id("app.products"))).containsExactly(id("app.products"));
        assertThat(new TableRouter(List.of()).sinkTablesOf(id("a.b.c")))
                .containsExactly(id("a.b.c"));
    }

    @Test
    void replaceSymbolIsReplacedByTheSourceTableName() {
        RouteRule rule = new RouteRule("app\\..*", "ods.ods_<>", "<>", "all of app, prefixed");
        TableRouter router = new TableRouter(List.of(rule));

        assertThat(router.sinkTablesOf(id("app.orders"))).containsExactly(id("ods.ods_orders"));
        assertThat(router.sinkTablesOf(id("app.users"))).containsExactly(id("ods.ods_users"));
        assertThat(rule.replaceSymbol()).contains("<>");
        assertThat(rule.description()).contains("all of app, prefixed");
    }

    @Test
    void withoutReplaceSymbolTheSinkTableIsTakenLiterally() {
        RouteRule rule = new RouteRule("app\\..*", "ods.t_<>", null, null);

        assertThat(rule.sinkTableOf(id("app.orders"))).isEqualTo(id("ods.t_<>"));
        assertThat(rule.replaceSymbol()).isEmpty();
    }

    @Test
    void answersAreCachedPerSourceTable() {
        TableRouter router =
                new TableRouter(List.of(new RouteRule("app\\..*", "ods.all", null, null)));

        List<TableId> first = router.sinkTablesOf(id("app.orders"));

        assertThat(router.sinkTablesOf(id("app.orders"))).isSameAs(first);
    }

    @Test
    void aPatternThatIsNeitherRegexNorSelectorIsRejectedWithItsRule() {
        assertThatThrownBy(() -> new RouteRule("app.(orders", "ods.orders", null, null))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessageContaining(
                        "route source-table 'app.(orders' (to sink-table 'ods.orders')");
        assertThatThrownBy(() -> new RouteRule(" ", "ods.orders", null, null))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessageContaining("has no source-table");
    }
}
