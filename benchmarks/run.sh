#!/usr/bin/env bash
# Benchmarks this runtime against Apache Flink CDC 3.5.0's runtime and a bare pipeline, and (W5)
# the JDBC sink into the local PostgreSQL and MariaDB against a plain JDBC loop, and (W6) the
# MariaDB source against a plain JDBC scan:
#   benchmarks/run.sh [--quick] [--only W1,W5,W6]
# Writes benchmarks/results/latest.json, latest.md and latest.png (W5 alone: w5-latest.json and
# w5-latest.md; W6, whenever it runs: w6-latest.json and w6-latest.md, quick: w6-quick.*).
# Quick mode (the CI smoke test) uses smaller workloads and one measured job per configuration.
# Builds what it needs first (and again when a source file changed).
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="$HOME_DIR/benchmarks/target"
STAMP="$TARGET/.bench-build-stamp"
source "$HOME_DIR/bin/lib.sh"

if needs_build "$STAMP" "$HOME_DIR/pom.xml" "$HOME_DIR/flink-schema-operator/pom.xml" \
    "$HOME_DIR/flink-schema-operator/src/main" "$HOME_DIR/pipeline-connectors/pom.xml" \
    "$HOME_DIR/pipeline-connectors/jdbc/pom.xml" "$HOME_DIR/pipeline-connectors/jdbc/src/main" \
    "$HOME_DIR/pipeline-connectors/mariadb/pom.xml" "$HOME_DIR/pipeline-connectors/mariadb/src/main" \
    "$HOME_DIR/pipeline-connectors/postgres/pom.xml" "$HOME_DIR/pipeline-connectors/postgres/src/main" \
    "$HOME_DIR/pipeline-connectors/debezium-common/src/main" \
    "$HOME_DIR/pipeline-connectors/paimon/pom.xml" "$HOME_DIR/pipeline-connectors/paimon/src/main" \
    "$HOME_DIR/pipeline-connectors/values/pom.xml" "$HOME_DIR/pipeline-connectors/values/src/main" \
    "$HOME_DIR/benchmarks/pom.xml" "$HOME_DIR/benchmarks/src/main"; then
  echo "Building the benchmarks (first run or sources changed)..." >&2
  (cd "$HOME_DIR" && mvn -q -B -ntp -Dstyle.color=never -DskipTests -pl benchmarks -am install) >&2
  touch "$STAMP"
fi

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
cd "$HOME_DIR"
exec "$JAVA" ${BENCH_JAVA_OPTS:--Xms4g -Xmx4g} \
  "${JAVA_OPENS[@]}" \
  -Djava.awt.headless=true \
  -Dlog4j.configurationFile="$HOME_DIR/benchmarks/log4j2-bench.properties" \
  -cp "$TARGET/classes:$TARGET/lib/*" dev.schemaop.benchmarks.BenchmarkMain "$@"
