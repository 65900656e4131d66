#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# After `cmake --install` (the install_prefix fixture), the installed
# `isla-tool view` serves the installed page (share/isla-tool/viewer, with
# its vendored three.js and 3d-tiles-renderer) and it works in chromium:
# page_test.js run with the installed tool on a package of the installed
# example (view_page runs it on the layout), which also checks that the page
# served is the prefix's.
#   installed_viewer.sh PREFIX
# Exits 77 (skipped) as page_test.js does when chromium or playwright-core is missing.
set -euo pipefail
prefix="$1"
unset ISLA_PLUGIN_PATH ISLA_ENUMS
viewer="$prefix/share/isla-tool/viewer"
for file in index.html viewer.js exaggeration.js height_field.js watch.js world_overlays.js vendor/three/three.module.js \
            vendor/3d-tiles-renderer/index.three.js; do
  [ -s "$viewer/$file" ] || { echo "installed_viewer: the install has no share/isla-tool/viewer/$file" >&2; exit 1; }
done
node "$(dirname "$0")/page_test.js" "$prefix/bin/isla-tool" "$prefix/share/isla-tool/examples/archipelago/layout.json" --package
