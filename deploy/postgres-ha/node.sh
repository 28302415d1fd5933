#!/bin/sh
# pg-ha-node monitor | node NAME: runs one member of the cluster (docs/operations.md).
# A data node archives its WAL with pgBackRest into the shared repository (/backups) whenever it is
# the primary; `pg_autoctl run` after the first start, so a restarted container rejoins as a standby.
set -eu
role=$1
mkdir -p "$PGDATA"
cat > /var/lib/postgresql/pgbackrest.conf <<CONF
[global]
repo1-path=/backups
repo1-retention-full=2
start-fast=y
compress-type=lz4
[bgs]
pg1-path=$PGDATA
CONF
if [ -f "$XDG_CONFIG_HOME/pg_autoctl$PGDATA/pg_autoctl.cfg" ]; then exec pg_autoctl run --pgdata "$PGDATA"; fi
if [ "$role" = monitor ]; then
  # trust on the cluster's private network, as pg_auto_failover's own compose example; use
  # --auth scram-sha-256 with passwords (pg_autoctl config set replication.password) beyond it.
  pg_autoctl create monitor --pgdata "$PGDATA" --hostname "$(hostname)" --auth trust --ssl-self-signed
  # A lost node fails over in ~25 s instead of ~60 s (docs/operations.md §3: what sets it, and the
  # cost: failovers on network hiccups of 8 s); as scripts/failover/cluster.ts's MONITOR_SETTINGS.
  cat >> "$PGDATA/postgresql.conf" <<CONF
pgautofailover.health_check_period = 2000
pgautofailover.health_check_timeout = 2000
pgautofailover.health_check_retry_delay = 1000
pgautofailover.node_considered_unhealthy_timeout = 8000
pgautofailover.primary_demote_timeout = 10000
CONF
  exec pg_autoctl run --pgdata "$PGDATA"
fi
name=$2
pg_autoctl create postgres --pgdata "$PGDATA" --name "$name" --hostname "$(hostname)" --dbname boardgames \
  --auth trust --ssl-self-signed --monitor "postgres://autoctl_node@pg-monitor:5432/pg_auto_failover?sslmode=require"
# WAL archiving needs a restart: set before the service first runs (a standby's copy carries it too;
# only the primary archives).
# Below the monitor's primary_demote_timeout (10 s): a cut-off primary stops before the standby writes.
pg_autoctl config set --pgdata "$PGDATA" timeout.network_partition_timeout 8
cat >> "$PGDATA/postgresql.conf" <<CONF
archive_mode = on
archive_command = 'pgbackrest --config=/var/lib/postgresql/pgbackrest.conf --stanza=bgs archive-push %p'
archive_timeout = 60
CONF
exec pg_autoctl run --pgdata "$PGDATA"
