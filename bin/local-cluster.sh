#!/usr/bin/env bash
# A Flink 1.20 standalone session cluster on this machine, from the Flink jars Maven resolves (no
# Flink distribution needed): one JobManager (StandaloneSessionClusterEntrypoint) and one
# TaskManager (TaskManagerRunner), each its own JVM, on loopback ports, with checkpoints in a
# directory on disk and Flink's web UI on the REST port.
#   bin/local-cluster.sh start [--dir DIR] [--rest-port PORT] [--slots N]
#   bin/local-cluster.sh stop [--dir DIR]
# DIR defaults to target/local-cluster; it holds conf/config.yaml, log/, checkpoints/ and the pids.
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$HOME_DIR/flink-schema-operator-dist"
CLASSPATH_FILE="$DIST/target/flink-cluster.classpath"
STAMP="$DIST/target/.cluster-build-stamp"
source "$HOME_DIR/bin/lib.sh"

command="${1:-}"; shift || true
DIR="$HOME_DIR/target/local-cluster"
REST_PORT=8081
SLOTS=4
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) DIR="$2"; shift 2 ;;
    --rest-port) REST_PORT="$2"; shift 2 ;;
    --slots) SLOTS="$2"; shift 2 ;;
    *) echo "Unknown option $1. Usage: bin/local-cluster.sh start|stop [--dir DIR] [--rest-port PORT] [--slots N]" >&2; exit 2 ;;
  esac
done
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

stop_cluster() {
  for role in taskmanager jobmanager; do
    if [ -f "$DIR/$role.pid" ]; then
      kill "$(cat "$DIR/$role.pid")" 2>/dev/null || true
      rm -f "$DIR/$role.pid"
    fi
  done
}

case "$command" in
  stop)
    stop_cluster
    echo "Stopped the cluster of $DIR." >&2
    exit 0 ;;
  start) ;;
  *) echo "Usage: bin/local-cluster.sh start|stop [--dir DIR] [--rest-port PORT] [--slots N]" >&2; exit 2 ;;
esac

build_modules "$HOME_DIR" "$STAMP" flink-schema-operator-dist flink-schema-operator-dist \
  "$HOME_DIR/pom.xml" "$DIST/pom.xml" "$HOME_DIR/flink-schema-operator/pom.xml" \
  "$HOME_DIR/flink-schema-operator/src/main"
CP="$(cat "$CLASSPATH_FILE")"

stop_cluster
mkdir -p "$DIR/conf" "$DIR/log" "$DIR/checkpoints" "$DIR/savepoints"
RPC_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
cat > "$DIR/conf/config.yaml" <<CONF
jobmanager:
  rpc:
    address: localhost
    port: $RPC_PORT
  bind-host: localhost
  memory:
    process:
      size: 1000m
taskmanager:
  host: localhost
  bind-host: localhost
  numberOfTaskSlots: $SLOTS
  memory:
    process:
      size: 1600m
rest:
  address: localhost
  bind-address: localhost
  port: $REST_PORT
execution:
  checkpointing:
    dir: file://$DIR/checkpoints
    savepoint-dir: file://$DIR/savepoints
CONF
cp "$HOME_DIR/conf/log4j-cluster.properties" "$DIR/conf/log4j.properties"

LOG_OPTS=(-Dlog4j.configurationFile="$DIR/conf/log4j.properties")
nohup "$JAVA" -Xmx512m "${JAVA_OPENS[@]}" "${LOG_OPTS[@]}" -Dlog.file="$DIR/log/jobmanager.log" \
  -cp "$CP" org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint \
  --configDir "$DIR/conf" > "$DIR/log/jobmanager.out" 2>&1 &
echo $! > "$DIR/jobmanager.pid"

# The TaskManager's JVM sizes and memory options, as Flink's own scripts compute them.
TM_PARAMS="$("$JAVA" -cp "$CP" org.apache.flink.runtime.util.bash.BashJavaUtils \
  GET_TM_RESOURCE_PARAMS --configDir "$DIR/conf" 2>/dev/null | grep '^BASH_JAVA_UTILS_EXEC_RESULT:' \
  | sed 's/^BASH_JAVA_UTILS_EXEC_RESULT://')"
TM_JVM="$(echo "$TM_PARAMS" | head -1)"
TM_DYNAMIC="$(echo "$TM_PARAMS" | tail -1)"
# shellcheck disable=SC2086
nohup "$JAVA" $TM_JVM "${JAVA_OPENS[@]}" "${LOG_OPTS[@]}" -Dlog.file="$DIR/log/taskmanager.log" \
  -cp "$CP" org.apache.flink.runtime.taskexecutor.TaskManagerRunner \
  --configDir "$DIR/conf" $TM_DYNAMIC > "$DIR/log/taskmanager.out" 2>&1 &
echo $! > "$DIR/taskmanager.pid"

for _ in $(seq 1 120); do
  if curl -sf "http://localhost:$REST_PORT/taskmanagers" 2>/dev/null | grep -q '"id"'; then
    echo "Flink cluster up: web UI and REST at http://localhost:$REST_PORT, checkpoints in $DIR/checkpoints, logs in $DIR/log." >&2
    echo "Submit: bin/flink-cdc.sh PIPELINE.yaml --target remote -D rest.address=localhost -D rest.port=$REST_PORT" >&2
    exit 0
  fi
  sleep 0.5
done
echo "The cluster did not come up within 60 s; see $DIR/log." >&2
stop_cluster
exit 1
