#!/usr/bin/env bash
# A second PostgreSQL server on this machine, port 5439, with wal_level=replica (PostgreSQL's
# default), for the one test that shows the postgres source's message about it: the machine's own
# server runs with wal_level=logical, which only a restart changes. Made once (a cluster
# 'e2e_replica_wal' of the newest installed version, trusting local logins), started and stopped
# by the test; idempotent.
#   e2e-tests/postgres-pipelines/replica-wal-server.sh start|stop
set -euo pipefail

name=e2e_replica_wal
port=5439
version="$(ls /etc/postgresql | sort -n | tail -1)"

online() { pg_lsclusters -h | awk -v v="$version" -v n="$name" '$1 == v && $2 == n && $4 ~ /^online/' | grep -q .; }

case "${1:-}" in
  start)
    if [ ! -d "/etc/postgresql/$version/$name" ]; then
      pg_createcluster "$version" "$name" --port "$port" --start-conf manual \
        --pgoption wal_level=replica --pgoption shared_buffers=16MB --pgoption max_connections=20 \
        -- --auth-local=trust --auth-host=trust > /dev/null
    fi
    online || pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start
    for _ in $(seq 1 120); do
      if seen="$(psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -XAtq \
          -c 'SHOW data_directory' -c 'SHOW wal_level' 2> /dev/null | tr '\n' ' ')"; then
        # the server on the port must be this cluster, as made here
        if [ "$seen" != "/var/lib/postgresql/$version/$name replica " ]; then
          echo "Port $port answers with data directory and wal_level: $seen; expected the test" \
            "server $name with wal_level=replica. Drop it (pg_dropcluster --stop $version $name)" \
            "or free the port, and run again." >&2
          exit 1
        fi
        exit 0
      fi
      sleep 0.5
    done
    echo "The test server $name did not accept connections on port $port within 60 s; see /var/log/postgresql/" >&2
    exit 1
    ;;
  stop)
    ! online || pg_ctlcluster --skip-systemctl-redirect "$version" "$name" stop
    ;;
  *)
    echo "Usage: $0 start|stop" >&2
    exit 2
    ;;
esac
