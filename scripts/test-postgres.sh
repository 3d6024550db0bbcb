#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on loopback for the DATABASE_URL tests, or stops it.
#   eval "$(scripts/test-postgres.sh start)"   -> exports TEST_DATABASE_URL and TEST_PG_DIR
#   scripts/test-postgres.sh stop "$TEST_PG_DIR"
set -euo pipefail
PORT="${TEST_PG_PORT:-54329}"
bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

case "${1:-start}" in
  start)
    BIN="$(bin_dir)"
    if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
      echo "echo 'PostgreSQL is not installed (apt-get install -y postgresql)' >&2; false"
      exit 1
    fi
    DIR="$(mktemp -d /tmp/portal-pg.XXXXXX)"
    AS=()
    if [ "$(id -u)" = "0" ]; then
      chown postgres "$DIR"
      AS=(runuser -u postgres --)
    fi
    "${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U portal --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1
    "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
    echo "export TEST_PG_DIR='$DIR'"
    echo "export TEST_DATABASE_URL='postgres://portal@127.0.0.1:$PORT/postgres'"
    ;;
  stop)
    DIR="${2:?usage: test-postgres.sh stop DIR}"
    AS=()
    [ "$(id -u)" = "0" ] && AS=(runuser -u postgres --)
    "${AS[@]}" "$(bin_dir)/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
esac
