#!/usr/bin/env bash
# Writes the .env file docker-compose.yml reads its secrets from, with fresh random values: Redis's and Nacos's
# passwords, Nacos's token key and server identity, auth-service's Ed25519 relay signing key (and mall-api's copy
# of its public half), the gateway's client secret at auth-service, the gateway's management password and
# Grafana's admin password. The compose file holds none of them and refuses to start without them.
set -Eeuo pipefail

usage() {
  cat <<'USAGE'
Usage: docker/compose-env.sh [--force] [FILE]
Writes FILE (default: .env next to docker-compose.yml) with fresh secrets, mode 600.
Refuses to overwrite an existing file unless --force: new secrets with running containers (or a running Nacos
with users created under the old password) mean a restart with `docker compose up -d`.
Needs openssl 1.1.1 or later (Ed25519).
USAGE
}

# Hex: safe unquoted in .env, in command lines (redis-server --requirepass) and in form fields.
random() {
  openssl rand -hex "$1"
}

main() {
  local force=false file
  file="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.env"
  while (($#)); do
    case "$1" in
      -h | --help) usage; return 0 ;;
      --force) force=true ;;
      -*) echo "unknown option: $1" >&2; usage >&2; return 2 ;;
      *) file=$1 ;;
    esac
    shift
  done
  if [[ -e "$file" && "$force" != true ]]; then
    echo "$file exists; pass --force to replace its secrets" >&2
    return 1
  fi
  local public private
  KEY=$(mktemp)
  trap 'rm -f "$KEY"' EXIT
  openssl genpkey -algorithm ed25519 -outform DER -out "$KEY"
  # PKCS#8 for the private key, X.509 SubjectPublicKeyInfo for the public one: what java.security reads.
  private=$(base64 -w0 <"$KEY")
  public=$(openssl pkey -inform DER -in "$KEY" -pubout -outform DER | base64 -w0)
  umask 077
  cat >"$file" <<ENV
# Written by docker/compose-env.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ). Secrets: keep this file out of git.
REDIS_PASSWORD=$(random 24)
NACOS_AUTH_TOKEN=$(openssl rand -base64 32 | tr -d '\n')
NACOS_IDENTITY_VALUE=$(random 24)
NACOS_PASSWORD=$(random 24)
RELAY_PRIVATE_KEY=$private
RELAY_PUBLIC_KEY=$public
GATEWAY_CLIENT_SECRET=$(random 24)
GATEWAY_MANAGEMENT_PASSWORD=$(random 24)
GRAFANA_ADMIN_PASSWORD=$(random 24)
ENV
  echo "wrote $file"
}

main "$@"
