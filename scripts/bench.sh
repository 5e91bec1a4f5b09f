# shellcheck shell=bash
# `./kit bench` and `./kit sweep`: sourced by ./kit (which provides log, die, start, stop, wait_http, the tool
# installers, start_rnacos / start_backends / start_gateways / start_nginx and bench_cli). Orchestration only: the
# numbers (and the timed mode switch of --flip-at) are the Java CLI's in gatling/
# (dev.gatewaykit.bench.cli.BenchCli), which has tests.

SIMULATION="dev.gatewaykit.bench.simulation.ProductBrowseSimulation"

bench_usage() {
  cat <<'USAGE'
Usage: ./kit bench [options]

Reproduces a production incident in which a Spring Cloud Gateway filter called Redis and a token service
synchronously on the event loops (75 TPS, responses over 2 s; 1100 TPS and 200 ms once fixed): for each mode,
starts the gateway behind nginx with its Redis and auth-service links going through toxiproxy, runs Gatling until
the throughput is steady, measures, and reports TPS, latency and the Little's-law prediction side by side.

Options (the defaults reproduce the incident):
  --modes LIST           comma-separated: naive, fixed, blocking, publish-on, bounded-elastic, reactive
                         (default naive,fixed; not with --flip-at)
  --discovery static|nacos  how the gateway finds auth-service and mall-api: static URLs (default), or rnacos
                         (a Nacos server, started too; built once with cargo if missing) with lb:// routes and the
                         gateway's mode in Nacos config gateway.yaml
  --flip-at S            one run named "flip" instead of --modes: the gateway starts as profile fixed in mode
                         blocking and is switched to reactive S seconds into the measured window (S < --duration),
                         via POST /actuator/kit (static) or Nacos config (nacos), confirmed on GET /actuator/kit
                         within 10 s; the report marks the switch and shows TPS/p99 before and after it. Exit 1 if
                         the switch was not confirmed
  --users N              closed model: concurrent virtual users looping (default 150: the incident's 75 TPS
                         at 2 s each is 150 requests in flight)
  --rate R               open model instead: constant arrival rate, requests/s
  --duration S           measured window in seconds (default 60; --quick 15)
  --warmup auto|S        warm-up, excluded from the figures: auto (default) runs until the mean throughput of
                         the last 10 s is within 5 % of the 10 s before (at least 20 s), or S seconds exactly
  --max-warmup S         the longest an auto warm-up may run; the report says when it ran out (default 150;
                         --quick 40, whose figures are for smoke tests, not for quoting)
  --redis-latency MS     latency toxiproxy adds per round trip on the gateway → Redis link (default 1)
  --auth-latency MS      latency per round trip on the gateway → auth-service link (default 50)
  --nginx naive|tuned    nginx configuration (default tuned)
  --ceiling | --no-ceiling  also measure nginx → mall-api without the gateway for 20 s (default: on, off with
                         --quick)
  --quick                short run for CI
  --out DIR              where results go (default target/kit/<timestamp>)
  --compare FILE         compare with an earlier summary.json; exit 1 on regression
  --max-tps-drop PCT     compare threshold (default 10)
  --max-p99-rise PCT     compare threshold (default 20)
  --min-ratio R          exit 1 if fixed/naive TPS ratio is below R (CI sanity bound)
USAGE
}

# toxiproxy: one proxy per link, a latency toxic on the way back (one per round trip).
toxi() { curl -fsS --max-time 5 -H 'Content-Type: application/json' "$@"; }

start_toxiproxy() {
  need_toxiproxy
  TOXI_PORT="$(free_port)"
  start toxiproxy "$KIT_DIR/logs/toxiproxy.log" "$TOXIPROXY_BIN" -host 127.0.0.1 -port "$TOXI_PORT"
  wait_http toxiproxy "http://127.0.0.1:$TOXI_PORT/version"
  TOXI_REDIS_PORT="$(free_port)"; TOXI_AUTH_PORT="$(free_port)"
  toxi -X POST "http://127.0.0.1:$TOXI_PORT/proxies" \
    -d "{\"name\":\"redis\",\"listen\":\"127.0.0.1:$TOXI_REDIS_PORT\",\"upstream\":\"127.0.0.1:$REDIS_PORT\",\"enabled\":true}" >/dev/null
  toxi -X POST "http://127.0.0.1:$TOXI_PORT/proxies" \
    -d "{\"name\":\"auth\",\"listen\":\"127.0.0.1:$TOXI_AUTH_PORT\",\"upstream\":\"127.0.0.1:$AUTH_PORT\",\"enabled\":true}" >/dev/null
}

set_latency() {
  local proxy=$1 ms=$2
  curl -fsS --max-time 5 -X DELETE "http://127.0.0.1:$TOXI_PORT/proxies/$proxy/toxics/latency" >/dev/null 2>&1 || true
  if [ "$ms" != "0" ]; then
    toxi -X POST "http://127.0.0.1:$TOXI_PORT/proxies/$proxy/toxics" \
      -d "{\"name\":\"latency\",\"type\":\"latency\",\"stream\":\"downstream\",\"attributes\":{\"latency\":$ms,\"jitter\":0}}" >/dev/null
  fi
}

# run_gatling DIR TARGET BASE_URL LABEL [EXTRA -D...] — runs the simulation in its own JVM straight from the bench
# class path (no Maven at bench time); its figures land in DIR, Gatling's own HTML report in DIR/gatling.
run_gatling() {
  local dir=$1 target=$2 base_url=$3 label=$4; shift 4
  mkdir -p "$dir"
  local load=(-Dbench.model=closed -Dbench.users="$B_USERS")
  [ -n "$B_RATE" ] && load=(-Dbench.model=open -Dbench.rate="$B_RATE")
  local results="$dir/gatling-results"
  rm -rf "$results"
  # The --add-opens are what Gatling's own launchers pass: its log writer reads String internals.
  # shellcheck disable=SC2086 # GATLING_JVM_OPTS is a list of options
  java $GATLING_JVM_OPTS --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
    --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED -cp "$(bench_classpath)" \
    -Dbench.baseUrl="$base_url" -Dbench.target="$target" "${load[@]}" \
    -Dbench.warmupSeconds="$B_WARMUP" -Dbench.maxWarmupSeconds="$B_MAX_WARMUP" -Dbench.durationSeconds="$B_DURATION" \
    -Dbench.requestTimeoutMs="$B_REQUEST_TIMEOUT_MS" \
    -Dbench.usersCsv="$KIT_DIR/demo-users.csv" -Dbench.label="$label" -Dbench.out="$dir" "$@" \
    io.gatling.app.Gatling -s "$SIMULATION" -rf "$results" -l kit 2>&1 |
    tee "$dir/gatling.out" | grep -F "[$label]" >&2 || true
  local report; report="$(find "$results" -mindepth 1 -maxdepth 1 -type d -print -quit 2>/dev/null || true)"
  [ -n "$report" ] && mv "$report" "$dir/gatling" && rmdir "$results" 2>/dev/null
  [ -s "$dir/measured.json" ] || die "the simulation wrote no $dir/measured.json; its output: $dir/gatling.out"
}

# start_socket_sampler DIR — samples the first gateway's connections (unread bytes per nginx → gateway connection)
# into DIR/sockets.jsonl until stop_socket_sampler, or by itself after the longest the run can last.
start_socket_sampler() {
  local dir=$1
  # shellcheck disable=SC2086 # SAMPLER_JVM_OPTS is a list of options
  start sockets "$dir/sockets.out" java $SAMPLER_JVM_OPTS -cp "$(bench_classpath)" dev.gatewaykit.bench.BenchCli \
    sample-sockets --port "$GATEWAY_PORT" --out "$dir/sockets.jsonl" --interval-ms 500 --max-seconds $((B_MAX_WARMUP + B_DURATION + 180))
}

stop_socket_sampler() { stop sockets; }

# bench_mode MODE [NAME] — one gateway mode, start to summary, in $B_OUT/NAME (default MODE; a sweep point is
# MODE@<latency>ms, with B_AUTH_LATENCY set to its latency).
bench_mode() {
  local mode=$1 name=${2:-$1}
  local dir="$B_OUT/$name"
  mkdir -p "$dir"
  log "── $name: starting gateway (redis link +${B_REDIS_LATENCY} ms, auth link +${B_AUTH_LATENCY} ms, $DISCOVERY discovery)"
  start_gateways "$mode" "$TOXI_REDIS_PORT" "http://127.0.0.1:$TOXI_AUTH_PORT" "$dir"
  curl -fsS --max-time 5 "http://127.0.0.1:$GATEWAY_MGMT_PORT/actuator/kit" >"$dir/gateway.json"
  start_nginx "$B_NGINX" "$(gateway_upstreams)" "$dir/nginx"
  log "── $name: Gatling, warm-up $B_WARMUP (at most ${B_MAX_WARMUP}s) + ${B_DURATION}s measured"
  start_socket_sampler "$dir"
  run_gatling "$dir" gateway "http://127.0.0.1:$NGINX_PORT" "$name" \
    -Dbench.gatewayMetricsUrl="http://127.0.0.1:$GATEWAY_MGMT_PORT/actuator/prometheus"
  stop_socket_sampler
  curl -fsS --max-time 5 "http://127.0.0.1:$GATEWAY_MGMT_PORT/actuator/prometheus" >"$dir/gateway-metrics.txt" 2>/dev/null || true
  stop nginx; stop_group gateway
  bench_cli summarize-mode --dir "$dir" --mode "$mode" --redis-latency-ms "$B_REDIS_LATENCY" \
    --auth-latency-ms "$B_AUTH_LATENCY" >/dev/null
}

# bench_flip — one gateway, profile fixed but mode blocking (so the mode is the only difference), switched to
# reactive B_FLIP_AT seconds into the measured window by `BenchCli flip`, which runs beside Gatling: it waits for
# the simulation's phase.json, switches (actuator or Nacos config), confirms on GET /actuator/kit and writes
# flip.json. Sets B_FLIP_ERROR when the switch was not confirmed.
bench_flip() {
  local dir="$B_OUT/flip" via=actuator
  [ "$DISCOVERY" = nacos ] && via=nacos
  mkdir -p "$dir"
  rm -f "$dir/phase.json" "$dir/flip.json"
  log "── flip: gateway starts blocking (profile fixed) and is switched to reactive via $via ${B_FLIP_AT}s into the window"
  start_gateways fixed:blocking "$TOXI_REDIS_PORT" "http://127.0.0.1:$TOXI_AUTH_PORT" "$dir"
  curl -fsS --max-time 5 "http://127.0.0.1:$GATEWAY_MGMT_PORT/actuator/kit" >"$dir/gateway.json"
  start_nginx "$B_NGINX" "$(gateway_upstreams)" "$dir/nginx"
  local flip=(flip --dir "$dir" --at "$B_FLIP_AT" --from blocking --to reactive --via "$via"
    --management "$(gateway_management_urls)" --confirm-timeout 10)
  [ "$via" = nacos ] && flip+=(--nacos "$NACOS_URL")
  start flip "$dir/flip.out" java -cp "$(bench_classpath)" dev.gatewaykit.bench.BenchCli "${flip[@]}"
  local flipper; flipper="$(pid_of flip)"
  log "── flip: Gatling, warm-up $B_WARMUP (at most ${B_MAX_WARMUP}s) + ${B_DURATION}s measured"
  run_gatling "$dir" gateway "http://127.0.0.1:$NGINX_PORT" flip
  # The switch is due inside the window, so the flipper has finished or is confirming; without phase.json the
  # browsing never started and it would wait in vain.
  [ -f "$dir/phase.json" ] || stop flip
  local status=0
  wait "$flipper" 2>/dev/null || status=$?
  rm -f "$PID_DIR/flip.pid"
  sed 's/^/[flip] /' "$dir/flip.out" >&2
  curl -fsS --max-time 5 "http://127.0.0.1:$GATEWAY_MGMT_PORT/actuator/kit" >"$dir/gateway-after.json" 2>/dev/null || true
  curl -fsS --max-time 5 "http://127.0.0.1:$GATEWAY_MGMT_PORT/actuator/prometheus" >"$dir/gateway-metrics.txt" 2>/dev/null || true
  stop nginx; stop_group gateway
  bench_cli summarize-mode --dir "$dir" --mode flip --redis-latency-ms "$B_REDIS_LATENCY" \
    --auth-latency-ms "$B_AUTH_LATENCY" >/dev/null
  if [ "$status" -ne 0 ]; then
    B_FLIP_ERROR="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["error"])' "$dir/flip.json" 2>/dev/null ||
      echo "the flipper exited with $status; see $dir/flip.out")"
  fi
}

bench_ceiling() {
  local dir="$B_OUT/ceiling"
  mkdir -p "$dir"
  # 20 s at most: the ceiling only says whether the injector, nginx or mall-api could be what limits the gateway.
  local duration=$((B_DURATION < 20 ? B_DURATION : 20))
  log "── ceiling: nginx → mall-api without the gateway for ${duration}s (is the injector or the box the limit?)"
  start_nginx "$B_NGINX" "127.0.0.1:$MALL_PORT" "$dir/nginx"
  # A fixed 5 s warm-up: nginx and mall-api have just served both modes, so the path is already compiled.
  run_gatling "$dir" ceiling "http://127.0.0.1:$NGINX_PORT" ceiling -Dbench.durationSeconds="$duration" \
    -Dbench.warmupSeconds=5
  stop nginx
  bench_cli summarize-mode --dir "$dir" --mode ceiling --redis-latency-ms 0 --auth-latency-ms 0 >/dev/null
}

write_params() {
  cat >"$B_OUT/params.json" <<JSON
{"modes":"$(join , "${B_MODE_LIST[@]}")","model":"$([ -n "$B_RATE" ] && echo open || echo closed)","users":$B_USERS,"rate":${B_RATE:-null},
 "warmup":"$B_WARMUP","maxWarmupSeconds":$B_MAX_WARMUP,"requestTimeoutMs":$B_REQUEST_TIMEOUT_MS,"durationSeconds":$B_DURATION,"redisLatencyMs":$B_REDIS_LATENCY,"authLatencyMs":$B_AUTH_LATENCY,
 "nginx":"$B_NGINX","quick":$B_QUICK,"ceiling":$B_CEILING,"discovery":"$DISCOVERY","flipAtSeconds":${B_FLIP_AT:-null},
 "gateways":$GATEWAYS,"mallApis":$MALL_APIS}
JSON
}

parse_bench_args() {
  B_MODES="naive,fixed"; B_USERS=150; B_MAX_WARMUP=""; B_REQUEST_TIMEOUT_MS=90000; B_RATE=""; B_DURATION=""; B_WARMUP=""; B_REDIS_LATENCY=1; B_AUTH_LATENCY=50
  B_NGINX=tuned; B_QUICK=false; B_CEILING=""; B_OUT=""; B_COMPARE=""; B_MAX_DROP=10; B_MAX_RISE=20; B_MIN_RATIO=""
  B_SWEEP="0,5,10,25,50,100"; B_FLIP_AT=""; B_MODES_GIVEN=""; B_FLIP_ERROR=""
  DISCOVERY=static; GATEWAYS=1; MALL_APIS=1; NACOS_URL=""
  while [ $# -gt 0 ]; do
    case "$1" in
      -h|--help) bench_usage; exit 0 ;;
      --modes) need_value "$1" "${2-}"; B_MODES="$2"; B_MODES_GIVEN=1; shift 2 ;;
      --discovery) need_value "$1" "${2-}"; DISCOVERY="$2"; shift 2 ;;
      --flip-at) need_value "$1" "${2-}"; B_FLIP_AT="${2%s}"; shift 2 ;;
      --users) need_value "$1" "${2-}"; B_USERS="$2"; shift 2 ;;
      --rate) need_value "$1" "${2-}"; B_RATE="$2"; shift 2 ;;
      --duration) need_value "$1" "${2-}"; B_DURATION="${2%s}"; shift 2 ;;
      --warmup) need_value "$1" "${2-}"; B_WARMUP="${2%s}"; shift 2 ;;
      --max-warmup) need_value "$1" "${2-}"; B_MAX_WARMUP="${2%s}"; shift 2 ;;
      --redis-latency) need_value "$1" "${2-}"; B_REDIS_LATENCY="${2%ms}"; shift 2 ;;
      --auth-latency) need_value "$1" "${2-}"; B_AUTH_LATENCY="${2%ms}"; shift 2 ;;
      --latencies) need_value "$1" "${2-}"; B_SWEEP="$2"; shift 2 ;;
      --nginx) need_value "$1" "${2-}"; B_NGINX="$2"; shift 2 ;;
      --quick) B_QUICK=true; shift ;;
      --ceiling) B_CEILING=true; shift ;;
      --no-ceiling) B_CEILING=false; shift ;;
      --out) need_value "$1" "${2-}"; B_OUT="$2"; shift 2 ;;
      --compare) need_value "$1" "${2-}"; B_COMPARE="$2"; shift 2 ;;
      --max-tps-drop) need_value "$1" "${2-}"; B_MAX_DROP="$2"; shift 2 ;;
      --max-p99-rise) need_value "$1" "${2-}"; B_MAX_RISE="$2"; shift 2 ;;
      --min-ratio) need_value "$1" "${2-}"; B_MIN_RATIO="$2"; shift 2 ;;
      *) die "unknown option $1 (./kit bench --help)" ;;
    esac
  done
  if $B_QUICK; then : "${B_DURATION:=15}" "${B_MAX_WARMUP:=40}" "${B_CEILING:=false}"; fi
  : "${B_DURATION:=60}" "${B_WARMUP:=auto}" "${B_MAX_WARMUP:=150}" "${B_CEILING:=true}"
  case "$B_NGINX" in naive|tuned) ;; *) die "--nginx must be naive or tuned" ;; esac
  [ "$B_WARMUP" = auto ] || [[ "$B_WARMUP" =~ ^[0-9]+$ ]] || die "--warmup must be auto or a whole number of seconds, was '$B_WARMUP'"
  [ "$B_MAX_WARMUP" -ge 20 ] 2>/dev/null || die "--max-warmup must be at least 20 s (two 10 s spans are compared), was '$B_MAX_WARMUP'"
  for n in "$B_USERS" "$B_DURATION" "$B_REDIS_LATENCY" "$B_AUTH_LATENCY"; do
    [[ "$n" =~ ^[0-9]+$ ]] || die "'$n' is not a whole number"
  done
  check_discovery "$DISCOVERY"
  IFS=',' read -r -a B_MODE_LIST <<<"$B_MODES"
  for mode in "${B_MODE_LIST[@]}"; do
    case "$mode" in naive|fixed|blocking|publish-on|bounded-elastic|reactive) ;; *) die "unknown mode '$mode'" ;; esac
  done
  if [ -n "$B_FLIP_AT" ]; then
    [ -z "$B_MODES_GIVEN" ] || die "--flip-at runs one gateway that starts blocking and switches to reactive; leave --modes out"
    [ -z "$B_MIN_RATIO" ] || die "--min-ratio compares fixed with naive, which a --flip-at run does not have"
    [[ "$B_FLIP_AT" =~ ^[0-9]+$ ]] && [ "$B_FLIP_AT" -ge 1 ] || die "--flip-at must be a whole number of seconds of at least 1, was '$B_FLIP_AT'"
    [ "$B_FLIP_AT" -lt "$B_DURATION" ] || die "--flip-at ${B_FLIP_AT}s must fall inside the measured window (--duration ${B_DURATION}s)"
    B_MODE_LIST=(flip)
  fi
  [ -z "$B_COMPARE" ] || [ -f "$B_COMPARE" ] || die "--compare: no such file $B_COMPARE"
  : "${B_OUT:=$KIT_DIR/$(date +%Y%m%d-%H%M%S)}"
  # Absolute: nginx's prefix and the forked Gatling JVM both resolve paths from elsewhere.
  mkdir -p "$B_OUT"; B_OUT="$(cd "$B_OUT" && pwd)"
}

bench_prepare() {
  mkdir -p "$KIT_DIR"
  refuse_if_running
  # chromium renders report.png; curl and python3 are what the kit itself checks health and finds free ports with.
  need_java; need_os_packages redis-server nginx chromium curl python3; need_toxiproxy
  [ "$DISCOVERY" = nacos ] && need_rnacos
  build_if_needed
  mkdir -p "$B_OUT"
  write_params
  trap 'stop_all' EXIT
  [ "$DISCOVERY" = nacos ] && start_rnacos
  start_backends
  start_toxiproxy
  set_latency redis "$B_REDIS_LATENCY"
  set_latency auth "$B_AUTH_LATENCY"
}

# timed NAME COMMAND... — runs the command and records how long it took in $B_OUT/phases.txt.
timed() {
  local name=$1 started=$SECONDS; shift
  "$@"
  log "phase '$name': $((SECONDS - started)) s"
  printf '%s\t%s\n' "$name" "$((SECONDS - started))" >>"$B_OUT/phases.txt"
}

cmd_bench() {
  parse_bench_args "$@"
  local started=$SECONDS
  rm -f "$B_OUT/phases.txt"
  timed "tools, build, stack start" bench_prepare
  if [ -n "$B_FLIP_AT" ]; then timed flip bench_flip; else for mode in "${B_MODE_LIST[@]}"; do timed "$mode" bench_mode "$mode"; done; fi
  if [ "$B_CEILING" = true ]; then timed ceiling bench_ceiling; fi
  for service in auth-service mall-api-1 redis toxiproxy rnacos; do cp "$KIT_DIR/logs/$service.log" "$B_OUT/" 2>/dev/null || true; done
  stop_all; trap - EXIT
  local tools=(--toxiproxy-server "$TOXIPROXY_BIN")
  { [ -n "${RNACOS_BIN:-}" ] || find_rnacos 2>/dev/null; } && tools+=(--rnacos "$RNACOS_BIN")
  timed report bench_cli report --run "$B_OUT" --repo "$ROOT" "${tools[@]}"
  timed screenshot bench_cli render-check --html "$B_OUT/report.html" --png "$B_OUT/report.png" >/dev/null ||
    log "warning: report.html could not be rendered in headless Chromium (is chromium installed?)"
  log "phases (s): $(tr '\t\n' '=,' <"$B_OUT/phases.txt" | sed 's/,$//')"
  log "done in $((SECONDS - started)) s: $B_OUT/report.html, $B_OUT/summary.json"
  echo "$B_OUT" >"$KIT_DIR/last-run"  # where the latest run is, for .ci/run and scripts
  local status=0
  if [ -n "$B_FLIP_ERROR" ]; then
    log "error: the mode switch was NOT confirmed: $B_FLIP_ERROR"
    status=1
  fi
  if [ -n "$B_MIN_RATIO" ]; then
    # A loose sanity bound on OK responses per second, valid or not: a naive run that hit nginx's read timeout
    # is INVALID for quoting but still says the fix is faster.
    python3 - "$B_OUT/summary.json" "$B_MIN_RATIO" <<'PY' || status=1
import json, sys
summary = json.load(open(sys.argv[1]))
tps = {m["mode"]: m["tps"] for m in summary["modes"]}
if "fixed" not in tps or "naive" not in tps or not tps["naive"]:
    sys.exit(f"--min-ratio needs a completed fixed and naive mode, got {sorted(tps)}")
ratio = tps["fixed"] / tps["naive"]
if ratio < float(sys.argv[2]):
    sys.exit(f"fixed/naive OK-throughput ratio {ratio:.1f} is below the bound {sys.argv[2]}")
print(f"fixed/naive OK-throughput ratio {ratio:.1f} >= {sys.argv[2]}")
PY
  fi
  if [ -n "$B_COMPARE" ]; then
    bench_cli compare --baseline "$B_COMPARE" --current "$B_OUT/summary.json" \
      --max-tps-drop-pct "$B_MAX_DROP" --max-p99-rise-pct "$B_MAX_RISE" || status=$?
  fi
  return $status
}

cmd_sweep() {
  case "${1:-}" in -h|--help) cat <<'USAGE'
Usage: ./kit sweep [--modes LIST] [--latencies 0,5,10,25,50,100] [bench options, --flip-at excepted]

Runs the bench once per auth-link latency for each mode (default modes blocking,bounded-elastic,reactive) and
plots TPS against latency next to each mode's prediction curve (sweep.html). Each point warms up until its
throughput is steady, like the bench (at most 40 s by default here), then measures 15 s: it makes modes × latencies
runs, and a fixed short warm-up would rank the points by the order they ran in rather than by their latency.
USAGE
    return 0 ;; esac
  parse_bench_args --modes blocking,bounded-elastic,reactive --max-warmup 40 --duration 15 --no-ceiling "$@"
  [ -z "$B_FLIP_AT" ] || die "./kit sweep does not take --flip-at"
  bench_prepare
  IFS=',' read -r -a latencies <<<"$B_SWEEP"
  for latency in "${latencies[@]}"; do
    B_AUTH_LATENCY="$latency"
    set_latency auth "$latency"
    for mode in "${B_MODE_LIST[@]}"; do
      bench_mode "$mode" "$mode@${latency}ms"
    done
  done
  stop_all; trap - EXIT
  bench_cli sweep-report --run "$B_OUT"
  log "sweep done: $B_OUT/sweep.html"
}
