#!/usr/bin/env bash
# After `cmake --install` (the install_prefix fixture), the installed
# isla-tool finds the installed plugins and enum table with no flag and no
# environment: it reads a blueprint, runs exporters (the package writer and
# png) on it, and its package validator checks the package, the sources'
# hashes included.
set -euo pipefail
build="$1" prefix="$2" blueprint="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset ISLA_PLUGIN_PATH ISLA_ENUMS
tool="$prefix/bin/isla-tool"
report=$("$tool" plugins)
for plugin in prms hgts biom town tcrv tdtl eros wbid wbtb wsrf roads water terrain scenery metadata server-config \
              terrain-world-v1 terrain-world-v1-exporter png obj gltf; do
  grep -q "file: $prefix/lib/isla-tool/plugins/$plugin.so" <<<"$report" || {
    echo "the installed isla-tool did not load $plugin from $prefix" >&2
    echo "$report" >&2
    exit 1
  }
done
"$tool" validate --strict "$blueprint"

cp "$blueprint" "$work/island.dat"
cat >"$work/layout.json" <<'LAYOUT'
{"format": "terrain-world.layout", "schema_version": 1, "name": "installed", "slope_warning_deg": 89.99,
 "sources": [{"id": "island", "namespace": "island", "path": "island.dat", "row": 0, "col": 0}]}
LAYOUT
# The install indexes the installed plugins (their times are the
# install's): a compile maps the exporter it uses and no other.
[ -s "$prefix/lib/isla-tool/plugins/plugins.index.json" ] || { echo "the install wrote no plugin index" >&2; exit 1; }
LD_DEBUG=files "$tool" run compile "$work/layout.json" "$work/world" --quiet 2>"$work/mapped"
grep -q "$prefix/lib/isla-tool/plugins/terrain-world-v1-exporter.so" "$work/mapped" \
  || { echo "the installed compile did not map its exporter" >&2; exit 1; }
if grep -q "plugins/3dtiles.so" "$work/mapped"; then
  echo "the installed compile mapped the 3dtiles exporter it does not use: the index was not used" >&2
  exit 1
fi
"$tool" validate "$work/world" --sources "$work/layout.json"
"$tool" export "$work/island.dat" "$work/png" --exporter png --quiet
for file in heightmap.png heightmap.json relief.png; do
  [ -s "$work/png/$file" ] || { echo "the installed png exporter wrote no $file" >&2; exit 1; }
done
# The package validator finds a changed source.
printf 'x' >>"$work/island.dat"
if "$tool" validate "$work/world" --sources "$work/layout.json" 2>"$work/err"; then
  echo "the installed package validator accepted a source changed after compilation" >&2
  exit 1
fi
grep -q "world.source-hash" "$work/err" || { echo "no world.source-hash in:" >&2; cat "$work/err" >&2; exit 1; }

# Neither the built nor the installed binaries name a directory of the build:
# isla-tool finds its libraries at $ORIGIN/../lib, each plugin at
# $ORIGIN/../.., each library over the kernel those below it at $ORIGIN.
runpath() { readelf -d "$1" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p'; }
for tool in "$build/bin/isla-tool" "$prefix/bin/isla-tool"; do
  got=$(runpath "$tool")
  [ "$got" = '$ORIGIN/../lib' ] || { echo "$tool has RUNPATH '$got', not '\$ORIGIN/../lib'" >&2; exit 1; }
done
for plugin in "$build"/lib/isla-tool/plugins/*.so "$prefix"/lib/isla-tool/plugins/*.so; do
  got=$(runpath "$plugin")
  [ "$got" = '$ORIGIN/../..' ] || { echo "$plugin has RUNPATH '$got', not '\$ORIGIN/../..'" >&2; exit 1; }
done
for library in "$build"/lib/libisla-{world,mesh,jobs}.so "$prefix"/lib/libisla-{world,mesh,jobs}.so; do
  got=$(runpath "$library")
  [ "$got" = '$ORIGIN' ] || { echo "$library has RUNPATH '$got', not '\$ORIGIN'" >&2; exit 1; }
done
