#!/usr/bin/env bash
# Writes deploy/k8s/base/secrets.env, the env file the base's secretGenerator (kit-secrets) reads, with fresh random
# values. It is docker/compose-env.sh, the compose twin, run on another file: the same variables (Redis's and
# Nacos's passwords, the Ed25519 relay key pair, the gateway's client secret and management password, Grafana's
# admin password), made one way. No secret lives in deploy/k8s, and kustomize refuses to build without this file.
set -Eeuo pipefail

usage() {
  cat <<'USAGE'
Usage: deploy/k8s/secrets.sh [--force] [FILE]
Writes FILE (default: deploy/k8s/base/secrets.env, git-ignored) with fresh secrets, mode 600; kustomize then puts
them into the Secret kit-secrets. Refuses to overwrite an existing file unless --force: new secrets give the Secret
a new name (its hash suffix), and `kubectl apply -k` then rolls every pod that reads it.
Needs openssl 1.1.1 or later (Ed25519).
USAGE
}

main() {
  local here args=()
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  local file="$here/base/secrets.env"
  while (($#)); do
    case "$1" in
      -h | --help) usage; return 0 ;;
      --force) args+=(--force) ;;
      -*) echo "unknown option: $1" >&2; usage >&2; return 2 ;;
      *) file=$1 ;;
    esac
    shift
  done
  "$here/../../docker/compose-env.sh" "${args[@]}" "$file"
}

main "$@"
