#!/bin/sh
# The compose `toxiproxy-latency` service (a curl image, so POSIX sh): puts one latency toxic on each of the two
# links the bench slows down, the way scripts/bench.sh's set_latency does — on the way back, so once per round
# trip. Idempotent: an existing toxic is removed first, so re-running it with other values just changes them:
#   REDIS_LATENCY_MS=5 AUTH_LATENCY_MS=100 docker compose up toxiproxy-latency
# The proxies themselves come from docker/toxiproxy/toxiproxy.json, loaded by toxiproxy at start.
set -eu

: "${TOXIPROXY_URL:?}" "${REDIS_LATENCY_MS:?}" "${AUTH_LATENCY_MS:?}"

set_latency() {
  proxy=$1 ms=$2
  case "$ms" in
    '' | *[!0-9]*) echo "latency for the $proxy link must be a whole number of milliseconds, was '$ms'" >&2; exit 2 ;;
  esac
  curl -fsS -o /dev/null -X DELETE "$TOXIPROXY_URL/proxies/$proxy/toxics/latency" 2>/dev/null || true
  if [ "$ms" != 0 ]; then
    curl -fsS -o /dev/null -X POST -H 'Content-Type: application/json' "$TOXIPROXY_URL/proxies/$proxy/toxics" \
      -d "{\"name\":\"latency\",\"type\":\"latency\",\"stream\":\"downstream\",\"attributes\":{\"latency\":$ms,\"jitter\":0}}"
  fi
  echo "toxiproxy: +$ms ms per round trip on the $proxy link"
}

set_latency redis "$REDIS_LATENCY_MS"
set_latency auth "$AUTH_LATENCY_MS"
