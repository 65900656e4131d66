#!/usr/bin/env bash
# examples/third-party-exporter builds against the installed isla-tool (the
# install_prefix fixture: the kernel and the world library) with the
# project's warnings as errors and its own tests passing, and the installed
# tool selects it with --exporter: its option is listed and checked, its
# towns.csv has every town of the blueprint at the elevation the Terrain
# World package's scenery gives it, and it shards (two shards and their
# assembly) and compiles through the patch cache (a cold and a warm run)
# into the same bytes as one machine.
set -euo pipefail
prefix="$1" source="$2" blueprint="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "$1" >&2; exit 1; }
cmake -S "$source" -B "$work/towns" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release -DISLA_WERROR=ON >/dev/null
cmake --build "$work/towns" >/dev/null
tests=$(ctest --test-dir "$work/towns" --output-on-failure 2>&1) || fail "$tests"
grep -q "100% tests passed, 0 tests failed out of 2" <<<"$tests" || fail "$tests"
tool=("$prefix/bin/isla-tool" --plugin-dir "$work/towns")

# An exporter links the kernel and the world library over it.
isla=$(readelf -d "$work/towns/towns-csv.so" | sed -n 's/.*(NEEDED).*\[\(libisla-[^.]*\).*/\1/p' | sort | tr '\n' ' ')
[ "$isla" = "libisla-kernel libisla-world " ] || fail "towns-csv.so needs: $isla"

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

# Two sources side by side: one machine, two shards and their assembly,
# and the patch cache cold and warm make the same towns.csv.
for seed in 1 2; do "${tool[@]}" synth --seed $seed --size 256 --towns 3 --out "$work/s$seed.dat" >/dev/null; done
cat >"$work/layout.json" <<'LAYOUT'
{"format": "terrain-world.layout", "schema_version": 1, "name": "towns", "slope_warning_deg": 89.99,
 "sources": [{"id": "west", "namespace": "west", "path": "s1.dat", "row": 0, "col": 0},
             {"id": "east", "namespace": "east", "path": "s2.dat", "row": 0, "col": 1}]}
LAYOUT
compile=("${tool[@]}" run compile "$work/layout.json")
"${compile[@]}" "$work/one" --exporter towns-csv --quiet >/dev/null
[ "$(wc -l <"$work/one/towns.csv")" = 7 ] || fail "$(cat "$work/one/towns.csv")"
for shard in 0/2 1/2; do
  "${compile[@]}" "$work/assembled" --exporter towns-csv --shard "$shard" --shard-dir "$work/shards" --quiet >/dev/null
done
"${tool[@]}" run assemble "$work/layout.json" "$work/assembled" --shard-dir "$work/shards" --exporter towns-csv \
  --quiet >/dev/null
cmp "$work/one/towns.csv" "$work/assembled/towns.csv" || fail "the assembled towns.csv differs from one machine's"
"${compile[@]}" "$work/cold" --exporter towns-csv --cache "$work/cache" --quiet >/dev/null
warm=$("${compile[@]}" "$work/warm" --exporter towns-csv --cache "$work/cache" --quiet)
grep -Eq "\([1-9][0-9]* from the cache\)" <<<"$warm" || fail "the warm compile placed no patch from the cache: $warm"
cmp "$work/one/towns.csv" "$work/cold/towns.csv" || fail "the cached compile's towns.csv differs from one machine's"
cmp "$work/one/towns.csv" "$work/warm/towns.csv" || fail "the warm cached compile's towns.csv differs"
