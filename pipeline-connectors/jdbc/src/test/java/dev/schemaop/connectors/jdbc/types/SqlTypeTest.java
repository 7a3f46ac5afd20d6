package dev.schemaop.connectors.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlTypeTest {

    @Test
    void splitsBaseAndArguments() {
        SqlType t = SqlType.parse("timestamp(3) without time zone");
        assertThat(t.base()).isEqualTo("timestamp without time zone");
        assertThat(t.argumentCount()).isEqualTo(1);
        assertThat(t.argument(0, -1)).isEqualTo(3);

        SqlType d = SqlType.parse("NUMERIC( 10 , 2 )");
        assertThat(d.base()).isEqualTo("numeric");
        assertThat(d.argument(0, -1)).isEqualTo(10);
        assertThat(d.argument(1, -1)).isEqualTo(2);
        assertThat(d.text()).isEqualTo("NUMERIC( 10 , 2 )");

        SqlType u = SqlType.parse("bigint(20) unsigned zerofill");
        assertThat(u.base()).isEqualTo("bigint unsigned zerofill");
        assertThat(u.baseIs("bigint unsigned")).isTrue();
        assertThat(u.isUnsigned()).isTrue();

        SqlType e = SqlType.parse("enum('a','b)')");
        assertThat(e.base()).isEqualTo("enum");
        assertThat(e.argumentCount()).isZero();

        assertThat(SqlType.parse("double precision").base()).isEqualTo("double precision");
        assertThat(SqlType.parse("text").argument(0, 7)).isEqualTo(7);
    }
}
