#!/usr/bin/env bash
# Run the test suite on PostgreSQL: start a throwaway cluster from Debian's postgresql package
# in a temporary folder (unix socket only, in that folder), point the tests at it with
# SCOREKEEPER_TEST_DATABASE_URL, and remove the cluster afterwards, whatever happened.
# Usage: tests/run_postgres.sh [python] [pytest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-.venv/bin/python}
shift || true

BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
	echo "run_postgres.sh: Debian's postgresql is not installed (make test-setup installs it)" >&2
	exit 1
fi

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user then
if [ "$(id -u)" = 0 ]; then
	OWNER=postgres
	as_owner() { runuser -u "$OWNER" -- "$@"; }
else
	OWNER=$(id -un)
	as_owner() { "$@"; }
fi

DIR=$(mktemp -d "${TMPDIR:-/tmp}/scorekeeper-pg.XXXXXX")
chmod 755 "$DIR"
[ "$(id -u)" = 0 ] && chown "$OWNER" "$DIR"
cleanup() {
	as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
	rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

as_owner "$BIN/initdb" -D "$DIR/data" -U "$OWNER" -A trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
	|| { cat "$DIR/initdb.log" >&2; exit 1; }
# no TCP at all: the socket lives in the cluster's own folder; fsync off, the data is thrown away;
# no autovacuum: its worker on the template database made each CREATE DATABASE from it wait for it to leave
as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
	-o "-c listen_addresses='' -c unix_socket_directories='$DIR' -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c autovacuum=off" \
	>/dev/null || { cat "$DIR/server.log" >&2; exit 1; }

export SCOREKEEPER_TEST_DATABASE_URL="postgresql+psycopg://$OWNER@/postgres?host=$DIR"
# root runs the tests, the postgres user the server: root may connect as that user through the socket (trust)
"$PY" -m pytest -q "$@"
