#!/usr/bin/env bash
# Exports the example's islands (the archipelago layout at 0.25 m spacing) with --exporter 3dtiles,
# placed on the ellipsoid, and loads it in a viewer in headless chromium, with
# the world's Terrain World package to check heights against:
#   viewer_test.sh ISLA_TOOL LAYOUT.json cesium|three [SCREENSHOT.png]
# view_tileset.js says what it checks; its exit code is this script's.
set -euo pipefail
tool=$1 layout=$2 viewer=$3 screenshot=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# At 0.25 m between samples: the viewers place their cameras at a fraction
# of the world's size, and the tiles' vertical errors (a metre or so, the
# example's relief being made for 10 m between samples, issue 39) must be
# large against that distance for them to refine. At the layout's 10 m the
# world is 21 km wide, those errors vanish from any camera that sees all of
# it, and only the root would render; at 0.25 m the viewers refine as they
# should (before issue 39's flatter relief, 1 m did).
ln -s "$(cd "$(dirname "$layout")" && pwd)"/*.dat "$work/"
sed 's/"spacing_m": *[0-9.]*/"spacing_m": 0.25/' "$layout" > "$work/layout.json"
"$tool" run compile "$work/layout.json" "$work/tiles" --exporter 3dtiles --option origin=43.5,16.4,0 --quiet
"$tool" run compile "$work/layout.json" "$work/package" --quiet
node "$(dirname "$0")/view_tileset.js" "$viewer" "$work/tiles" --package "$work/package" \
  ${screenshot:+--screenshot "$screenshot"}
