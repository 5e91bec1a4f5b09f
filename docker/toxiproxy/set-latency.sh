#!/bin/sh
# The compose `toxiproxy-latency` service (a curl image, so POSIX sh): keeps one latency toxic on each of the two
# links the bench slows down, the way scripts/bench.sh's set_latency does — on the way back, so once per round
# trip. Toxics live in toxiproxy's memory only: a restarted toxiproxy has none, so this keeps watching and puts
# them back (see docker-compose.yml). New values: REDIS_LATENCY_MS=5 AUTH_LATENCY_MS=100 docker compose up -d
# toxiproxy-latency (the changed environment recreates this container, which replaces the toxics).
#   set-latency.sh          set the toxics, then check every 5 s and set them again when they differ
#   set-latency.sh check    exit 0 only if both links carry the configured latency now (the healthcheck)
# The proxies themselves come from docker/toxiproxy/toxiproxy.json, loaded by toxiproxy at start.
set -eu

: "${TOXIPROXY_URL:?}" "${REDIS_LATENCY_MS:?}" "${AUTH_LATENCY_MS:?}"

for ms in "$REDIS_LATENCY_MS" "$AUTH_LATENCY_MS"; do
  case "$ms" in
    '' | *[!0-9]*) echo "latency must be a whole number of milliseconds, was '$ms'" >&2; exit 2 ;;
  esac
done

# Whether the proxy's latency toxic is what it should be (absent when the latency is 0).
in_place() {
  proxy=$1 ms=$2
  toxic=$(curl -fsS --max-time 2 "$TOXIPROXY_URL/proxies/$proxy/toxics/latency" 2>/dev/null) || toxic=
  if [ "$ms" = 0 ]; then
    [ -z "$toxic" ]
  else
    case "$toxic" in
      *"\"latency\":$ms,"* | *"\"latency\":$ms}"*) return 0 ;;
      *) return 1 ;;
    esac
  fi
}

set_latency() {
  proxy=$1 ms=$2
  curl -fsS --max-time 2 -o /dev/null -X DELETE "$TOXIPROXY_URL/proxies/$proxy/toxics/latency" 2>/dev/null || true
  if [ "$ms" != 0 ]; then
    curl -fsS --max-time 2 -o /dev/null -X POST -H 'Content-Type: application/json' \
      "$TOXIPROXY_URL/proxies/$proxy/toxics" \
      -d "{\"name\":\"latency\",\"type\":\"latency\",\"stream\":\"downstream\",\"attributes\":{\"latency\":$ms,\"jitter\":0}}"
  fi
  echo "toxiproxy: +$ms ms per round trip on the $proxy link"
}

keep() {
  proxy=$1 ms=$2
  in_place "$proxy" "$ms" || set_latency "$proxy" "$ms" || echo "toxiproxy: cannot set the $proxy link yet" >&2
}

if [ "${1:-}" = check ]; then
  in_place redis "$REDIS_LATENCY_MS" && in_place auth "$AUTH_LATENCY_MS"
  exit
fi

# PID 1 in its container: leave at once on `docker compose stop` instead of being killed after 10 s.
trap 'exit 0' TERM INT
while :; do
  keep redis "$REDIS_LATENCY_MS"
  keep auth "$AUTH_LATENCY_MS"
  sleep 5 &
  wait $!
done
