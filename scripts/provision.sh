# shellcheck shell=bash
# The kit's tools and their installers: sourced by ./kit (which provides log, die, ROOT, KIT_DIR, TOOLS_BIN and the
# pinned versions). OS packages come from apt as root (otherwise a message names the package); toxiproxy is built
# with `go install`, rnacos with `cargo install`, both once, into TOOLS_BIN.

is_root() { [ "$(id -u)" = "0" ]; }

apt_install() {
  local package=$1
  if ! is_root; then
    die "$package is missing; install it (Debian/Ubuntu: sudo apt-get install -y $package) and run again"
  fi
  log "installing $package from the OS packages"
  if [ ! -f "$KIT_DIR/.apt-updated" ]; then
    mkdir -p "$KIT_DIR"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && touch "$KIT_DIR/.apt-updated"
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null ||
    die "apt-get install $package failed"
}

need_redis() { command -v redis-server >/dev/null || apt_install redis-server; }
need_nginx() { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || apt_install nginx; }
nginx_bin() { command -v nginx 2>/dev/null || echo /usr/sbin/nginx; }
need_java() { command -v java >/dev/null || die "java is missing; install a JDK 17+ (Debian: apt-get install openjdk-17-jdk-headless)"; }

# need_toxiproxy — sets TOXIPROXY_BIN: the kit's cached build, one on PATH, or a new build with go install.
need_toxiproxy() {
  if [ -x "$TOOLS_BIN/toxiproxy-server" ]; then TOXIPROXY_BIN="$TOOLS_BIN/toxiproxy-server"; return; fi
  if command -v toxiproxy-server >/dev/null; then TOXIPROXY_BIN="$(command -v toxiproxy-server)"; return; fi
  command -v go >/dev/null || die "toxiproxy-server is missing and Go is not installed; install Go, or run: go install github.com/Shopify/toxiproxy/v2/cmd/server@$TOXIPROXY_VERSION (and put it on PATH as toxiproxy-server)"
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
# ~/.cargo/bin, in that order; returns 1 with RNACOS_BIN empty when there is none. Installs nothing.
find_rnacos() {
  local candidate version
  for candidate in "${RNACOS_BIN:-}" "$TOOLS_BIN/rnacos" "$(command -v rnacos 2>/dev/null || true)" \
    "$HOME/.cargo/bin/rnacos"; do
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
  elif [ -x "$HOME/.cargo/bin/cargo" ]; then echo "$HOME/.cargo/bin/cargo"
  fi
}

# need_rnacos — an rnacos of the pinned version, built with cargo into the tools cache when there is none. No
# silent fallback to static discovery: without rnacos, --discovery nacos stops here and says how to get it.
need_rnacos() {
  find_rnacos && return 0
  local cargo; cargo="$(cargo_bin)"
  [ -n "$cargo" ] || die "rnacos $RNACOS_VERSION is missing and cargo is not installed: install Rust (https://rustup.rs) and run ./kit tools, or build it yourself with: cargo install rnacos --locked --version $RNACOS_VERSION (then put rnacos on PATH or set RNACOS_BIN)"
  log "building rnacos $RNACOS_VERSION with cargo install (once, several minutes; cached in $TOOLS_BIN)"
  mkdir -p "$TOOLS_BIN" "$KIT_DIR/logs"
  local tmp build_log="$KIT_DIR/logs/rnacos-build.log"
  tmp="$(mktemp -d)"
  if ! "$cargo" install rnacos --locked --version "$RNACOS_VERSION" --root "$tmp" >"$build_log" 2>&1; then
    tail -30 "$build_log" >&2
    rm -rf "$tmp"
    die "cargo install rnacos $RNACOS_VERSION failed; see $build_log"
  fi
  mv "$tmp/bin/rnacos" "$TOOLS_BIN/rnacos"
  rm -rf "$tmp"
  RNACOS_BIN="$TOOLS_BIN/rnacos"
}

# cmd_tools — both tools in the cache, so that a second CI run builds nothing and the Java tests (which look at
# RNACOS_BIN, then the cache, then PATH) find rnacos.
cmd_tools() {
  case "${1:-}" in -h|--help) echo "Usage: ./kit tools — install toxiproxy-server $TOXIPROXY_VERSION and rnacos $RNACOS_VERSION into $TOOLS_BIN"; return 0 ;; esac
  mkdir -p "$TOOLS_BIN" "$KIT_DIR"
  need_toxiproxy
  need_rnacos
  if [ "$(readlink -f "$RNACOS_BIN")" != "$(readlink -f "$TOOLS_BIN/rnacos" 2>/dev/null || true)" ]; then
    log "copying $RNACOS_BIN into $TOOLS_BIN"
    cp "$RNACOS_BIN" "$TOOLS_BIN/rnacos.partial" && mv "$TOOLS_BIN/rnacos.partial" "$TOOLS_BIN/rnacos"
    RNACOS_BIN="$TOOLS_BIN/rnacos"
  fi
  echo "toxiproxy-server: $TOXIPROXY_BIN"
  echo "rnacos: $RNACOS_BIN ($(rnacos_version_of "$RNACOS_BIN"))"
}
