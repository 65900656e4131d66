#!/usr/bin/env bash
# Every shipped exporter's output for a generated 2 x 2 world, byte for byte,
# against digests recorded from a build before the kernel was reshaped: a
# refactoring must keep every output's bytes. A deliberate change of an
# output re-records them: output_bytes.sh TOOL EXPECTED --record.
set -euo pipefail
tool=$1
expected=$2
mode=${3:-check}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for cell in 1 2 3 4; do
  "$tool" synth --seed "90$cell" --size 256 --out "$work/s$cell.dat" > /dev/null
done
cat > "$work/layout.json" <<'LAYOUT'
{"format": "terrain-world.layout", "schema_version": 1, "name": "bytes", "gap_cells": 16, "spacing_m": 8, "sources": [
 {"id": "a", "namespace": "a", "path": "s1.dat", "row": 0, "col": 0},
 {"id": "b", "namespace": "b", "path": "s2.dat", "row": 0, "col": 1},
 {"id": "c", "namespace": "c", "path": "s3.dat", "row": 1, "col": 0},
 {"id": "d", "namespace": "d", "path": "s4.dat", "row": 1, "col": 1}]}
LAYOUT

digests="$work/digests"
: > "$digests"
for exporter in terrain-world-v1 png unity unreal obj gltf 3dtiles; do
  "$tool" run compile "$work/layout.json" "$work/$exporter" --exporter "$exporter" --quiet > /dev/null \
    2> "$work/$exporter.log" || { cat "$work/$exporter.log" >&2; exit 1; }
  digest=$(cd "$work/$exporter" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)
  echo "$exporter $digest" >> "$digests"
done

if [ "$mode" = --record ]; then
  cp "$digests" "$expected"
  exit 0
fi
diff -u "$expected" "$digests" || { echo "an exporter's output bytes changed (above: - recorded, + now)" >&2; exit 1; }
