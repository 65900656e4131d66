#!/bin/bash
# The image examples/kubernetes runs (isla-tool:latest), built from the
# Containerfile with Debian's podman on the clean Debian 12 of the fixture
# debian_image (tests/install/debian_image.sh) from this build's Debian
# package (the Containerfile's stage "packaged"; nothing is compiled): the
# image holds the tool of this commit with the plugins of this build and
# nothing to build with; then each pod of shards-job.yaml (its command,
# JOB_COMPLETION_INDEX 0..completions-1, all at once) and assemble-job.yaml
# in a container of that image over one shared directory at the manifests'
# mount path, which makes the package a one-machine compile of this build
# makes, byte for byte. Each phase's time is printed.
#   usage: container_image_test.sh ISLA_TOOL SOURCE_DIR STORE PACKAGE_DIR
# With ISLA_IMAGE_FROM=source the image compiles the tool itself (the stage
# "compiled", the source tree as the context; many minutes on two cores):
# the check of that path, run by hand, not by ctest.
set -euo pipefail
test_name=shard_container_image
tool="$(realpath "$1")"
source_dir="$(realpath "$2")"
store="$3"
packages="$(realpath "$4")"
# shellcheck source=../install/podman_store.sh
source "$source_dir/tests/install/podman_store.sh"
# shellcheck source=small_layout.sh
source "$(dirname "$0")/small_layout.sh"
"${podman[@]}" image exists debian:12 || fail "no debian:12 in $store: the fixture debian_image_setup did not run"
work="$(mktemp -d)"
cleanup() {
  "${podman[@]}" rmi --force isla-tool:latest >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# 1. The image, as README.md says to build it.
start=$SECONDS
commit="$(git -C "$source_dir" rev-parse --short HEAD)"
if [ "${ISLA_IMAGE_FROM:-package}" = source ]; then
  build_arguments=(--build-arg ISLA_PACKAGES=compiled --build-arg ISLA_COMMIT="$commit" "$source_dir")
else
  mkdir "$work/context"
  cp "$packages"/isla-tool_*.deb "$work/context/" || fail "no isla-tool package in $packages"
  build_arguments=(--build-arg ISLA_PACKAGES=packaged "$work/context")
fi
"${podman[@]}" build --pull=never --network host -t isla-tool:latest -f "$source_dir/Containerfile" \
  "${build_arguments[@]}" >"$work/build.log" 2>&1 || fail "podman build failed: $(tail -20 "$work/build.log")"
echo "ok: isla-tool:latest built from the ${ISLA_IMAGE_FROM:-package} in $(seconds "$start") s" \
  "($("${podman[@]}" image inspect --format '{{.Size}}' isla-tool:latest) bytes)"

# 2. What the runtime stage holds: this build's tool and plugins (compiled
# in the image: the tool of the source's commit), nothing to build with.
in_image() { "${podman[@]}" run --rm --network none isla-tool:latest "$@"; }
version="$(in_image isla-tool --version)"
expected_version="$("$tool" --version)"
if [ "${ISLA_IMAGE_FROM:-package}" = source ]; then
  expected_version="isla-tool $(sed -n 's/^isla-tool \([^ ]*\) .*/\1/p' <<<"$expected_version") ($commit)"
fi
[ "$version" = "$expected_version" ] || fail "the image's tool says '$version', not '$expected_version'"
plugin_names='import json, sys
for plugin in json.load(sys.stdin)["plugins"]:
    print(plugin["name"], plugin["version"], plugin["outcome"])'
in_image isla-tool plugins --json | python3 -c "$plugin_names" >"$work/image-plugins"
"$tool" plugins --json | python3 -c "$plugin_names" >"$work/build-plugins"
diff "$work/build-plugins" "$work/image-plugins" >&2 || fail "the image's plugins are not this build's"
grep -qv ' loaded$' "$work/image-plugins" && fail "a plugin of the image did not load: $(grep -v ' loaded$' "$work/image-plugins")"
builders="$(in_image sh -c 'for c in c++ g++ gcc cc cpp ld as make cmake pkg-config ccache; do command -v $c; done
  dpkg-query -W -f "\${Package}\n" | grep -- "-dev$"
  find /usr/include/isla /usr/lib/cmake/IslaTool -type f 2>/dev/null
  find /usr/lib -maxdepth 1 -name "libisla-*.so"' || true)"
[ -z "$builders" ] || fail "the runtime stage holds things to build with: $(echo "$builders" | tr '\n' ' ')"
echo "ok: the image holds $version and its $(wc -l <"$work/image-plugins") plugins, all loaded, and nothing to build with"

# 3. The manifests' pods over one shared directory, then the assembly's.
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
