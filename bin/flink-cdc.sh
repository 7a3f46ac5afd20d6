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

build_modules "$HOME_DIR" "$STAMP" flink-schema-operator flink-schema-operator,pipeline-connectors/values \
  "$HOME_DIR/pom.xml" "$HOME_DIR/flink-schema-operator/pom.xml" "$HOME_DIR/flink-schema-operator/src/main" \
  "$HOME_DIR/pipeline-connectors/values/pom.xml" "$HOME_DIR/pipeline-connectors/values/src/main"

# --target remote ships the runtime's job jar (flink-schema-operator-dist) to the cluster.
DIST_OPTS=()
if [[ " $* " == *" --target remote "* || " $* " == *" --target=remote "* ]]; then
  DIST="$HOME_DIR/flink-schema-operator-dist"
  build_modules "$HOME_DIR" "$DIST/target/.dist-build-stamp" flink-schema-operator-dist \
    flink-schema-operator-dist "$HOME_DIR/pom.xml" "$DIST/pom.xml" \
    "$HOME_DIR/flink-schema-operator/pom.xml" "$HOME_DIR/flink-schema-operator/src/main"
  DIST_OPTS=(-Dflink.cdc.dist.jar="$(ls "$DIST"/target/flink-schema-operator-dist-*.jar | grep -v original | head -1)")
fi

VALUES_JAR="$(ls "$VALUES"/flink-cdc-pipeline-connector-values-*.jar | grep -v -- '-tests.jar' | head -1)"
CLASSPATH="$RUNTIME/classes:$RUNTIME/lib/*:$VALUES_JAR"
# --no-web-ui: without flink-runtime-web the embedded Flink serves no web UI at all.
if [[ " $* " == *" --no-web-ui "* ]]; then
  CLASSPATH="$RUNTIME/classes:$(ls "$RUNTIME"/lib/*.jar | grep -v '/flink-runtime-web-' | tr '\n' ':')$VALUES_JAR"
fi

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
exec "$JAVA" ${JAVA_OPTS:-} \
  "${JAVA_OPENS[@]}" \
  -Dflink.cdc.home="$HOME_DIR" "${DIST_OPTS[@]}" \
  -Dlog4j.configurationFile="$HOME_DIR/conf/log4j-cli.properties" \
  -Dflink.cdc.log.file="${FLINK_CDC_LOG_FILE:-$HOME_DIR/log/flink-cdc.log}" \
  -cp "$CLASSPATH" dev.schemaop.cli.FlinkCdcCli "$@"
