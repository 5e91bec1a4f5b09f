#!/bin/sh
# The compose `nacos-init` service (a curl image, so POSIX sh), profile nacos: creates Nacos's admin user `nacos`
# with NACOS_PASSWORD, the user the services log in with (spring.cloud.nacos.username/password). Nacos 3 has no
# default admin; POST /nacos/v3/auth/user/admin creates it while none exists and answers a 409 code after that.
# Both are success here; anything else fails the service, and with it the services that wait for it.
set -eu

: "${NACOS_URL:?}" "${NACOS_PASSWORD:?}"

answer=$(curl -sS --max-time 10 -X POST "$NACOS_URL/nacos/v3/auth/user/admin" --data-urlencode "password=$NACOS_PASSWORD")
case "$answer" in
  *'"code":0,'* | *'"code":0}'*) echo "nacos-init: admin user nacos created" ;;
  *'"code":409'*) echo "nacos-init: the admin user exists already (its password is whatever it was created with)" ;;
  *) echo "nacos-init: unexpected answer from Nacos: $answer" >&2; exit 1 ;;
esac
