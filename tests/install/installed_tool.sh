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

# Neither the built nor the installed binaries name a directory of the build:
# isla-tool finds the kernel at $ORIGIN/../lib, each plugin at $ORIGIN/../..
runpath() { readelf -d "$1" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p'; }
for tool in "$build/bin/isla-tool" "$prefix/bin/isla-tool"; do
  got=$(runpath "$tool")
  [ "$got" = '$ORIGIN/../lib' ] || { echo "$tool has RUNPATH '$got', not '\$ORIGIN/../lib'" >&2; exit 1; }
done
for plugin in "$build"/lib/isla-tool/plugins/*.so "$prefix"/lib/isla-tool/plugins/*.so; do
  got=$(runpath "$plugin")
  [ "$got" = '$ORIGIN/../..' ] || { echo "$plugin has RUNPATH '$got', not '\$ORIGIN/../..'" >&2; exit 1; }
done
