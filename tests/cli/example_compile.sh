#!/usr/bin/env bash
# `isla-tool run compile` with no arguments compiles the bundled example
# into ./world, which then validates; a second run refuses the existing world.
set -euo pipefail
tool=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$tool" run compile --quiet > out.txt
grep -q "compiled 4 sources into 9 patches and 12 shared edges" out.txt || { cat out.txt >&2; exit 1; }
grep -q "that is the bundled example" out.txt || { cat out.txt >&2; exit 1; }
test -f world/world.json
"$tool" validate world > validate.txt || { cat validate.txt >&2; exit 1; }
if "$tool" run compile --quiet 2> again.txt; then echo "a second compile replaced ./world" >&2; exit 1; fi
grep -q "already exists" again.txt
