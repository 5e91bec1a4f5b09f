#!/usr/bin/env bash
# The compose `gatling` service's entry point (docs/docker.md): one run of the kit's simulation against nginx through
# the launcher's GatlingMain, which builds the run the way ./kit bench does (the same JVM options, bench.* properties
# and files: $BENCH_OUT/<yyyyMMdd-HHmmss>/<label>/{measured.json,timeseries.json,gatling.out,gatling/index.html}).
# Its settings come from the environment, which docker-compose.yml passes through: --help lists them.
# This wrapper only adds what belongs to the container: where the image keeps the jars, and who owns the results.
set -Eeuo pipefail

# The image's layout (docker/Dockerfile, target gatling): the launcher's jars in launcher/, the simulation's class
# path under gatling/target, where the launcher's Workspace looks for it.
INJECTOR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# hand_over_results — the container runs as root; hand the results to whoever owns the mounted folder, so that they
# are not root's on the host.
hand_over_results() {
  if [ -n "${BENCH_OUT:-}" ] && [ -d "$BENCH_OUT" ]; then
    chown -R --reference="$BENCH_OUT" "$BENCH_OUT" 2>/dev/null || true
  fi
}

main() {
  local status=0
  # A small JVM: it starts Gatling's (KIT_GATLING_JVM_OPTS) and waits for it.
  java -Xmx128m -Dkit.repository.root="$INJECTOR" -cp "$INJECTOR/launcher/*" \
    dev.gatewaykit.launcher.gatling.GatlingMain "$@" || status=$?
  hand_over_results
  return "$status"
}

main "$@"
