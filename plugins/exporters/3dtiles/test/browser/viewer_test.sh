#!/usr/bin/env bash
# Exports the example (the archipelago layout) with --exporter 3dtiles,
# placed on the ellipsoid, and loads it in a viewer in headless chromium:
#   viewer_test.sh ISLA_TOOL LAYOUT.json cesium|three [SCREENSHOT.png]
# view_tileset.js says what it checks; its exit code is this script's.
set -euo pipefail
tool=$1 layout=$2 viewer=$3 screenshot=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" run compile "$layout" "$work/tiles" --exporter 3dtiles --option origin=43.5,16.4,0 --quiet
node "$(dirname "$0")/view_tileset.js" "$viewer" "$work/tiles" ${screenshot:+--screenshot "$screenshot"}
