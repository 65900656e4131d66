#!/usr/bin/env bash
# After `cmake --install`, the installed isla-tool finds the installed plugins
# and enum table with no flag and no environment, and reads a blueprint.
set -euo pipefail
build="$1" blueprint="$2"
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
unset ISLA_PLUGIN_PATH ISLA_ENUMS
report=$("$prefix/bin/isla-tool" plugins)
for plugin in prms hgts biom town tcrv tdtl eros wbid wbtb wsrf roads water terrain scenery metadata server-config; do
  grep -q "file: $prefix/lib/isla-tool/plugins/$plugin.so" <<<"$report" || {
    echo "the installed isla-tool did not load $plugin from $prefix" >&2
    echo "$report" >&2
    exit 1
  }
done
"$prefix/bin/isla-tool" validate --strict "$blueprint"
