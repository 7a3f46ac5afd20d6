#!/usr/bin/env bash
# Benchmarks this runtime against Apache Flink CDC 3.5.0's runtime and a bare pipeline:
#   benchmarks/run.sh [--quick] [--only W1,W2]
# Writes benchmarks/results/latest.json, latest.md and latest.png. Quick mode (the CI smoke
# test) uses smaller workloads and one measured job per configuration.
# Builds what it needs first (and again when a source file changed).
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="$HOME_DIR/benchmarks/target"
STAMP="$TARGET/.bench-build-stamp"

needs_build() {
  [ -f "$STAMP" ] || return 0
  [ -n "$(find "$HOME_DIR/pom.xml" "$HOME_DIR/flink-schema-operator/pom.xml" \
      "$HOME_DIR/flink-schema-operator/src/main" "$HOME_DIR/benchmarks/pom.xml" \
      "$HOME_DIR/benchmarks/src/main" -newer "$STAMP" -print -quit)" ]
}

if needs_build; then
  echo "Building the benchmarks (first run or sources changed)..." >&2
  (cd "$HOME_DIR" && mvn -q -B -ntp -Dstyle.color=never -DskipTests -pl benchmarks -am install) >&2
  touch "$STAMP"
fi

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
cd "$HOME_DIR"
exec "$JAVA" ${BENCH_JAVA_OPTS:--Xms4g -Xmx4g} \
  --add-opens java.base/java.util=ALL-UNNAMED \
  --add-opens java.base/java.lang=ALL-UNNAMED \
  --add-opens java.base/java.lang.reflect=ALL-UNNAMED \
  --add-opens java.base/java.io=ALL-UNNAMED \
  --add-opens java.base/java.net=ALL-UNNAMED \
  --add-opens java.base/java.nio=ALL-UNNAMED \
  --add-opens java.base/java.time=ALL-UNNAMED \
  --add-opens java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED \
  -Djava.awt.headless=true \
  -Dlog4j.configurationFile="$HOME_DIR/benchmarks/log4j2-bench.properties" \
  -cp "$TARGET/classes:$TARGET/lib/*" dev.schemaop.benchmarks.BenchmarkMain "$@"
