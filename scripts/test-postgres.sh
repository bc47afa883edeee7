#!/usr/bin/env bash
# Prints the PostgreSQL URL the server tests should use besides PGlite, starting the local cluster first when
# PostgreSQL is installed (as on CI, where .ci/run installs it). Prints nothing when no server is available.
#   TEST_DATABASE_URL set      -> used as it is
#   Debian postgresql package  -> starts the cluster and creates the role `portal` (needs root)
set -uo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then echo "$TEST_DATABASE_URL"; exit 0; fi
command -v pg_lsclusters >/dev/null 2>&1 || exit 0
cluster=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $1" "$2" "$3" "$4}')
[ -n "$cluster" ] || exit 0
read -r version name port status <<<"$cluster"
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sudo -n -u postgres sh -c "$1"; fi; }
if [ "$status" != online ]; then
  if [ "$(id -u)" = 0 ]; then pg_ctlcluster "$version" "$name" start >/dev/null 2>&1 || exit 0
  else exit 0; fi
fi
as_postgres "psql -p $port -tAc \"select 1 from pg_roles where rolname = 'portal'\"" 2>/dev/null | grep -q 1 ||
  as_postgres "psql -p $port -qc \"create role portal login superuser password 'portal'\"" >/dev/null 2>&1 || exit 0
echo "postgres://portal:portal@localhost:$port/postgres"
