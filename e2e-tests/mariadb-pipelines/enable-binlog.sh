#!/usr/bin/env bash
# Turns on the local MariaDB's binlog the way the mariadb source needs it (ROW format, FULL row
# images), idempotently: a server that already has it is left alone; otherwise the settings go
# into /etc/mysql/my.cnf (once) and the server is restarted. For the machine's own MariaDB, which
# starts without a binlog; a server given through SCHEMAOP_MARIADB_* is the user's to configure.
#   e2e-tests/mariadb-pipelines/enable-binlog.sh
set -euo pipefail

CNF=/etc/mysql/my.cnf
MARK="# flink-schema-operator: binlog for change data capture"
mysql_q() { mysql -h127.0.0.1 -uroot -N -B -e "$1"; }

if [[ "$(mysql_q 'SELECT CONCAT(IF(@@log_bin, 1, 0), @@binlog_format, @@binlog_row_image)' 2>/dev/null)" == "1ROWFULL" ]]; then
  exit 0
fi

if ! grep -qF "$MARK" "$CNF"; then
  cat >> "$CNF" <<CNF

$MARK
[mysqld]
log_bin = mysql-bin
binlog_format = ROW
binlog_row_image = FULL
server_id = 1
expire_logs_days = 1
CNF
fi

echo "Restarting MariaDB with its binlog on ($CNF)..." >&2
mysqladmin -h127.0.0.1 -uroot shutdown 2>/dev/null || true
for _ in $(seq 1 60); do
  pgrep -x mariadbd >/dev/null || break
  sleep 0.5
done
start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
for _ in $(seq 1 120); do
  if mysqladmin -h127.0.0.1 -uroot ping >/dev/null 2>&1; then
    state="$(mysql_q 'SELECT CONCAT(IF(@@log_bin, 1, 0), @@binlog_format, @@binlog_row_image)')"
    if [[ "$state" == "1ROWFULL" ]]; then
      exit 0
    fi
    echo "MariaDB restarted but its binlog is not ROW/FULL ($state); check $CNF" >&2
    exit 1
  fi
  sleep 0.5
done
echo "MariaDB did not come back within 60 s; see /var/log/mysql/error.log" >&2
exit 1
