#!/usr/bin/env bash
# isla-tool's Debian packages as a user installs them: `apt-get install` of
# ./isla-tool_*.deb and ./isla-tool-dev_*.deb into a clean Debian 12 (the
# debootstrap root of debian_image.sh, in a container), which brings the
# Debian packages they declare and nothing else; then there, with no flag and
# no environment, the bundled example compiled and validated by the
# installed tool, and examples/third-party-plugin built against the installed
# SDK and loaded by it.
#   usage: debian_package_test.sh STORE PACKAGE_DIR SOURCE_DIR
set -euo pipefail
test_name=debian_package
store="$1" packages="$(realpath "$2")" source_dir="$(realpath "$3")"
# shellcheck source=podman_store.sh
source "$(dirname "$0")/podman_store.sh"
"${podman[@]}" image exists debian:12 || fail "no debian:12 in $store: the fixture debian_image_setup did not run"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$packages"/isla-tool_*.deb "$packages"/isla-tool-dev_*.deb "$work/" || fail "no Debian packages in $packages"
cp -r "$source_dir/examples/third-party-plugin" "$work/notes"

start=$SECONDS
# The packages' own dependencies, and make for CMake's default generator.
"${podman[@]}" run --rm --network host -v "$work:/work" -w /tmp debian:12 bash -euo pipefail -c '
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq /work/isla-tool_*.deb /work/isla-tool-dev_*.deb make >/work/apt.log 2>&1 ||
    { tail -20 /work/apt.log; exit 1; }
  echo "installed: $(dpkg-query -W -f "\${Package} \${Version}, " isla-tool isla-tool-dev)"
  isla-tool --version
  isla-tool run compile --quiet
  isla-tool validate --strict world
  cmake -S /work/notes -B /tmp/notes -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build /tmp/notes >/dev/null
  isla-tool --plugin-dir /tmp/notes plugins | grep "^  notes "
  isla-tool --plugin-dir /tmp/notes validate --only min-lakes /usr/share/isla-tool/examples/archipelago/ne.dat
' >"$work/run.log" 2>&1 || fail "in the clean Debian 12: $(tail -20 "$work/run.log")"
cat "$work/run.log"

expect() { grep -q -- "$1" "$work/run.log" || fail "$2; the run said: $(cat "$work/run.log")"; }
expect "^installed: isla-tool [0-9.]*, isla-tool-dev [0-9.]*, $" "the packages are not both installed"
expect "^isla-tool [0-9.]* (" "the installed isla-tool did not print its version"
expect "world: valid terrain-world-v1 package 'archipelago'" "the installed tool did not compile and validate the bundled example"
expect "^  notes 1.0.0 (API [0-9]*)" "the plugin built against isla-tool-dev was not loaded"
echo "ok: both packages installed into a clean Debian 12, the example compiled and a plugin built there in $(seconds "$start") s"
