package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.sink.ValuesStore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every type of the mapping table (pipeline-connectors/mariadb/README.md, "Type mapping") from one
 * MariaDB table, with edge values, through the snapshot (rows 1-5, inserted before the pipeline
 * starts) and through the binlog (rows 101-105, the same values inserted once the snapshot
 * arrived): into PostgreSQL through the JDBC sink (column types from information_schema, every
 * value as PostgreSQL prints it) and into the values sink (pipeline types, every value as the
 * pipeline carries it).
 *
 * <p>Rows: 1 the minimum (and empty) values, 2 the maximum values (and 4-byte UTF-8), 3 values that
 * cannot round-trip (zero dates, TIME outside a day, TINYINT(1) = 2, YEAR 0000), 4 ordinary values
 * (fractional seconds, a date in year 50), 5 NULL in every column but the key. The expectations are
 * literal; a value that differs from what was inserted is one of the documented cases.
 */
class TypeRoundTripTest {
    private static final String DB = "e2e_maria_types";
    private static final String TABLE = "all_types";
    private static final int ROWS = 5;
    private static final int BINLOG_OFFSET = 100;

    /**
     * One cell: the MariaDB literal inserted, and the text PostgreSQL and the values sink give for
     * the row of the snapshot and for the row of the binlog (null for NULL).
     */
    private record Expect(
            String literal,
            String postgres,
            String values,
            String binlogPostgres,
            String binlogValues) {}

    /** One column: its types along the way and, per row 1-4, the literal and what arrives. */
    private record Col(
            String name, String mariaDb, String pipeline, String postgres, List<Expect> rows) {}

    /** The value arrives as written (same text everywhere). */
    private static Expect same(String literal, String text) {
        return new Expect(literal, text, text, text, text);
    }

    /** The same through the snapshot and the binlog. */
    private static Expect is(String literal, String postgres, String values) {
        return new Expect(literal, postgres, values, postgres, values);
    }

    /** Nothing arrives: NULL in PostgreSQL and in the pipeline. */
    private static Expect nullFrom(String literal) {
        return new Expect(literal, null, null, null, null);
    }

    private static Col col(
            String name, String mariaDb, String pipeline, String postgres, Expect... rows) {
        assertThat(rows).hasSize(ROWS - 1);
        return new Col(name, mariaDb, pipeline, postgres, List.of(rows));
    }

    private static final String SPACES_10 = " ".repeat(10);

    private static final List<Col> COLUMNS =
            List.of(
                    col(
                            "c_tinyint",
                            "TINYINT",
                            "TINYINT",
                            "smallint",
                            same("-128", "-128"),
                            same("127", "127"),
                            same("0", "0"),
                            same("-1", "-1")),
                    col(
                            "c_tinyint_u",
                            "TINYINT UNSIGNED",
                            "SMALLINT",
                            "smallint",
                            same("0", "0"),
                            same("255", "255"),
                            same("0", "0"),
                            same("1", "1")),
                    col(
                            "c_smallint",
                            "SMALLINT",
                            "SMALLINT",
                            "smallint",
                            same("-32768", "-32768"),
                            same("32767", "32767"),
                            same("0", "0"),
                            same("-2", "-2")),
                    col(
                            "c_smallint_u",
                            "SMALLINT UNSIGNED",
                            "INT",
                            "integer",
                            same("0", "0"),
                            same("65535", "65535"),
                            same("0", "0"),
                            same("2", "2")),
                    col(
                            "c_mediumint",
                            "MEDIUMINT",
                            "INT",
                            "integer",
                            same("-8388608", "-8388608"),
                            same("8388607", "8388607"),
                            same("0", "0"),
                            same("-3", "-3")),
                    col(
                            "c_mediumint_u",
                            "MEDIUMINT UNSIGNED",
                            "INT",
                            "integer",
                            same("0", "0"),
                            same("16777215", "16777215"),
                            same("0", "0"),
                            same("3", "3")),
                    col(
                            "c_int",
                            "INT",
                            "INT",
                            "integer",
                            same("-2147483648", "-2147483648"),
                            same("2147483647", "2147483647"),
                            same("0", "0"),
                            same("-4", "-4")),
                    col(
                            "c_int_u",
                            "INT UNSIGNED",
                            "BIGINT",
                            "bigint",
                            same("0", "0"),
                            same("4294967295", "4294967295"),
                            same("0", "0"),
                            same("4", "4")),
                    col(
                            "c_bigint",
                            "BIGINT",
                            "BIGINT",
                            "bigint",
                            same("-9223372036854775808", "-9223372036854775808"),
                            same("9223372036854775807", "9223372036854775807"),
                            same("0", "0"),
                            same("-5", "-5")),
                    col(
                            "c_bigint_u",
                            "BIGINT UNSIGNED",
                            "DECIMAL(20, 0)",
                            "numeric(20,0)",
                            same("0", "0"),
                            same("18446744073709551615", "18446744073709551615"),
                            same("0", "0"),
                            same("5", "5")),
                    col(
                            "c_decimal",
                            "DECIMAL(10,2)",
                            "DECIMAL(10, 2)",
                            "numeric(10,2)",
                            same("-99999999.99", "-99999999.99"),
                            same("99999999.99", "99999999.99"),
                            same("0", "0.00"),
                            same("12.5", "12.50")),
                    col(
                            "c_decimal38",
                            "DECIMAL(38,10)",
                            "DECIMAL(38, 10)",
                            "numeric(38,10)",
                            same(
                                    "-9999999999999999999999999999.9999999999",
                                    "-9999999999999999999999999999.9999999999"),
                            same(
                                    "9999999999999999999999999999.9999999999",
                                    "9999999999999999999999999999.9999999999"),
                            same("0", "0.0000000000"),
                            same("0.0000000001", "0.0000000001")),
                    col(
                            "c_decimal65",
                            "DECIMAL(65,30)",
                            "STRING",
                            "text",
                            same(
                                    "-99999999999999999999999999999999999.999999999999999999999999999999",
                                    "-99999999999999999999999999999999999.999999999999999999999999999999"),
                            same(
                                    "99999999999999999999999999999999999.999999999999999999999999999999",
                                    "99999999999999999999999999999999999.999999999999999999999999999999"),
                            same("0", "0.000000000000000000000000000000"),
                            same("1.5", "1.500000000000000000000000000000")),
                    col(
                            "c_float",
                            "FLOAT",
                            "FLOAT",
                            "real",
                            is("-3.40282e38", "-3.40282e+38", "-3.40282E38"),
                            is("3.40282e38", "3.40282e+38", "3.40282E38"),
                            is("0", "0", "0.0"),
                            is("1.1", "1.1", "1.1")),
                    col(
                            "c_float_digits",
                            "FLOAT",
                            "FLOAT",
                            "real",
                            // more digits than the text protocol's six: the stored bits arrive
                            is("1.2345678", "1.2345678", "1.2345678"),
                            is("-98765.43", "-98765.43", "-98765.43"),
                            is("3.1415927", "3.1415927", "3.1415927"),
                            is("0.1", "0.1", "0.1")),
                    col(
                            "c_double",
                            "DOUBLE",
                            "DOUBLE",
                            "double precision",
                            is(
                                    "-1.7976931348623157e308",
                                    "-1.7976931348623157e+308",
                                    "-1.7976931348623157E308"),
                            is(
                                    "1.7976931348623157e308",
                                    "1.7976931348623157e+308",
                                    "1.7976931348623157E308"),
                            is("0", "0", "0.0"),
                            is("0.1", "0.1", "0.1")),
                    col(
                            "c_bit1",
                            "BIT(1)",
                            "BOOLEAN",
                            "boolean",
                            is("b'0'", "f", "false"),
                            is("b'1'", "t", "true"),
                            is("b'0'", "f", "false"),
                            is("b'1'", "t", "true")),
                    col(
                            "c_bool",
                            "BOOLEAN",
                            "BOOLEAN",
                            "boolean",
                            is("0", "f", "false"),
                            is("1", "t", "true"),
                            // TINYINT(1) holds -128..127: every value but 0 is true.
                            is("2", "t", "true"),
                            is("-128", "t", "true")),
                    col(
                            "c_bit10",
                            "BIT(10)",
                            "BINARY(2)",
                            "bytea",
                            same("b'0000000000'", "\\x0000"),
                            same("b'1111111111'", "\\x03ff"),
                            same("b'1010101011'", "\\x02ab"),
                            same("b'1'", "\\x0001")),
                    col(
                            "c_bit64",
                            "BIT(64)",
                            "BINARY(8)",
                            "bytea",
                            same("b'0'", "\\x0000000000000000"),
                            same("b'" + "1".repeat(64) + "'", "\\xffffffffffffffff"),
                            same("b'1" + "0".repeat(62) + "1'", "\\x8000000000000001"),
                            same("258", "\\x0000000000000102")),
                    col(
                            "c_date",
                            "DATE",
                            "DATE",
                            "date",
                            same("'1000-01-01'", "1000-01-01"),
                            same("'9999-12-31'", "9999-12-31"),
                            nullFrom("'0000-00-00'"),
                            same("'0050-06-15'", "0050-06-15")),
                    col(
                            "c_date_zero_part",
                            "DATE",
                            "DATE",
                            "date",
                            // MariaDB takes a zero month or day without NO_ZERO_IN_DATE: no date
                            same("'2024-05-01'", "2024-05-01"),
                            nullFrom("'2024-05-00'"),
                            nullFrom("'2024-00-10'"),
                            same("'2024-12-31'", "2024-12-31")),
                    col(
                            "c_time",
                            "TIME",
                            "TIME(0)",
                            "time(0) without time zone",
                            same("'00:00:00'", "00:00:00"),
                            same("'23:59:59'", "23:59:59"),
                            nullFrom("'838:59:59'"),
                            same("'12:34:56'", "12:34:56")),
                    col(
                            "c_time3",
                            "TIME(3)",
                            "TIME(3)",
                            "time(3) without time zone",
                            is("'00:00:00.000'", "00:00:00", "00:00:00.000"),
                            same("'23:59:59.999'", "23:59:59.999"),
                            nullFrom("'-838:59:59.999'"),
                            is("'00:00:00.001'", "00:00:00.001", "00:00:00.001")),
                    col(
                            "c_time6",
                            "TIME(6)",
                            "TIME(6)",
                            "time(6) without time zone",
                            is("'00:00:00.000000'", "00:00:00", "00:00:00.000000"),
                            // The pipeline's TIME holds milliseconds (Flink CDC 3.5).
                            is("'23:59:59.999999'", "23:59:59.999", "23:59:59.999000"),
                            nullFrom("'24:00:00'"),
                            is("'12:34:56.123456'", "12:34:56.123", "12:34:56.123000")),
                    col(
                            "c_datetime",
                            "DATETIME",
                            "TIMESTAMP(0)",
                            "timestamp(0) without time zone",
                            is(
                                    "'1000-01-01 00:00:00'",
                                    "1000-01-01 00:00:00",
                                    "1000-01-01T00:00:00"),
                            is(
                                    "'9999-12-31 23:59:59'",
                                    "9999-12-31 23:59:59",
                                    "9999-12-31T23:59:59"),
                            nullFrom("'0000-00-00 00:00:00'"),
                            is(
                                    "'2024-02-29 12:34:56'",
                                    "2024-02-29 12:34:56",
                                    "2024-02-29T12:34:56")),
                    col(
                            "c_datetime3",
                            "DATETIME(3)",
                            "TIMESTAMP(3)",
                            "timestamp(3) without time zone",
                            is(
                                    "'1000-01-01 00:00:00.000'",
                                    "1000-01-01 00:00:00",
                                    "1000-01-01T00:00:00.000"),
                            is(
                                    "'9999-12-31 23:59:59.999'",
                                    "9999-12-31 23:59:59.999",
                                    "9999-12-31T23:59:59.999"),
                            nullFrom("'0000-00-00 00:00:00.000'"),
                            is(
                                    "'0050-06-15 10:00:00.5'",
                                    "0050-06-15 10:00:00.5",
                                    "0050-06-15T10:00:00.500")),
                    col(
                            "c_datetime6",
                            "DATETIME(6)",
                            "TIMESTAMP(6)",
                            "timestamp(6) without time zone",
                            is(
                                    "'1000-01-01 00:00:00.000000'",
                                    "1000-01-01 00:00:00",
                                    "1000-01-01T00:00:00.000000"),
                            is(
                                    "'9999-12-31 23:59:59.999999'",
                                    "9999-12-31 23:59:59.999999",
                                    "9999-12-31T23:59:59.999999"),
                            nullFrom("'0000-00-00 00:00:00.000000'"),
                            is(
                                    "'2024-02-29 12:34:56.123456'",
                                    "2024-02-29 12:34:56.123456",
                                    "2024-02-29T12:34:56.123456")),
                    col(
                            "c_timestamp",
                            "TIMESTAMP NULL",
                            "TIMESTAMP(0) WITH LOCAL TIME ZONE",
                            "timestamp(0) with time zone",
                            is(
                                    "'1970-01-01 00:00:01'",
                                    "1970-01-01 00:00:01+00",
                                    "1970-01-01T00:00:01Z"),
                            is(
                                    "'2038-01-19 03:14:07'",
                                    "2038-01-19 03:14:07+00",
                                    "2038-01-19T03:14:07Z"),
                            nullFrom("'0000-00-00 00:00:00'"),
                            is(
                                    "'2024-02-29 12:34:56'",
                                    "2024-02-29 12:34:56+00",
                                    "2024-02-29T12:34:56Z")),
                    col(
                            "c_timestamp3",
                            "TIMESTAMP(3) NULL",
                            "TIMESTAMP(3) WITH LOCAL TIME ZONE",
                            "timestamp(3) with time zone",
                            is(
                                    "'1970-01-01 00:00:01.000'",
                                    "1970-01-01 00:00:01+00",
                                    "1970-01-01T00:00:01.000Z"),
                            is(
                                    "'2038-01-19 03:14:07.999'",
                                    "2038-01-19 03:14:07.999+00",
                                    "2038-01-19T03:14:07.999Z"),
                            nullFrom("'0000-00-00 00:00:00.000'"),
                            is(
                                    "'2024-02-29 12:34:56.789'",
                                    "2024-02-29 12:34:56.789+00",
                                    "2024-02-29T12:34:56.789Z")),
                    col(
                            "c_timestamp6",
                            "TIMESTAMP(6) NULL",
                            "TIMESTAMP(6) WITH LOCAL TIME ZONE",
                            "timestamp(6) with time zone",
                            is(
                                    "'1970-01-01 00:00:01.000000'",
                                    "1970-01-01 00:00:01+00",
                                    "1970-01-01T00:00:01.000000Z"),
                            is(
                                    "'2038-01-19 03:14:07.999999'",
                                    "2038-01-19 03:14:07.999999+00",
                                    "2038-01-19T03:14:07.999999Z"),
                            nullFrom("'0000-00-00 00:00:00.000000'"),
                            is(
                                    "'2024-02-29 12:34:56.123456'",
                                    "2024-02-29 12:34:56.123456+00",
                                    "2024-02-29T12:34:56.123456Z")),
                    col(
                            "c_year",
                            "YEAR",
                            "INT",
                            "integer",
                            same("1901", "1901"),
                            same("2155", "2155"),
                            // YEAR 0000: 0 from the snapshot and the binlog alike.
                            same("0", "0"),
                            same("2024", "2024")),
                    col(
                            "c_char",
                            "CHAR(10)",
                            "CHAR(10)",
                            "character(10)",
                            // PostgreSQL's character(n) pads with spaces, MariaDB's CHAR strips
                            // them.
                            is("''", SPACES_10, ""),
                            is(
                                    "'ab\uD83D\uDE00 '",
                                    "ab\uD83D\uDE00" + " ".repeat(7),
                                    "ab\uD83D\uDE00"),
                            is("'x'", "x" + " ".repeat(9), "x"),
                            same("'abcdefghij'", "abcdefghij")),
                    col(
                            "c_varchar",
                            "VARCHAR(20)",
                            "VARCHAR(20)",
                            "character varying(20)",
                            same("''", ""),
                            same(
                                    "'h\u00e9llo \uD83D\uDE00 w\u00f6rld \uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00'",
                                    "h\u00e9llo \uD83D\uDE00 w\u00f6rld \uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00"),
                            same("'a\\'b\"c\\\\d'", "a'b\"c\\d"),
                            same("' padded '", " padded ")),
                    col(
                            "c_tinytext",
                            "TINYTEXT",
                            "STRING",
                            "text",
                            same("''", ""),
                            same("'t\uD83D\uDE00'", "t\uD83D\uDE00"),
                            same("'tab\\there'", "tab\there"),
                            same("'x'", "x")),
                    col(
                            "c_text",
                            "TEXT",
                            "STRING",
                            "text",
                            same("''", ""),
                            same("'text \uD83D\uDE00'", "text \uD83D\uDE00"),
                            same("'nl\\nhere'", "nl\nhere"),
                            same("'y'", "y")),
                    col(
                            "c_mediumtext",
                            "MEDIUMTEXT",
                            "STRING",
                            "text",
                            same("''", ""),
                            same("'medium \uD83D\uDE00'", "medium \uD83D\uDE00"),
                            same("'\u00b5'", "\u00b5"),
                            same("'z'", "z")),
                    col(
                            "c_longtext",
                            "LONGTEXT",
                            "STRING",
                            "text",
                            same("''", ""),
                            same("REPEAT('\uD83D\uDE00', 30)", "\uD83D\uDE00".repeat(30)),
                            same("'\\\\'", "\\"),
                            same("'w'", "w")),
                    col(
                            "c_binary",
                            "BINARY(4)",
                            "BINARY(4)",
                            "bytea",
                            // MariaDB pads BINARY(n) with zero bytes.
                            same("x''", "\\x00000000"),
                            same("x'DEADBEEF'", "\\xdeadbeef"),
                            same("x'00'", "\\x00000000"),
                            same("x'01'", "\\x01000000")),
                    col(
                            "c_varbinary",
                            "VARBINARY(10)",
                            "VARBINARY(10)",
                            "bytea",
                            same("x''", "\\x"),
                            same("x'00FF100000000000000A'", "\\x00ff100000000000000a"),
                            same("x'00'", "\\x00"),
                            same("x'01'", "\\x01")),
                    col(
                            "c_tinyblob",
                            "TINYBLOB",
                            "BYTES",
                            "bytea",
                            same("x''", "\\x"),
                            same("x'DEADBEEF'", "\\xdeadbeef"),
                            same("x'00'", "\\x00"),
                            same("x'01'", "\\x01")),
                    col(
                            "c_blob",
                            "BLOB",
                            "BYTES",
                            "bytea",
                            same("x''", "\\x"),
                            same("x'CAFE'", "\\xcafe"),
                            same("x'00'", "\\x00"),
                            same("x'02'", "\\x02")),
                    col(
                            "c_mediumblob",
                            "MEDIUMBLOB",
                            "BYTES",
                            "bytea",
                            same("x''", "\\x"),
                            same("x'FF00'", "\\xff00"),
                            same("x'00'", "\\x00"),
                            same("x'03'", "\\x03")),
                    col(
                            "c_longblob",
                            "LONGBLOB",
                            "BYTES",
                            "bytea",
                            same("x''", "\\x"),
                            same("REPEAT(x'AB', 30)", "\\x" + "ab".repeat(30)),
                            same("x'00'", "\\x00"),
                            same("x'04'", "\\x04")),
                    col(
                            "c_json",
                            "JSON",
                            "STRING",
                            "text",
                            same("'{}'", "{}"),
                            same(
                                    "'{\"k\": \"v\uD83D\uDE00\", \"n\": [1, 2.5, null]}'",
                                    "{\"k\": \"v\uD83D\uDE00\", \"n\": [1, 2.5, null]}"),
                            same("'[]'", "[]"),
                            same("'null'", "null")),
                    col(
                            "c_enum",
                            "ENUM('a','b','c\uD83D\uDE00')",
                            "STRING",
                            "text",
                            same("'a'", "a"),
                            // The binlog has the member's number; its text comes from the table's
                            // definition, which MariaDB prints in utf8mb3: 4-byte characters are
                            // '?'.
                            new Expect(
                                    "'c\uD83D\uDE00'",
                                    "c\uD83D\uDE00",
                                    "c\uD83D\uDE00",
                                    "c?",
                                    "c?"),
                            same("'b'", "b"),
                            same("'b'", "b")),
                    col(
                            "c_set",
                            "SET('x','y','z')",
                            "STRING",
                            "text",
                            same("''", ""),
                            same("'x,y,z'", "x,y,z"),
                            same("'z,x'", "x,z"),
                            same("'y'", "y")),
                    col(
                            "c_geometry",
                            "GEOMETRY",
                            "BYTES",
                            "bytea",
                            // WKB, as MariaDB's ST_AsBinary() gives it (the SRID is not kept).
                            same(
                                    "ST_GeomFromText('POINT(0 0)')",
                                    "\\x010100000000000000000000000000000000000000"),
                            same(
                                    "ST_GeomFromText('POLYGON((0 0, 1 0, 1 1, 0 0))')",
                                    "\\x0103000000010000000400000000000000000000000000000000000000"
                                            + "000000000000f03f0000000000000000000000000000f03f00000"
                                            + "0000000f03f00000000000000000000000000000000"),
                            same(
                                    "ST_GeomFromText('GEOMETRYCOLLECTION(POINT(1 1))')",
                                    "\\x0107000000010000000101000000000000000000f03f000000000000f03f"),
                            same(
                                    "ST_GeomFromText('LINESTRING(0 0, 1 1)')",
                                    "\\x010200000002000000000000000000000000000000000000000000000"
                                            + "00000f03f000000000000f03f")),
                    col(
                            "c_point",
                            "POINT",
                            "BYTES",
                            "bytea",
                            same(
                                    "ST_GeomFromText('POINT(-1.5 2.25)')",
                                    "\\x0101000000000000000000f8bf0000000000000240"),
                            same(
                                    "ST_GeomFromText('POINT(180 -90)')",
                                    "\\x0101000000000000000080664000000000008056c0"),
                            same(
                                    "ST_GeomFromText('POINT(0 0)')",
                                    "\\x010100000000000000000000000000000000000000"),
                            same(
                                    "ST_GeomFromText('POINT(1 2)')",
                                    "\\x0101000000000000000000f03f0000000000000040")));

    @Test
    void everyTypeReachesPostgres() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB);
                Connection postgres = Servers.postgres()) {
            createAndFill(sql);
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(DB + "." + TABLE, "")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 1\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows(TABLE).size(), ROWS))
                        .as("the snapshot")
                        .isEqualTo(ROWS);
                insertRows(sql, BINLOG_OFFSET);
                assertThat(Await.until(pipeline, () -> pg.rows(TABLE).size(), 2 * ROWS))
                        .as("the binlog")
                        .isEqualTo(2 * ROWS);

                List<String> types = new ArrayList<>(List.of("id integer NOT NULL"));
                COLUMNS.forEach(c -> types.add(c.name() + " " + c.postgres()));
                assertThat(postgresTypes(postgres)).containsExactlyElementsOf(types);

                Map<Integer, Map<String, String>> rows = postgresRows(postgres);
                assertThat(rows.keySet()).containsExactly(1, 2, 3, 4, 5, 101, 102, 103, 104, 105);
                SoftAssertions softly = new SoftAssertions();
                for (int id : rows.keySet()) {
                    softly.assertThat(rows.get(id))
                            .as("row %d in PostgreSQL", id)
                            .containsExactlyEntriesOf(expected(id, true));
                }
                softly.assertAll();
            }
        }
    }

    @Test
    void everyTypeReachesTheValuesSink() throws Exception {
        String output = "target/e2e-maria-types-values.json";
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            createAndFill(sql);
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(DB + "." + TABLE, "")
                                    + "sink:\n  type: values\n  output.path: "
                                    + output
                                    + "\npipeline:\n  parallelism: 1\n",
                            1)) {
                assertThat(
                                Await.until(
                                        pipeline,
                                        () -> valuesTable(output).path("rows").size(),
                                        ROWS))
                        .as("the snapshot")
                        .isEqualTo(ROWS);
                insertRows(sql, BINLOG_OFFSET);
                assertThat(
                                Await.until(
                                        pipeline,
                                        () -> valuesTable(output).path("rows").size(),
                                        2 * ROWS))
                        .as("the binlog")
                        .isEqualTo(2 * ROWS);

                JsonNode table = valuesTable(output);
                List<String> types = new ArrayList<>(List.of("id INT NOT NULL"));
                COLUMNS.forEach(c -> types.add(c.name() + " " + c.pipeline()));
                List<String> actualTypes = new ArrayList<>();
                table.path("schema")
                        .path("columns")
                        .forEach(
                                c ->
                                        actualTypes.add(
                                                c.path("name").asText()
                                                        + " "
                                                        + c.path("type").asText()));
                assertThat(actualTypes).containsExactlyElementsOf(types);

                List<Integer> ids = new ArrayList<>();
                SoftAssertions softly = new SoftAssertions();
                for (JsonNode row : table.path("rows")) {
                    int id = row.path("id").asInt();
                    ids.add(id);
                    Map<String, String> actual = new LinkedHashMap<>();
                    for (Col c : COLUMNS) {
                        actual.put(c.name(), valuesText(row.path(c.name()), c.pipeline()));
                    }
                    softly.assertThat(actual)
                            .as("row %d in the values sink", id)
                            .containsExactlyEntriesOf(expected(id, false));
                }
                softly.assertAll();
                assertThat(ids).containsExactly(1, 2, 3, 4, 5, 101, 102, 103, 104, 105);
            }
        }
    }

    // ------------------------------------------------------------------ MariaDB

    private static void createAndFill(Statement sql) throws SQLException {
        sql.execute("DROP DATABASE IF EXISTS " + DB);
        sql.execute("CREATE DATABASE " + DB + " CHARACTER SET utf8mb4");
        StringBuilder ddl =
                new StringBuilder(
                        "CREATE TABLE " + DB + "." + TABLE + " (id INT NOT NULL PRIMARY KEY");
        COLUMNS.forEach(c -> ddl.append(", ").append(c.name()).append(' ').append(c.mariaDb()));
        sql.execute(ddl.append(") DEFAULT CHARSET=utf8mb4").toString());
        insertRows(sql, 0);
    }

    /** Rows 1-5 (plus {@code offset}): the literals of each column, then the all-NULL row. */
    private static void insertRows(Statement sql, int offset) throws SQLException {
        StringBuilder names = new StringBuilder("id");
        COLUMNS.forEach(c -> names.append(", ").append(c.name()));
        for (int row = 0; row < ROWS - 1; row++) {
            StringBuilder values = new StringBuilder(String.valueOf(offset + row + 1));
            for (Col c : COLUMNS) {
                values.append(", ").append(c.rows().get(row).literal());
            }
            sql.execute(
                    "INSERT INTO " + DB + "." + TABLE + " (" + names + ") VALUES (" + values + ")");
            assertThat(warnings(sql)).as("MariaDB took row %d as written", row + 1).isEmpty();
        }
        sql.execute("INSERT INTO " + DB + "." + TABLE + " (id) VALUES (" + (offset + ROWS) + ")");
    }

    private static List<String> warnings(Statement sql) throws SQLException {
        List<String> warnings = new ArrayList<>();
        try (ResultSet rs = sql.executeQuery("SHOW WARNINGS")) {
            while (rs.next()) {
                warnings.add(rs.getString(3));
            }
        }
        return warnings;
    }

    /** The row of {@code id} as it should arrive in PostgreSQL or in the values sink. */
    private static Map<String, String> expected(int id, boolean postgres) {
        boolean binlog = id > BINLOG_OFFSET;
        int row = (binlog ? id - BINLOG_OFFSET : id) - 1;
        Map<String, String> expected = new LinkedHashMap<>();
        for (Col c : COLUMNS) {
            if (row == ROWS - 1) {
                expected.put(c.name(), null);
                continue;
            }
            Expect e = c.rows().get(row);
            expected.put(
                    c.name(),
                    postgres
                            ? (binlog ? e.binlogPostgres() : e.postgres())
                            : (binlog ? e.binlogValues() : e.values()));
        }
        return expected;
    }

    // ------------------------------------------------------------------ PostgreSQL

    /** "name type[ NOT NULL]": information_schema's type with its length, precision or scale. */
    private static List<String> postgresTypes(Connection postgres) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (PreparedStatement statement =
                postgres.prepareStatement(
                        "SELECT column_name, data_type, character_maximum_length,"
                                + " numeric_precision, numeric_scale, datetime_precision,"
                                + " is_nullable FROM information_schema.columns WHERE table_schema"
                                + " = ? AND table_name = ? ORDER BY ordinal_position")) {
            statement.setString(1, DB);
            statement.setString(2, TABLE);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    String type = rs.getString(2);
                    if (rs.getObject(3) != null) {
                        type += "(" + rs.getInt(3) + ")";
                    } else if (type.equals("numeric")) {
                        type += "(" + rs.getInt(4) + "," + rs.getInt(5) + ")";
                    } else if (type.startsWith("time")) {
                        int space = type.indexOf(' ');
                        type =
                                type.substring(0, space)
                                        + "("
                                        + rs.getInt(6)
                                        + ")"
                                        + type.substring(space);
                    }
                    columns.add(
                            rs.getString(1)
                                    + " "
                                    + type
                                    + ("NO".equals(rs.getString(7)) ? " NOT NULL" : ""));
                }
            }
        }
        return columns;
    }

    /** Row id to column to the text PostgreSQL gives (session time zone UTC, bytea as hex). */
    private static Map<Integer, Map<String, String>> postgresRows(Connection postgres)
            throws SQLException {
        Map<Integer, Map<String, String>> rows = new TreeMap<>();
        try (Statement statement = postgres.createStatement()) {
            statement.execute("SET TIME ZONE 'UTC'");
            statement.execute("SET bytea_output = 'hex'");
            try (ResultSet rs =
                    statement.executeQuery("SELECT * FROM " + DB + "." + TABLE + " ORDER BY id")) {
                while (rs.next()) {
                    Map<String, String> row = new LinkedHashMap<>();
                    for (Col c : COLUMNS) {
                        row.put(c.name(), rs.getString(c.name()));
                    }
                    rows.put(rs.getInt("id"), row);
                }
            }
        }
        return rows;
    }

    // ------------------------------------------------------------------ values sink

    private static JsonNode valuesTable(String output) throws Exception {
        JsonNode root = new ObjectMapper().readTree(ValuesStore.forPath(output).toJson());
        return root.path("tables").path(DB + "." + TABLE);
    }

    /** A value of the values sink's JSON as text; binary (base64 there) as {@code \x} and hex. */
    private static String valuesText(JsonNode value, String pipelineType) {
        if (value.isNull() || value.isMissingNode()) {
            return null;
        }
        if (pipelineType.startsWith("BINARY")
                || pipelineType.startsWith("VARBINARY")
                || pipelineType.equals("BYTES")) {
            return "\\x" + HexFormat.of().formatHex(Base64.getDecoder().decode(value.asText()));
        }
        return value.isTextual() ? value.asText() : value.toString();
    }
}
