#!/usr/bin/env bash
# Runs a pipeline definition on flink-schema-operator: bin/flink-cdc.sh PIPELINE.yaml [options]
# In a source tree it first builds the runtime (and, once the pipeline is read, the project's
# connectors it names by type); it rebuilds when a source file changed since the last build. In the
# binary distribution everything is built: runtime/ is the command line's class path, connectors/
# the project's connectors.
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$HOME_DIR/bin/lib.sh"

if [ -d "$HOME_DIR/runtime" ]; then
  RUNTIME_JARS=("$HOME_DIR"/runtime/*.jar)
  DIST_JAR="$(ls "$HOME_DIR"/flink-schema-operator-dist-*.jar 2>/dev/null | head -1 || true)"
else
  RUNTIME="$HOME_DIR/flink-schema-operator/target"
  build_modules "$HOME_DIR" "$RUNTIME/.cli-build-stamp" flink-schema-operator flink-schema-operator \
    "$HOME_DIR/pom.xml" "$HOME_DIR/flink-schema-operator/pom.xml" "$HOME_DIR/flink-schema-operator/src/main"
  RUNTIME_JARS=("$RUNTIME/classes" "$RUNTIME"/lib/*.jar)
  DIST_JAR=""
  # --target remote ships the runtime's job jar (flink-schema-operator-dist) to the cluster.
  if [[ " $* " == *" --target remote "* || " $* " == *" --target=remote "* ]]; then
    DIST="$HOME_DIR/flink-schema-operator-dist"
    build_modules "$HOME_DIR" "$DIST/target/.dist-build-stamp" flink-schema-operator-dist \
      flink-schema-operator-dist "$HOME_DIR/pom.xml" "$DIST/pom.xml" \
      "$HOME_DIR/flink-schema-operator/pom.xml" "$HOME_DIR/flink-schema-operator/src/main"
    DIST_JAR="$(ls "$DIST"/target/flink-schema-operator-dist-*.jar | grep -v original | head -1)"
  fi
fi
DIST_OPTS=()
[ -z "$DIST_JAR" ] || DIST_OPTS=(-Dflink.cdc.dist.jar="$DIST_JAR")

# --no-web-ui: without flink-runtime-web the embedded Flink serves no web UI at all.
CLASSPATH=""
for jar in "${RUNTIME_JARS[@]}"; do
  if [[ " $* " == *" --no-web-ui "* && "$(basename "$jar")" == flink-runtime-web-* ]]; then
    continue
  fi
  CLASSPATH="$CLASSPATH${CLASSPATH:+:}$jar"
done

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
exec "$JAVA" ${JAVA_OPTS:-} \
  "${JAVA_OPENS[@]}" \
  -Dflink.cdc.home="$HOME_DIR" ${DIST_OPTS[@]+"${DIST_OPTS[@]}"} \
  -Dlog4j.configurationFile="$HOME_DIR/conf/log4j-cli.properties" \
  -Dflink.cdc.log.file="${FLINK_CDC_LOG_FILE:-$HOME_DIR/log/flink-cdc.log}" \
  -cp "$CLASSPATH" dev.schemaop.cli.FlinkCdcCli "$@"
