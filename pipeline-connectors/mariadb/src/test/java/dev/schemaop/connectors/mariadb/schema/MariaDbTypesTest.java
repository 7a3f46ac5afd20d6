package dev.schemaop.connectors.mariadb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.relational.Column;
import io.debezium.relational.Table;
import io.debezium.relational.TableId;
import io.debezium.relational.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pipeline type of MariaDB columns as Debezium 3.5's MariaDB DDL parser describes them: with
 * the canonical names of {@code SHOW CREATE TABLE} (the snapshot) and with the synonyms a DDL
 * statement in the binlog may use, which Debezium keeps as written.
 */
class MariaDbTypesTest {

    /** Column name to pipeline type (as {@code DataType.asSerializableString()}). */
    private static Map<String, String> typesOf(String columns) {
        MariaDbAntlrDdlParser parser = new MariaDbAntlrDdlParser();
        Tables tables = new Tables();
        parser.setCurrentDatabase("db");
        parser.parse("CREATE TABLE t (" + columns + ")", tables);
        Table table = tables.forTable(new TableId("db", null, "t"));
        Map<String, String> types = new LinkedHashMap<>();
        for (Column c : table.columns()) {
            SourceColumn column =
                    new SourceColumn(
                            c.name(),
                            c.typeName(),
                            c.length(),
                            c.scale().orElse(-1),
                            c.isOptional(),
                            c.enumValues() == null ? List.of() : new ArrayList<>(c.enumValues()));
            types.put(c.name(), MariaDbTypes.typeOf(column).asSerializableString());
        }
        return types;
    }

    @Test
    void canonicalNames() {
        assertThat(
                        typesOf(
                                "a tinyint(4), b tinyint(3) unsigned, c tinyint(1), d smallint(5)"
                                        + " unsigned, e mediumint(8) unsigned, f int(10) unsigned,"
                                        + " g bigint(20) unsigned, h decimal(38,10), i"
                                        + " decimal(65,30), j float, k double, l bit(1), m bit(10),"
                                        + " n date, o time(3), p datetime(6), q timestamp(6) NULL,"
                                        + " r year(4), s char(10), t varchar(20), u longtext, v"
                                        + " binary(4), w varbinary(10), x blob, y enum('a','b'), z"
                                        + " set('x','y'), g1 geometry, g2 point, nn int(11) NOT NULL"))
                .containsExactly(
                        Map.entry("a", "TINYINT"),
                        Map.entry("b", "SMALLINT"),
                        Map.entry("c", "BOOLEAN"),
                        Map.entry("d", "INT"),
                        Map.entry("e", "INT"),
                        Map.entry("f", "BIGINT"),
                        Map.entry("g", "DECIMAL(20, 0)"),
                        Map.entry("h", "DECIMAL(38, 10)"),
                        Map.entry("i", "STRING"),
                        Map.entry("j", "FLOAT"),
                        Map.entry("k", "DOUBLE"),
                        Map.entry("l", "BOOLEAN"),
                        Map.entry("m", "BINARY(2)"),
                        Map.entry("n", "DATE"),
                        Map.entry("o", "TIME(3)"),
                        Map.entry("p", "TIMESTAMP(6)"),
                        Map.entry("q", "TIMESTAMP(6) WITH LOCAL TIME ZONE"),
                        Map.entry("r", "INT"),
                        Map.entry("s", "CHAR(10)"),
                        Map.entry("t", "VARCHAR(20)"),
                        Map.entry("u", "STRING"),
                        Map.entry("v", "BINARY(4)"),
                        Map.entry("w", "VARBINARY(10)"),
                        Map.entry("x", "BYTES"),
                        Map.entry("y", "STRING"),
                        Map.entry("z", "STRING"),
                        Map.entry("g1", "BYTES"),
                        Map.entry("g2", "BYTES"),
                        Map.entry("nn", "INT NOT NULL"));
    }

    /** Each of these failed with "has no mapping" (or FLOAT(30) lost its precision) before. */
    @Test
    void synonymsOfADdlStatementInTheBinlog() {
        assertThat(
                        typesOf(
                                "a INT1, b INT2, c INT3, d MIDDLEINT UNSIGNED, e INT4 UNSIGNED"
                                        + " ZEROFILL, f INT8, g INT8 UNSIGNED, h FLOAT4, i FLOAT8,"
                                        + " j LONG, k LONG VARCHAR, l LONG VARBINARY, m CHARACTER(3),"
                                        + " n NATIONAL CHARACTER(3), o CHAR VARYING(4), p NATIONAL"
                                        + " CHAR VARYING(4), q NCHAR VARCHAR(4), r NCHAR VARYING(4),"
                                        + " s NATIONAL CHARACTER VARYING(4), t GEOMCOLLECTION, u"
                                        + " CHAR(5) BINARY, v TINYTEXT BINARY, w FLOAT(30), x"
                                        + " FLOAT(24), y FLOAT(7,3), z BOOL, z1 INT1(1), z2"
                                        + " TINYINT(1) ZEROFILL, z3 DEC(5,2), z4 FIXED(4,1), z5"
                                        + " NUMERIC UNSIGNED, z6 DOUBLE PRECISION, z7 REAL, z8"
                                        + " SERIAL"))
                .containsExactly(
                        Map.entry("a", "TINYINT"),
                        Map.entry("b", "SMALLINT"),
                        Map.entry("c", "INT"),
                        Map.entry("d", "INT"),
                        Map.entry("e", "BIGINT"),
                        Map.entry("f", "BIGINT"),
                        Map.entry("g", "DECIMAL(20, 0)"),
                        Map.entry("h", "FLOAT"),
                        Map.entry("i", "DOUBLE"),
                        Map.entry("j", "STRING"),
                        Map.entry("k", "STRING"),
                        Map.entry("l", "BYTES"),
                        Map.entry("m", "CHAR(3)"),
                        Map.entry("n", "CHAR(3)"),
                        Map.entry("o", "VARCHAR(4)"),
                        Map.entry("p", "VARCHAR(4)"),
                        Map.entry("q", "VARCHAR(4)"),
                        Map.entry("r", "VARCHAR(4)"),
                        Map.entry("s", "VARCHAR(4)"),
                        Map.entry("t", "BYTES"),
                        Map.entry("u", "CHAR(5)"),
                        Map.entry("v", "STRING"),
                        Map.entry("w", "DOUBLE"),
                        Map.entry("x", "FLOAT"),
                        Map.entry("y", "FLOAT"),
                        Map.entry("z", "BOOLEAN"),
                        Map.entry("z1", "BOOLEAN"),
                        Map.entry("z2", "SMALLINT"),
                        Map.entry("z3", "DECIMAL(5, 2)"),
                        Map.entry("z4", "DECIMAL(4, 1)"),
                        Map.entry("z5", "DECIMAL(10, 0)"),
                        Map.entry("z6", "DOUBLE"),
                        Map.entry("z7", "DOUBLE"),
                        Map.entry("z8", "DECIMAL(20, 0) NOT NULL"));
    }

    @Test
    void canonicalStripsAttributesAndSynonyms() {
        assertThat(MariaDbTypes.canonical("int4  unsigned zerofill")).isEqualTo("INT");
        assertThat(MariaDbTypes.canonical("BINARY")).isEqualTo("BINARY");
        assertThat(MariaDbTypes.canonical("VARCHAR BINARY")).isEqualTo("VARCHAR");
        assertThat(MariaDbTypes.canonical("LONG VARBINARY")).isEqualTo("MEDIUMBLOB");
    }
}
