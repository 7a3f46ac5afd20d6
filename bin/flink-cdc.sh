#!/usr/bin/env bash
# Runs a pipeline definition on flink-schema-operator: bin/flink-cdc.sh PIPELINE.yaml [options]
# From a clean checkout it first builds what it needs (the runtime and the bundled values
# connector); it rebuilds when a source file changed since the last build.
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNTIME="$HOME_DIR/flink-schema-operator/target"
VALUES="$HOME_DIR/pipeline-connectors/values/target"
STAMP="$HOME_DIR/flink-schema-operator/target/.cli-build-stamp"
source "$HOME_DIR/bin/lib.sh"

if needs_build "$STAMP" "$HOME_DIR/pom.xml" "$HOME_DIR/flink-schema-operator/pom.xml" \
    "$HOME_DIR/flink-schema-operator/src/main" "$HOME_DIR/pipeline-connectors/values/pom.xml" \
    "$HOME_DIR/pipeline-connectors/values/src/main"; then
  echo "Building flink-schema-operator (first run or sources changed)..." >&2
  mkdir -p "$HOME_DIR/log"
  BUILD_LOG="$HOME_DIR/log/build.log"
  # Maven 3.8 prints colour codes even in batch mode; they go to the build log, stripped on failure.
  (cd "$HOME_DIR" && mvn -q -B -ntp -Dstyle.color=never -DskipTests \
    -pl flink-schema-operator,pipeline-connectors/values -am install) > "$BUILD_LOG" 2>&1 || {
    sed 's/\x1b\[[0-9;]*m//g' "$BUILD_LOG" >&2
    echo "The build failed; its output is above and in $BUILD_LOG." >&2
    exit 1
  }
  touch "$STAMP"
fi

# --target remote ships the runtime's job jar (flink-schema-operator-dist) to the cluster.
DIST_OPTS=()
if [[ " $* " == *" --target remote "* || " $* " == *" --target=remote "* ]]; then
  DIST="$HOME_DIR/flink-schema-operator-dist"
  DIST_STAMP="$DIST/target/.dist-build-stamp"
  if needs_build "$DIST_STAMP" "$HOME_DIR/pom.xml" "$DIST/pom.xml" \
      "$HOME_DIR/flink-schema-operator/pom.xml" "$HOME_DIR/flink-schema-operator/src/main"; then
    echo "Building flink-schema-operator-dist (first remote run or sources changed)..." >&2
    mkdir -p "$HOME_DIR/log"
    (cd "$HOME_DIR" && mvn -q -B -ntp -Dstyle.color=never -DskipTests \
      -pl flink-schema-operator-dist -am install) > "$HOME_DIR/log/build.log" 2>&1 || {
      sed 's/\x1b\[[0-9;]*m//g' "$HOME_DIR/log/build.log" >&2
      echo "The build failed; its output is above and in $HOME_DIR/log/build.log." >&2
      exit 1
    }
    touch "$DIST_STAMP"
  fi
  DIST_OPTS=(-Dflink.cdc.dist.jar="$(ls "$DIST"/target/flink-schema-operator-dist-*.jar | grep -v original | head -1)")
fi

VALUES_JAR="$(ls "$VALUES"/flink-cdc-pipeline-connector-values-*.jar | grep -v -- '-tests.jar' | head -1)"
CLASSPATH="$RUNTIME/classes:$RUNTIME/lib/*:$VALUES_JAR"

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
exec "$JAVA" ${JAVA_OPTS:-} \
  "${JAVA_OPENS[@]}" \
  -Dflink.cdc.home="$HOME_DIR" "${DIST_OPTS[@]}" \
  -Dlog4j.configurationFile="$HOME_DIR/conf/log4j-cli.properties" \
  -Dflink.cdc.log.file="${FLINK_CDC_LOG_FILE:-$HOME_DIR/log/flink-cdc.log}" \
  -cp "$CLASSPATH" dev.schemaop.cli.FlinkCdcCli "$@"
