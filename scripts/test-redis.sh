#!/usr/bin/env bash
# Starts a throwaway Redis server on loopback for the shared rate-limit counter tests, or stops it.
#   eval "$(scripts/test-redis.sh start)"   -> exports TEST_REDIS_URL and TEST_REDIS_DIR
#   scripts/test-redis.sh stop "$TEST_REDIS_DIR"
set -euo pipefail
PORT="${TEST_REDIS_PORT:-63799}"

case "${1:-start}" in
  start)
    if ! command -v redis-server >/dev/null; then
      echo "echo 'Redis is not installed (apt-get install -y redis-server)' >&2; false"
      exit 1
    fi
    DIR="$(mktemp -d /tmp/portal-redis.XXXXXX)"
    redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes \
      --dir "$DIR" --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" >/dev/null
    for _ in $(seq 1 50); do
      redis-cli -p "$PORT" ping >/dev/null 2>&1 && break
      sleep 0.1
    done
    echo "export TEST_REDIS_DIR='$DIR'"
    echo "export TEST_REDIS_URL='redis://127.0.0.1:$PORT'"
    ;;
  stop)
    DIR="${2:?usage: test-redis.sh stop DIR}"
    [ -f "$DIR/redis.pid" ] && kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true
    rm -rf "$DIR"
    ;;
esac
