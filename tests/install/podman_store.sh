# Sourced by the tests that run containers (debian_image.sh,
# debian_package_test.sh, tests/shard/container_image_test.sh): Debian's
# podman as root over a store of the test's own (STORE below), with what
# these machines need (runc, cgroupfs, no default ulimits), and the two ways
# such a test ends early. Needs `test_name` and `store` set.
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
cannot_run() {
  if [ "${CI:-}" = true ]; then fail "$test_name cannot run here, and under CI=true it must: $1"; fi
  echo "skipped: $test_name: $1" >&2
  exit 77
}
for command in podman runc; do
  command -v "$command" >/dev/null || cannot_run "$command is not on PATH (scripts/install-deps installs it)"
done
[ "$(id -u)" = 0 ] || cannot_run "podman runs containers as root here (rootless podman is not set up)"
# podman's default ulimits cannot be set in these machines' containers.
mkdir -p "$store"
printf '[containers]\ndefault_ulimits = []\n' >"$store/containers.conf"
export CONTAINERS_CONF="$store/containers.conf"
podman=(podman --root "$store/images" --runroot "$store/run" --runtime runc --cgroup-manager cgroupfs)
seconds() { echo $((SECONDS - $1)); }
