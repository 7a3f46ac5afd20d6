#!/usr/bin/env bash
# Turns on logical decoding on the local PostgreSQL the way the postgres source needs it
# (wal_level=logical, room for replication slots and senders), idempotently: a server that already
# has it is left alone; otherwise ALTER SYSTEM sets it and the server is restarted. For the
# machine's own PostgreSQL; a server given through SCHEMAOP_POSTGRES_* is the user's to configure.
#   e2e-tests/postgres-pipelines/enable-logical-wal.sh
set -euo pipefail

psql_q() { psql -h 127.0.0.1 -U postgres -d postgres -XAtq -c "$1"; }

if [[ "$(psql_q 'SHOW wal_level')" == "logical" ]]; then
  exit 0
fi

psql_q "ALTER SYSTEM SET wal_level = 'logical'"
# the defaults (10 each) are enough for the tests; a server that has fewer gets 10
if (( $(psql_q 'SHOW max_replication_slots') < 10 )); then psql_q "ALTER SYSTEM SET max_replication_slots = 10"; fi
if (( $(psql_q 'SHOW max_wal_senders') < 10 )); then psql_q "ALTER SYSTEM SET max_wal_senders = 10"; fi

echo "Restarting PostgreSQL with wal_level=logical..." >&2
version="$(ls /etc/postgresql | sort -n | tail -1)"
pg_ctlcluster --skip-systemctl-redirect "$version" main restart
for _ in $(seq 1 120); do
  if state="$(psql_q 'SHOW wal_level' 2>/dev/null)"; then
    if [[ "$state" == "logical" ]]; then
      exit 0
    fi
    echo "PostgreSQL restarted but wal_level is '$state'; check postgresql.auto.conf" >&2
    exit 1
  fi
  sleep 0.5
done
echo "PostgreSQL did not come back within 60 s; see /var/log/postgresql/" >&2
exit 1
