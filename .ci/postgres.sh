#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on 127.0.0.1 for the store contract tests.
# Prints one line: "DSN DATA_DIR PG_CTL" (stop it with: runuser -u postgres -- PG_CTL -D DATA_DIR stop).
# Installs Debian's postgresql package when the server binaries are missing.
# fsync is off (tests need no durability) unless AWAW_PG_FSYNC=on (benchmarks: figures as a real server gives them).
set -euo pipefail
# A free loopback port, unless one is given.
PORT="${AWAW_PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
if ! command -v pg_ctl >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2
fi
BIN="$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1)")"
[ -x "$BIN/pg_ctl" ] || BIN="$(dirname "$(command -v pg_ctl)")"
id postgres >/dev/null 2>&1 || useradd --system --create-home postgres
DATA="$(mktemp -d /tmp/awaw-pg.XXXXXX)"
chown postgres "$DATA"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg "$BIN/initdb" -D "$DATA/data" -U postgres --auth=trust >/dev/null
as_pg "$BIN/pg_ctl" -D "$DATA/data" -o "-p $PORT -k $DATA -c listen_addresses=127.0.0.1 -c fsync=${AWAW_PG_FSYNC:-off}" -l "$DATA/log" -w start >/dev/null
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres awaw_test
echo "postgresql://postgres@127.0.0.1:$PORT/awaw_test $DATA/data $BIN/pg_ctl"
