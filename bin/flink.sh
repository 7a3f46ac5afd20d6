#!/usr/bin/env bash
# Flink's own command line (CliFrontend, flink-clients), from the Flink jars Maven resolves: no
# Flink distribution needed. It reads FLINK_CONF_DIR (default: the local cluster's configuration,
# target/local-cluster/conf, when bin/local-cluster.sh started one).
#   bin/flink.sh run [-d] [-p N] [-s SAVEPOINT] [-m HOST:PORT] JOB_JAR PIPELINE.yaml [--jar CONNECTOR.jar ...]
#   bin/flink.sh stop --savepointPath DIR [-m HOST:PORT] JOB_ID
#   bin/flink.sh list|cancel|savepoint ...
# JOB_JAR is flink-schema-operator-dist/target/flink-schema-operator-dist-*.jar (built by
# bin/local-cluster.sh or `mvn install`); `bin/flink.sh run` takes the path "dist" for it.
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$HOME_DIR/flink-schema-operator-dist"
CLASSPATH_FILE="$DIST/target/flink-cluster.classpath"
source "$HOME_DIR/bin/lib.sh"

build_modules "$HOME_DIR" "$DIST/target/.cluster-build-stamp" flink-schema-operator-dist \
  flink-schema-operator-dist "$HOME_DIR/pom.xml" "$DIST/pom.xml" \
  "$HOME_DIR/flink-schema-operator/pom.xml" "$HOME_DIR/flink-schema-operator/src/main"

if [ -z "${FLINK_CONF_DIR:-}" ]; then
  if [ -f "$HOME_DIR/target/local-cluster/conf/config.yaml" ]; then
    FLINK_CONF_DIR="$HOME_DIR/target/local-cluster/conf"
  else
    # Flink's client wants a configuration directory; an empty one means its defaults.
    FLINK_CONF_DIR="$HOME_DIR/target/flink-client-conf"
    mkdir -p "$FLINK_CONF_DIR"
    touch "$FLINK_CONF_DIR/config.yaml"
  fi
fi
export FLINK_CONF_DIR

# "dist" in place of the job jar: the one this checkout built.
ARGS=()
for arg in "$@"; do
  if [ "$arg" = dist ]; then
    arg="$(ls "$DIST"/target/flink-schema-operator-dist-*.jar | grep -v original | head -1)"
  fi
  ARGS+=("$arg")
done

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mkdir -p "$HOME_DIR/log"
exec "$JAVA" ${JAVA_OPTS:-} "${JAVA_OPENS[@]}" \
  -Dlog4j.configurationFile="$HOME_DIR/conf/log4j-cli.properties" \
  -Dflink.cdc.log.file="${FLINK_CDC_LOG_FILE:-$HOME_DIR/log/flink-cli.log}" \
  -cp "$(cat "$CLASSPATH_FILE")" org.apache.flink.client.cli.CliFrontend "${ARGS[@]+"${ARGS[@]}"}"
