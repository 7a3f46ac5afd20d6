#!/usr/bin/env bash
# Gives the local PostgreSQL one login that needs its password (the machine's server trusts every
# local connection): the role e2e_pg_password, password 'right', checked with scram-sha-256 by a
# pg_hba.conf line of its own placed before the trust lines. Idempotent; for the machine's own
# server only (the tests call it when they run against it).
#   e2e-tests/postgres-pipelines/require-password.sh
set -euo pipefail

psql_q() { psql -h 127.0.0.1 -U postgres -d postgres -XAtq -c "$1"; }

psql_q "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'e2e_pg_password') THEN
    CREATE ROLE e2e_pg_password LOGIN;
  END IF;
  SET LOCAL password_encryption = 'scram-sha-256';
  ALTER ROLE e2e_pg_password NOSUPERUSER PASSWORD 'right';
END \$\$"

hba="$(psql_q 'SHOW hba_file')"
rule='host all e2e_pg_password 127.0.0.1/32 scram-sha-256'
if ! grep -qxF "$rule" "$hba"; then
  # pg_hba.conf takes the first line that matches: this one goes before every other
  { echo "$rule"; cat "$hba"; } > "$hba.schemaop-new"
  cat "$hba.schemaop-new" > "$hba" # the file keeps its owner and mode
  rm -f "$hba.schemaop-new"
  psql_q 'SELECT pg_reload_conf()' > /dev/null
fi
