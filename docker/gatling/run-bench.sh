#!/usr/bin/env bash
# The compose `gatling` service (docs/docker.md): runs ProductBrowseSimulation against nginx the way
# scripts/bench.sh's run_gatling does, then copies Gatling's HTML report next to the simulation's own figures:
#   $BENCH_OUT/<yyyyMMdd-HHmmss>/<label>/{measured.json,timeseries.json,gatling.out,gatling/index.html}
# Settings come from the environment (docker-compose.yml passes them through); see --help.
set -Eeuo pipefail

SIMULATION="dev.gatewaykit.bench.simulation.ProductBrowseSimulation"

usage() {
  cat <<'USAGE'
Usage: docker compose -f docker-compose.yml -f docker/compose.load-test.yml --profile bench run --rm gatling [--help]

Environment (docker-compose.yml sets the defaults):
  BENCH_BASE_URL          nginx, as the container sees it (http://nginx)
  BENCH_LABEL             names the run's folder and log lines (default: the gateway profile, KIT_PROFILE)
  BENCH_USERS             closed model: looping virtual users (200)
  BENCH_RATE              open model instead: requests per second (empty: closed model)
  BENCH_WARMUP_SECONDS    excluded from the figures (15)
  BENCH_DURATION_SECONDS  the measured window (60)
  BENCH_USERS_CSV         auth-service's demo users, from the shared volume
  BENCH_OUT               where results go (mounted from ./target/compose-bench)
USAGE
}

die() { echo "run-bench: $*" >&2; exit 1; }

main() {
  if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then usage; exit 0; fi
  [ $# -eq 0 ] || die "unknown argument $1 (--help)"
  : "${BENCH_BASE_URL:?}" "${BENCH_USERS_CSV:?}" "${BENCH_OUT:?}"
  [ -s "$BENCH_USERS_CSV" ] || die "no demo users at $BENCH_USERS_CSV: run compose with -f docker/compose.load-test.yml, which creates them (docs/docker.md)"

  local label="${BENCH_LABEL:-fixed}" dir
  dir="$BENCH_OUT/$(date +%Y%m%d-%H%M%S)/$label"
  mkdir -p "$dir"
  local load=(-Dbench.model=closed -Dbench.users="${BENCH_USERS:-150}")
  [ -n "${BENCH_RATE:-}" ] && load=(-Dbench.model=open -Dbench.rate="$BENCH_RATE")

  # failOnError=false: a failed gate (errors > 1 %) still leaves the figures to look at; measured.json is checked below.
  ./mvnw -B -q -pl gatling gatling:test \
    -Dgatling.simulationClass="$SIMULATION" -Dgatling.failOnError=false \
    -Dbench.baseUrl="$BENCH_BASE_URL" -Dbench.target=gateway "${load[@]}" \
    -Dbench.warmupSeconds="${BENCH_WARMUP_SECONDS:-auto}" -Dbench.durationSeconds="${BENCH_DURATION_SECONDS:-60}" \
    -Dbench.usersCsv="$BENCH_USERS_CSV" -Dbench.label="$label" -Dbench.out="$dir" 2>&1 | tee "$dir/gatling.out"

  # The plugin names the report folder itself; lastRun.txt says which one it was.
  local report
  report="$(head -n 1 gatling/target/gatling/lastRun.txt 2>/dev/null || true)"
  if [ -n "$report" ] && [ -d "gatling/target/gatling/$report" ]; then
    cp -r "gatling/target/gatling/$report" "$dir/gatling"
  fi
  # The container runs as root (the image's Maven repository is root's); hand the results to whoever owns the
  # mounted folder, so they are not root's on the host.
  chown -R --reference="$BENCH_OUT" "$(dirname "$dir")" 2>/dev/null || true
  [ -s "$dir/measured.json" ] || die "the simulation wrote no measured.json; see $dir/gatling.out"
  echo "run-bench: results in $dir (Gatling's report: gatling/index.html)"
}

main "$@"
