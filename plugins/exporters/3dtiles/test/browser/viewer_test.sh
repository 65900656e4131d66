#!/usr/bin/env bash
# Exports the example's islands (the archipelago layout at 1 m spacing) with --exporter 3dtiles,
# placed on the ellipsoid, and loads it in a viewer in headless chromium:
#   viewer_test.sh ISLA_TOOL LAYOUT.json cesium|three [SCREENSHOT.png]
# view_tileset.js says what it checks; its exit code is this script's.
set -euo pipefail
tool=$1 layout=$2 viewer=$3 screenshot=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# At 1 m between samples, as the layout's islands were until issue 22 gave
# them 150 m (10 m since issue 39): in a world many kilometres wide, the
# tiles' vertical errors (a few metres) vanish on screen from any camera
# that sees all of it, and only the root would render; at 1 m the viewers
# refine as they should.
ln -s "$(cd "$(dirname "$layout")" && pwd)"/*.dat "$work/"
sed 's/"spacing_m": *[0-9.]*/"spacing_m": 1/' "$layout" > "$work/layout.json"
"$tool" run compile "$work/layout.json" "$work/tiles" --exporter 3dtiles --option origin=43.5,16.4,0 --quiet
node "$(dirname "$0")/view_tileset.js" "$viewer" "$work/tiles" ${screenshot:+--screenshot "$screenshot"}
