#!/usr/bin/env bash
# The clean Debian 12 that the package and image tests start from, made once
# for both (a CTest fixture): `setup STORE` makes a minimal bookworm root
# with debootstrap from Debian's mirror (no image registry is needed) and
# imports it into a podman store in STORE as debian:12; `cleanup STORE`
# removes the store.
#   usage: debian_image.sh setup|cleanup STORE
set -euo pipefail
test_name=debian_image
action="$1" store="$2"
# shellcheck source=podman_store.sh
source "$(dirname "$0")/podman_store.sh"

case "$action" in
  setup)
    command -v debootstrap >/dev/null || cannot_run "debootstrap is not on PATH (scripts/install-deps installs it)"
    "${podman[@]}" system reset --force >/dev/null 2>&1 || true
    start=$SECONDS
    root="$store/root"
    rm -rf "$root"
    debootstrap --variant=minbase bookworm "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
      >"$store/debootstrap.log" 2>&1 || fail "debootstrap failed: $(tail -5 "$store/debootstrap.log")"
    tar -C "$root" -c . | "${podman[@]}" import --quiet - docker.io/library/debian:12 >/dev/null
    rm -rf "$root"
    echo "ok: debian:12 made by debootstrap and imported in $(seconds "$start") s"
    ;;
  cleanup)
    "${podman[@]}" system reset --force >/dev/null 2>&1 || true
    rm -rf "$store"
    ;;
  *) fail "usage: debian_image.sh setup|cleanup STORE" ;;
esac
