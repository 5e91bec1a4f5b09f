# shellcheck shell=bash
# The kit's tools and their installers: sourced by ./kit (which provides log, die, ROOT, KIT_DIR, TOOLS_BIN and the
# pinned versions). OS packages come from apt as root (otherwise the kit stops and names the apt-get command);
# toxiproxy is built with `go install`, rnacos with `cargo install`, both once, and kept in TOOLS_BIN.
# Every lookup goes through PATH (./kit appends /usr/sbin, where nginx lives), so a test can hide a tool.

# Where cargo puts what it installs, and where a user's cargo (rustup) lives: honour CARGO_HOME like cargo does.
CARGO_BIN_DIR="${CARGO_HOME:-$HOME/.cargo}/bin"

is_root() { [ "$(id -u)" = "0" ]; }

# apt_install PACKAGE... — one `apt-get update` per kit run (a fresh machine has no package lists), then one
# install for all of them. Without root it stops and names the command to run.
apt_install() {
  if ! is_root; then
    die "missing: $*; install as root (Debian/Ubuntu): sudo apt-get update && sudo apt-get install -y $* — then run again"
  fi
  if [ -z "${APT_UPDATED:-}" ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || die "apt-get update failed"
    APT_UPDATED=1
  fi
  log "installing from the OS packages: $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || die "apt-get install -y $* failed"
}

# need_os_packages NAME... — each NAME is a Debian package and the command it installs (redis-server, nginx,
# chromium, curl); the missing ones are installed together, then checked again, since a package that installs
# but puts no such command on PATH would otherwise fail much later and less clearly.
need_os_packages() {
  local missing=() name
  for name in "$@"; do command -v "$name" >/dev/null || missing+=("$name"); done
  [ ${#missing[@]} -gt 0 ] || return 0
  apt_install "${missing[@]}"
  for name in "${missing[@]}"; do
    command -v "$name" >/dev/null || die "the package $name was installed but there is no $name on PATH ($PATH)"
  done
}

need_redis() { need_os_packages redis-server; }
need_nginx() { need_os_packages nginx; }
need_chromium() { need_os_packages chromium; }
nginx_bin() { command -v nginx; }
need_java() { command -v java >/dev/null || die "java is missing; install a JDK 17+ (Debian: apt-get install openjdk-17-jdk-headless)"; }

# need_toxiproxy — sets TOXIPROXY_BIN: the kit's cached build, one on PATH, or a new build with go install.
need_toxiproxy() {
  if [ -x "$TOOLS_BIN/toxiproxy-server" ]; then TOXIPROXY_BIN="$TOOLS_BIN/toxiproxy-server"; return; fi
  if command -v toxiproxy-server >/dev/null; then TOXIPROXY_BIN="$(command -v toxiproxy-server)"; return; fi
  command -v go >/dev/null || die "toxiproxy-server is missing and Go is not installed; install Go (https://go.dev/dl, or Debian: apt-get install golang-go) and run ./kit tools, or build it yourself with: go install github.com/Shopify/toxiproxy/v2/cmd/server@$TOXIPROXY_VERSION (and put it on PATH as toxiproxy-server)"
  log "building toxiproxy $TOXIPROXY_VERSION with go install (once; cached in $TOOLS_BIN)"
  mkdir -p "$TOOLS_BIN"
  local tmp; tmp="$(mktemp -d)"
  GOBIN="$tmp" go install "github.com/Shopify/toxiproxy/v2/cmd/server@$TOXIPROXY_VERSION" >&2 ||
    die "go install of toxiproxy failed"
  mv "$tmp/server" "$TOOLS_BIN/toxiproxy-server"
  rm -rf "$tmp"
  TOXIPROXY_BIN="$TOOLS_BIN/toxiproxy-server"
}

rnacos_version_of() { "$1" --version 2>/dev/null | awk 'NR == 1 { print $2 }' || true; }

# find_rnacos — sets RNACOS_BIN to an rnacos of the pinned version from $RNACOS_BIN, the kit's tools, PATH or
# cargo's bin directory, in that order (test-support's RnacosServer looks in the same places); returns 1 with
# RNACOS_BIN empty when there is none. Installs nothing.
find_rnacos() {
  local candidate version
  for candidate in "${RNACOS_BIN:-}" "$TOOLS_BIN/rnacos" "$(command -v rnacos 2>/dev/null || true)" \
    "$CARGO_BIN_DIR/rnacos"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    version="$(rnacos_version_of "$candidate")"
    if [ "$version" = "$RNACOS_VERSION" ]; then RNACOS_BIN="$candidate"; return 0; fi
    log "ignoring $candidate: rnacos ${version:-of unknown version}, the kit pins $RNACOS_VERSION"
  done
  RNACOS_BIN=""
  return 1
}

cargo_bin() {
  if command -v cargo >/dev/null; then command -v cargo
  elif [ -x "$CARGO_BIN_DIR/cargo" ]; then echo "$CARGO_BIN_DIR/cargo"
  fi
}

# need_rnacos — an rnacos of the pinned version; when there is none, cargo builds it into its own bin directory
# (where a later run, or another checkout, finds it again) and the kit copies it into TOOLS_BIN. No silent fallback
# to static discovery: without rnacos, --discovery nacos stops here and says how to get it.
need_rnacos() {
  find_rnacos && return 0
  local cargo; cargo="$(cargo_bin)"
  [ -n "$cargo" ] || die "rnacos $RNACOS_VERSION is missing and cargo is not installed: install Rust (https://rustup.rs) and run ./kit tools, or build it yourself with: cargo install rnacos --locked --version $RNACOS_VERSION (then put rnacos on PATH or set RNACOS_BIN)"
  log "building rnacos $RNACOS_VERSION with cargo install into $CARGO_BIN_DIR (once, several minutes)"
  mkdir -p "$KIT_DIR/logs"
  local build_log="$KIT_DIR/logs/rnacos-build.log"
  if ! "$cargo" install rnacos --locked --version "$RNACOS_VERSION" >"$build_log" 2>&1; then
    tail -30 "$build_log" >&2
    die "cargo install rnacos --locked --version $RNACOS_VERSION failed; see $build_log"
  fi
  [ "$(rnacos_version_of "$CARGO_BIN_DIR/rnacos")" = "$RNACOS_VERSION" ] ||
    die "cargo install reported success but $CARGO_BIN_DIR/rnacos is not rnacos $RNACOS_VERSION (is CARGO_INSTALL_ROOT set?); see $build_log"
  RNACOS_BIN="$CARGO_BIN_DIR/rnacos"
  cache_rnacos
}

# cache_rnacos — RNACOS_BIN copied into TOOLS_BIN (unless it is that file), so the tools live in one place whatever
# PATH a later run has.
cache_rnacos() {
  [ "$(readlink -f "$RNACOS_BIN")" != "$(readlink -f "$TOOLS_BIN/rnacos" 2>/dev/null || true)" ] || return 0
  log "copying $RNACOS_BIN into $TOOLS_BIN"
  mkdir -p "$TOOLS_BIN"
  cp "$RNACOS_BIN" "$TOOLS_BIN/rnacos.partial" && mv "$TOOLS_BIN/rnacos.partial" "$TOOLS_BIN/rnacos"
  RNACOS_BIN="$TOOLS_BIN/rnacos"
}

# cmd_tools [toxiproxy|rnacos]... — the tools (default both) in the cache, so that a second run builds nothing.
cmd_tools() {
  local wanted=() tool
  for tool in "$@"; do
    case "$tool" in
      -h|--help) echo "Usage: ./kit tools [toxiproxy] [rnacos] — install toxiproxy-server $TOXIPROXY_VERSION and rnacos $RNACOS_VERSION (default both) into $TOOLS_BIN"; return 0 ;;
      toxiproxy|rnacos) wanted+=("$tool") ;;
      *) die "unknown tool '$tool' (./kit tools --help)" ;;
    esac
  done
  [ ${#wanted[@]} -gt 0 ] || wanted=(toxiproxy rnacos)
  mkdir -p "$TOOLS_BIN" "$KIT_DIR"
  for tool in "${wanted[@]}"; do
    case "$tool" in
      toxiproxy) need_toxiproxy; echo "toxiproxy-server: $TOXIPROXY_BIN" ;;
      rnacos) need_rnacos; cache_rnacos; echo "rnacos: $RNACOS_BIN ($(rnacos_version_of "$RNACOS_BIN"))" ;;
    esac
  done
}

# ------------------------------------------------------------------------------------------------ ./kit test

test_usage() {
  cat <<EOF
Usage: ./kit test [--provision-only] [MAVEN ARGS...]

Provisions what the test suite runs against, then runs ./mvnw -B verify with MAVEN ARGS appended
(e.g. ./kit test -pl gatling -am). Elapsed time is printed per phase.
  1. OS packages redis-server, nginx, chromium, curl: installed with apt-get as root (apt-get update first);
     without root the kit stops and names the apt-get command.
  2. rnacos $RNACOS_VERSION (the Nacos discovery tests): found, or built once with
     cargo install rnacos --locked --version $RNACOS_VERSION (several minutes) and copied into $TOOLS_BIN.
     The tests are given it as RNACOS_BIN. toxiproxy is not needed: no test starts it.
  3. ./mvnw -B verify.
  --provision-only   stop after step 2
EOF
}

# phase NAME COMMAND... — runs COMMAND and says how long it took, so a slow first run shows where the time went.
phase() {
  local name=$1 started=$SECONDS; shift
  log "── $name"
  "$@"
  log "── $name: done in $((SECONDS - started)) s"
}

cmd_test() {
  local provision_only=""
  case "${1:-}" in
    -h|--help) test_usage; return 0 ;;
    --provision-only) provision_only=1; shift ;;
  esac
  local started=$SECONDS
  mkdir -p "$KIT_DIR"
  need_java
  phase "OS packages (redis-server nginx chromium curl)" need_os_packages redis-server nginx chromium curl
  phase "rnacos $RNACOS_VERSION" need_rnacos
  cache_rnacos
  [ -z "$provision_only" ] || { log "provisioned in $((SECONDS - started)) s"; return 0; }
  # The tests look for rnacos in RNACOS_BIN first: hand them exactly the binary just checked.
  export RNACOS_BIN
  local status=0 tests_started=$SECONDS
  log "── ./mvnw -B verify $*"
  (cd "$ROOT" && ./mvnw -B verify "$@") || status=$?
  log "── ./mvnw -B verify: exit $status after $((SECONDS - tests_started)) s (all of ./kit test: $((SECONDS - started)) s)"
  return $status
}
