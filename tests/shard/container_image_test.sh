#!/bin/bash
# The image examples/kubernetes runs (isla-tool:latest), built from the
# Containerfile with Debian's podman on a Debian 12 root that debootstrap
# makes (no image registry is needed), in a podman store of its own: the
# runtime stage holds the tool of this commit with the plugins of this
# build and nothing to build with; then each pod of shards-job.yaml (its
# command, JOB_COMPLETION_INDEX 0..completions-1, all at once) and
# assemble-job.yaml in a container of that image over one shared directory
# at the manifests' mount path, which makes the package a one-machine
# compile of this build makes, byte for byte. Heavy (the image compiles the
# tool): the default preset runs it, each phase's time printed.
#   usage: container_image_test.sh ISLA_TOOL SOURCE_DIR
set -euo pipefail
tool="$(realpath "$1")"
source_dir="$(realpath "$2")"
work="$(mktemp -d)"
# shellcheck source=small_layout.sh
source "$(dirname "$0")/small_layout.sh"
podman=(podman --root "$work/store" --runroot "$work/run" --runtime runc --cgroup-manager cgroupfs)

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
cannot_run() {
  if [ "${CI:-}" = true ]; then fail "the container image cannot be tested here, and under CI=true it must be: $1"; fi
  echo "skipped: shard_container_image: $1" >&2
  exit 77
}
cleanup() {
  if [ -d "$work/store" ]; then "${podman[@]}" system reset --force >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

for command in podman runc debootstrap; do
  command -v "$command" >/dev/null || cannot_run "$command is not on PATH (scripts/install-deps installs it)"
done
[ "$(id -u)" = 0 ] || cannot_run "podman builds and runs the image as root here (rootless podman is not set up)"
# podman's default ulimits cannot be set in these machines' containers.
printf '[containers]\ndefault_ulimits = []\n' >"$work/containers.conf"
export CONTAINERS_CONF="$work/containers.conf"
seconds() { echo $((SECONDS - $1)); }

# 1. debian:12 from debootstrap, the Containerfile's base.
start=$SECONDS
debootstrap --variant=minbase bookworm "$work/root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
  >"$work/debootstrap.log" 2>&1 || fail "debootstrap failed: $(tail -5 "$work/debootstrap.log")"
tar -C "$work/root" -c . | "${podman[@]}" import --quiet - docker.io/library/debian:12 >/dev/null
rm -rf "$work/root"
echo "ok: debian:12 made by debootstrap and imported in $(seconds "$start") s"

# 2. The image, as README.md says to build it.
start=$SECONDS
commit="$(git -C "$source_dir" rev-parse --short HEAD)"
"${podman[@]}" build --pull=never --network host --build-arg ISLA_COMMIT="$commit" -t isla-tool:latest \
  -f "$source_dir/Containerfile" "$source_dir" >"$work/build.log" 2>&1 ||
  fail "podman build failed: $(tail -20 "$work/build.log")"
echo "ok: isla-tool:latest built in $(seconds "$start") s ($("${podman[@]}" image inspect --format '{{.Size}}' isla-tool:latest) bytes)"

# 3. What the runtime stage holds.
in_image() { "${podman[@]}" run --rm --network none isla-tool:latest "$@"; }
version="$(in_image isla-tool --version)"
[ "$version" = "isla-tool $("$tool" --version | sed -n 's/^isla-tool \([^ ]*\) .*/\1/p') ($commit)" ] ||
  fail "the image's tool says '$version', not this build's version and commit $commit"
plugin_names='import json, sys
for plugin in json.load(sys.stdin)["plugins"]:
    print(plugin["name"], plugin["version"], plugin["outcome"])'
in_image isla-tool plugins --json | python3 -c "$plugin_names" >"$work/image-plugins"
"$tool" plugins --json | python3 -c "$plugin_names" >"$work/build-plugins"
diff "$work/build-plugins" "$work/image-plugins" >&2 || fail "the image's plugins are not this build's"
grep -qv ' loaded$' "$work/image-plugins" && fail "a plugin of the image did not load: $(grep -v ' loaded$' "$work/image-plugins")"
builders="$(in_image sh -c 'for c in c++ g++ gcc cc cpp ld as make cmake pkg-config ccache; do command -v $c; done
  dpkg-query -W -f "\${Package}\n" | grep -- "-dev$"
  find /usr/local/include /usr/local/lib/cmake -type f 2>/dev/null
  find /usr/local/lib -maxdepth 1 \( -name "*.so" -o -name "*.a" \)' || true)"
[ -z "$builders" ] || fail "the runtime stage holds things to build with: $(echo "$builders" | tr '\n' ' ')"
echo "ok: the image holds $version and its $(wc -l <"$work/image-plugins") plugins, all loaded, and nothing to build with"

# 4. The manifests' pods over one shared directory, then the assembly's.
manifest_fields='import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
spec = job["spec"]
container = spec["template"]["spec"]["containers"][0]
print(spec.get("completions", 1), container["image"], container["volumeMounts"][0]["mountPath"], end="\0")
print(*container["command"], sep="\0", end="")'
pod_command() { # MANIFEST: sets completions, image, mount and command (an array) from the Job's pod
  local fields
  mapfile -d '' fields < <(python3 -c "$manifest_fields" "$1")
  read -r completions image mount <<<"${fields[0]}"
  command=("${fields[@]:1}")
  [ "$image" = isla-tool:latest ] || fail "$1 runs $image, not isla-tool:latest"
}
data="$work/data"
write_small_layout "$tool" "$data"
"$tool" run compile "$data/layout.json" "$work/one-machine" --quiet >/dev/null

start=$SECONDS
pod_command "$source_dir/examples/kubernetes/shards-job.yaml"
pods=()
for index in $(seq 0 $((completions - 1))); do
  pods+=("$("${podman[@]}" run -d --network none -e JOB_COMPLETION_INDEX="$index" -v "$data:$mount" "$image" \
    "${command[@]}")")
done
mapfile -t exits < <("${podman[@]}" wait "${pods[@]}")
for index in "${!pods[@]}"; do
  [ "${exits[$index]}" = 0 ] ||
    fail "pod $index exited ${exits[$index]}: $("${podman[@]}" logs "${pods[$index]}" 2>&1 | tail -5)"
done
"${podman[@]}" rm "${pods[@]}" >/dev/null
echo "ok: $completions shard pods of shards-job.yaml ran at once in $(seconds "$start") s"

start=$SECONDS
pod_command "$source_dir/examples/kubernetes/assemble-job.yaml"
"${podman[@]}" run --rm --network none -v "$data:$mount" "$image" "${command[@]}" >"$work/assembly.log" 2>&1 ||
  fail "the assembly pod failed: $(tail -5 "$work/assembly.log")"
diff -r "$work/one-machine" "$data/world" >&2 || fail "the package the pods made differs from the one-machine compile"
echo "ok: the assembly pod of assemble-job.yaml ran in $(seconds "$start") s; its package is the one-machine compile's, byte for byte"
