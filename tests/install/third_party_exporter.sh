#!/usr/bin/env bash
# examples/third-party-exporter builds against an installed isla-tool (the
# kernel and the world library), and the installed tool selects it with
# --exporter: its option is listed and checked, and its towns.csv has every
# town of the blueprint at the elevation the Terrain World package's
# scenery gives it.
set -euo pipefail
build="$1" source="$2" blueprint="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source" -B "$work/towns" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/towns" >/dev/null
tool=("$work/prefix/bin/isla-tool" --plugin-dir "$work/towns")

# An exporter links the kernel and the world library over it.
isla=$(readelf -d "$work/towns/towns-csv.so" | sed -n 's/.*(NEEDED).*\[\(libisla-[^.]*\).*/\1/p' | sort | tr '\n' ' ')
[ "$isla" = "libisla-kernel libisla-world " ] || { echo "towns-csv.so needs: $isla" >&2; exit 1; }
fail() { echo "$1" >&2; exit 1; }

listing=$("${tool[@]}" plugins)
api=$(sed -n 's/^Plugin API version //p' <<<"$listing")
grep -q "towns-csv 1.0.0 (API $api)" <<<"$listing" || fail "$listing"
options=$("${tool[@]}" plugins --options towns-csv)
grep -q "  separator (one of comma, semicolon; default 'comma'): comma, or semicolon" <<<"$options" || fail "$options"

# A bad value names the option and writes nothing.
if out=$("${tool[@]}" export "$blueprint" "$work/bad" --exporter towns-csv --option separator=tab --quiet 2>&1); then
  fail "separator=tab was accepted"
fi
grep -q "exporter 'towns-csv' (plugin towns-csv): option 'separator' takes one of comma, semicolon, not 'tab'" <<<"$out" || fail "$out"
[[ ! -e "$work/bad" ]] || fail "a refused export left $work/bad"

"${tool[@]}" export "$blueprint" "$work/csv" --exporter towns-csv --quiet >/dev/null
"${tool[@]}" export "$blueprint" "$work/package" --exporter terrain-world-v1 --quiet >/dev/null
/usr/bin/python3 - "$work/csv/towns.csv" "$work/package/scenery" <<'PY'
import csv, glob, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
towns = {}
for path in glob.glob(sys.argv[2] + "/*.json"):
    for entity in json.load(open(path))["entities"]:
        if entity["kind"] == "town":
            towns[entity["id"]] = entity["position_m"]
assert rows and len(rows) == len(towns), (len(rows), len(towns))
for row in rows:
    x, y, z = towns[row["id"]]
    assert abs(float(row["x_m"]) - x) < 1e-3 and abs(float(row["z_m"]) - z) < 1e-3, row
    assert abs(float(row["elevation_m"]) - y) < 1e-3, (row, y)
PY
