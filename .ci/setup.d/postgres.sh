#!/usr/bin/env bash
# Start a real local PostgreSQL on loopback for the hand-log tests and create
# the role/database they use (postgresql://pitboss:pitboss@127.0.0.1:5432/pitboss_test).
# Idempotent: fine to run again while the server is already up.
set -euo pipefail

if ! command -v pg_lsclusters >/dev/null 2>&1; then
    echo "postgres.sh: the Debian postgresql package is not installed (.ci/apt-packages.txt)" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

# Newest installed server version (e.g. 15, 16, 17).
version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main"; then
    $SUDO pg_createcluster "$version" main >/dev/null
fi
status="$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}')"
if [ "$status" != "online" ]; then
    $SUDO pg_ctlcluster "$version" main start
fi

# Wait until the server accepts connections (a fresh cluster takes a moment).
for _ in $(seq 1 30); do
    if $SUDO su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1; then break; fi
    sleep 1
done

psql_as_postgres() { $SUDO su postgres -c "psql -v ON_ERROR_STOP=1 -qAt -c \"$1\""; }
if [ "$(psql_as_postgres "select 1 from pg_roles where rolname='pitboss'")" != "1" ]; then
    psql_as_postgres "create role pitboss login password 'pitboss' createdb"
fi
if [ "$(psql_as_postgres "select 1 from pg_database where datname='pitboss_test'")" != "1" ]; then
    psql_as_postgres "create database pitboss_test owner pitboss"
fi
echo "postgres.sh: PostgreSQL $version up on 127.0.0.1:5432, database pitboss_test ready"
