#!/usr/bin/env bash
# `isla-tool plugin new NAME --kind KIND` of the installed tool (the
# install_prefix fixture) makes a project that builds against the install
# with the project's warnings as errors, whose tests pass (its own and the
# installed tool loading it), that has a README, and that the tool loads
# with --plugin-dir and uses as a user would.
set -euo pipefail
prefix="$1" kind="$2" blueprint="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "$1" >&2; exit 1; }
tool="$prefix/bin/isla-tool"
name="my-$kind"
project="$work/$name"

made=$("$tool" plugin new "$name" --kind "$kind" "$project")
grep -q "^made $project: the $kind plugin $name" <<<"$made" || fail "$made"
for file in CMakeLists.txt README.md "${name//-/_}.cpp" "test/${name//-/_}_test.cpp"; do
  [ -s "$project/$file" ] || fail "plugin new wrote no $file"
done
if grep -n "@[A-Z]*@" -r "$project"; then fail "a template's word was left unfilled"; fi
grep -q "DCMAKE_PREFIX_PATH=$prefix\$" "$project/README.md" || fail "the README does not name the install: $(cat "$project/README.md")"

cmake -S "$project" -B "$project/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" -DISLA_WERROR=ON >/dev/null
cmake --build "$project/build" >/dev/null
tests=$(ctest --test-dir "$project/build" --output-on-failure 2>&1) || fail "$tests"
grep -q "100% tests passed, 0 tests failed out of 2" <<<"$tests" || fail "$tests"
with=("$tool" --plugin-dir "$project/build")
listing=$("${with[@]}" plugins)
grep -q "^  $name 0.1.0 (API " <<<"$listing" || fail "$listing"

case "$kind" in
  section)
    # The blueprint with a MYSE section appended (sections run to the end
    # of the file): version 1, two entries.
    /usr/bin/python3 - "$blueprint" "$work/noted.dat" <<'PY'
import struct, sys
payload = struct.pack("<HI", 1, 2) + struct.pack("<If", 7, 0.5) + struct.pack("<If", 4000000000, -2.0)
data = open(sys.argv[1], "rb").read() + b"MYSE" + struct.pack("<Q", len(payload)) + payload
open(sys.argv[2], "wb").write(data)
PY
    inspected=$("${with[@]}" inspect "$work/noted.dat")
    grep -q "MYSE .*2 entries" <<<"$inspected" || fail "$inspected"
    "${with[@]}" validate --strict "$work/noted.dat" >/dev/null
    "${with[@]}" convert --keep-provenance "$work/noted.dat" "$work/again.dat" >/dev/null
    cmp "$work/noted.dat" "$work/again.dat" || fail "convert did not write the section back byte for byte"
    ;;
  validator)
    # Every town of the blueprint stands below a sea level of 10 raw.
    out=$("${with[@]}" validate --only "$name" --"$name"-sea-level 10 "$blueprint" 2>&1)
    grep -q "warning: pixel (.*): town 0 stands at .* raw, not above the sea level 10 \[$name.town-in-the-sea\]" <<<"$out" \
      || fail "$out"
    if "${with[@]}" validate --strict --only "$name" --"$name"-sea-level 10 "$blueprint" >/dev/null 2>&1; then
      fail "--strict passed the validator's warnings"
    fi
    "${with[@]}" validate --strict --only "$name" --"$name"-sea-level -10 "$blueprint" >/dev/null
    ;;
  exporter)
    "${with[@]}" export "$blueprint" "$work/out" --exporter "$name" --quiet >/dev/null
    head -1 "$work/out/patches.csv" | grep -qx "id,kind,lowest_m,highest_m,mean_m" || fail "$(cat "$work/out/patches.csv")"
    [ "$(wc -l <"$work/out/patches.csv")" = 2 ] || fail "$(cat "$work/out/patches.csv")"
    ;;
esac
