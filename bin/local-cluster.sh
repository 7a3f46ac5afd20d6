#!/usr/bin/env bash
# A Flink 1.20 standalone session cluster on this machine, from the Flink jars Maven resolves (no
# Flink distribution needed): one JobManager (StandaloneSessionClusterEntrypoint) and one
# TaskManager (TaskManagerRunner), each its own JVM, on loopback ports, with checkpoints in a
# directory on disk and Flink's web UI on the REST port (loopback only, no jar upload: see -D).
#   bin/local-cluster.sh start [--dir DIR] [--rest-port PORT] [--slots N] [-D KEY=VALUE]...
#     -D: a Flink option of the cluster's configuration, over the defaults below, e.g.
#     -D rest.bind-address=0.0.0.0 (the web UI and REST API reachable from the network: a
#     warning) and -D web.submit.enable=true (jar upload and run in the web UI)
#   bin/local-cluster.sh stop [--dir DIR]
#   bin/local-cluster.sh start-jobmanager|start-taskmanager [--dir DIR]
#     (a process again, with the cluster's configuration: after one was killed, or one TaskManager more)
# DIR defaults to target/local-cluster; it holds conf/config.yaml, log/, checkpoints/ and the pids.
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$HOME_DIR/flink-schema-operator-dist"
CLASSPATH_FILE="$DIST/target/flink-cluster.classpath"
STAMP="$DIST/target/.cluster-build-stamp"
source "$HOME_DIR/bin/lib.sh"

USAGE="Usage: bin/local-cluster.sh start|stop|start-jobmanager|start-taskmanager [--dir DIR] [--rest-port PORT] [--slots N] [-D KEY=VALUE]..."
command="${1:-}"; shift || true
DIR="$HOME_DIR/target/local-cluster"
REST_PORT=8081
SLOTS=4
OPTIONS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) DIR="$2"; shift 2 ;;
    --rest-port) REST_PORT="$2"; shift 2 ;;
    --slots) SLOTS="$2"; shift 2 ;;
    -D)
      [[ "${2:-}" == *=* ]] || { echo "-D ${2:-} has no value. Write it as -D KEY=VALUE." >&2; exit 2; }
      OPTIONS+=("$2"); shift 2 ;;
    *) echo "Unknown option $1. $USAGE" >&2; exit 2 ;;
  esac
done
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

# Every process this directory's cluster started (TaskManagers started later too), waited for
# (at most 30 s, then killed) so that nothing writes into DIR afterwards.
stop_cluster() {
  local pids=()
  for pidfile in "$DIR"/taskmanager*.pid "$DIR"/jobmanager.pid; do
    if [ -f "$pidfile" ]; then
      pids+=("$(cat "$pidfile")")
      kill "$(cat "$pidfile")" 2>/dev/null || true
      rm -f "$pidfile"
    fi
  done
  for pid in "${pids[@]+"${pids[@]}"}"; do
    for _ in $(seq 1 300); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  done
}

# Flink's own launchers export the configuration directory; the schema registry reads the
# cluster's checkpoint directory from it when a job names none.
export FLINK_CONF_DIR="$DIR/conf"
LOG_OPTS=(-Dlog4j.configurationFile="$DIR/conf/log4j.properties")

start_jobmanager() {
  nohup "$JAVA" -Xmx512m "${JAVA_OPENS[@]}" "${LOG_OPTS[@]}" -Dlog.file="$DIR/log/jobmanager.log" \
    -cp "$CP" org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint \
    --configDir "$DIR/conf" >> "$DIR/log/jobmanager.out" 2>&1 &
  echo $! > "$DIR/jobmanager.pid"
}

# A TaskManager with the JVM sizes and memory options Flink's own scripts compute; pid file
# taskmanager.pid for the first, taskmanager-N.pid for later ones.
start_taskmanager() {
  local name=taskmanager n=1
  while [ -f "$DIR/$name.pid" ] && kill -0 "$(cat "$DIR/$name.pid")" 2>/dev/null; do
    n=$((n + 1)); name="taskmanager-$n"
  done
  local params jvm dynamic
  params="$("$JAVA" -cp "$CP" org.apache.flink.runtime.util.bash.BashJavaUtils \
    GET_TM_RESOURCE_PARAMS --configDir "$DIR/conf" 2>/dev/null | grep '^BASH_JAVA_UTILS_EXEC_RESULT:' \
    | sed 's/^BASH_JAVA_UTILS_EXEC_RESULT://')"
  jvm="$(echo "$params" | head -1)"
  dynamic="$(echo "$params" | tail -1)"
  # shellcheck disable=SC2086
  nohup "$JAVA" $jvm "${JAVA_OPENS[@]}" "${LOG_OPTS[@]}" -Dlog.file="$DIR/log/$name.log" \
    -cp "$CP" org.apache.flink.runtime.taskexecutor.TaskManagerRunner \
    --configDir "$DIR/conf" $dynamic >> "$DIR/log/$name.out" 2>&1 &
  echo $! > "$DIR/$name.pid"
  echo "Started $name (pid $!)." >&2
}

case "$command" in
  stop)
    stop_cluster
    echo "Stopped the cluster of $DIR." >&2
    exit 0 ;;
  start|start-jobmanager|start-taskmanager) ;;
  *) echo "$USAGE" >&2; exit 2 ;;
esac

build_modules "$HOME_DIR" "$STAMP" flink-schema-operator-dist flink-schema-operator-dist \
  "$HOME_DIR/pom.xml" "$DIST/pom.xml" "$HOME_DIR/flink-schema-operator/pom.xml" \
  "$HOME_DIR/flink-schema-operator/src/main"
CP="$(cat "$CLASSPATH_FILE")"

if [ "$command" != start ]; then
  [ -f "$DIR/conf/config.yaml" ] || { echo "No cluster was started in $DIR: run bin/local-cluster.sh start first." >&2; exit 2; }
  "start_${command#start-}"
  [ "$command" = start-taskmanager ] || echo "Started the JobManager (pid $(cat "$DIR/jobmanager.pid"))." >&2
  exit 0
fi

stop_cluster
mkdir -p "$DIR/conf" "$DIR/log" "$DIR/checkpoints" "$DIR/savepoints"
# A free port below Linux's ephemeral range (32768+): a port bind(0) handed out may be taken by
# some outgoing connection's local end before the JobManager's JVM is up to bind it.
RPC_PORT="$(python3 -c '
import random, socket
while True:
    port = random.randint(20000, 32767)
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port)); print(port); break
    except OSError:
        pass
    finally:
        s.close()')"
# Flat keys (Flink's config.yaml reads them as the nested form), so that -D replaces a default.
declare -A CONF=(
  [jobmanager.rpc.address]=localhost
  [jobmanager.rpc.port]="$RPC_PORT"
  [jobmanager.bind-host]=localhost
  [jobmanager.memory.process.size]=1000m
  [taskmanager.host]=localhost
  [taskmanager.bind-host]=localhost
  [taskmanager.numberOfTaskSlots]="$SLOTS"
  [taskmanager.memory.process.size]=1600m
  [rest.address]=localhost
  [rest.bind-address]=localhost
  [rest.port]="$REST_PORT"
  [web.submit.enable]=false
  [heartbeat.interval]="2 s"
  [heartbeat.timeout]="10 s"
  [execution.checkpointing.dir]="file://$DIR/checkpoints"
  [execution.checkpointing.savepoint-dir]="file://$DIR/savepoints"
)
for option in "${OPTIONS[@]+"${OPTIONS[@]}"}"; do
  CONF["${option%%=*}"]="${option#*=}"
done
REST_PORT="${CONF[rest.port]}"
for key in $(printf '%s\n' "${!CONF[@]}" | sort); do
  printf '%s: %s\n' "$key" "${CONF[$key]}"
done > "$DIR/conf/config.yaml"
case "${CONF[rest.bind-address]}" in
  localhost|127.*|::1) ;;
  *) echo "Warning: rest.bind-address=${CONF[rest.bind-address]}: the cluster's web UI and REST API are reachable from the network, without authentication: whoever reaches the port sees and cancels jobs and submits jobs of their own through the REST API. Jar upload in the web UI is $( [ "${CONF[web.submit.enable]}" = true ] && echo "on (web.submit.enable)" || echo "off (-D web.submit.enable=true turns it on)")." >&2 ;;
esac
cp "$HOME_DIR/conf/log4j-cluster.properties" "$DIR/conf/log4j.properties"

start_jobmanager
start_taskmanager

# Why the cluster is not up: the end of each log of a process that died or never got going.
explain_failure() {
  for name in jobmanager taskmanager; do
    echo "--- $name: the last lines of $DIR/log/$name.out and the errors in $name.log" >&2
    tail -n 20 "$DIR/log/$name.out" >&2 2>/dev/null || true
    grep -E 'ERROR|Exception|Caused by' "$DIR/log/$name.log" 2>/dev/null | tail -n 20 >&2 || true
  done
}

for _ in $(seq 1 120); do
  for name in jobmanager taskmanager; do
    if ! kill -0 "$(cat "$DIR/$name.pid")" 2>/dev/null; then
      echo "The $name process exited while the cluster was starting." >&2
      explain_failure
      stop_cluster
      exit 1
    fi
  done
  if curl -sf "http://localhost:$REST_PORT/taskmanagers" 2>/dev/null | grep -q '"id"'; then
    echo "Flink cluster up: web UI and REST at http://localhost:$REST_PORT, checkpoints in $DIR/checkpoints, logs in $DIR/log." >&2
    echo "Submit: bin/flink-cdc.sh PIPELINE.yaml --target remote -D rest.address=localhost -D rest.port=$REST_PORT" >&2
    exit 0
  fi
  sleep 0.5
done
echo "The cluster did not come up within 60 s; see $DIR/log." >&2
explain_failure
stop_cluster
exit 1
