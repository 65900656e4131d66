#!/usr/bin/env bash
# examples/third-party-plugin builds against the installed isla-tool (the
# install_prefix fixture) with the project's warnings as errors, its own
# tests pass (isla_add_plugin TESTS), and the installed tool loads it: its
# section is listed and its validator runs with its own option.
set -euo pipefail
prefix="$1" source="$2" blueprint="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "$1" >&2; exit 1; }
cmake -S "$source" -B "$work/notes" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release -DISLA_WERROR=ON >/dev/null
cmake --build "$work/notes" >/dev/null
tests=$(ctest --test-dir "$work/notes" --output-on-failure 2>&1) || fail "$tests"
grep -q "100% tests passed, 0 tests failed out of 2" <<<"$tests" || fail "$tests"
tool="$prefix/bin/isla-tool"

# A section and validator plugin links the kernel and no other isla library.
isla=$(readelf -d "$work/notes/notes.so" | sed -n 's/.*(NEEDED).*\[\(libisla-[^]]*\)\]/\1/p' | tr '\n' ' ')
[[ "$isla" =~ ^libisla-kernel\.so\.[0-9]+\ $ ]] || fail "notes.so needs: $isla(the kernel alone)"

listing=$("$tool" --plugin-dir "$work/notes" plugins)
api=$(sed -n 's/^Plugin API version //p' <<<"$listing")
grep -q "notes 1.0.0 (API $api)" <<<"$listing" || fail "$listing"
grep -q "section   NOTE  Notes (optional)" <<<"$listing" || fail "$listing"

# One lake is fewer than 999: a warning, still valid; --strict fails it.
out=$("$tool" --plugin-dir "$work/notes" validate --only min-lakes --min-lakes 999 "$blueprint" 2>&1)
grep -q "warning: WBTB: the blueprint has .* lakes, fewer than the 999 --min-lakes asks for \[min-lakes.too-few\]" <<<"$out" \
  || fail "$out"
if "$tool" --plugin-dir "$work/notes" validate --strict --only min-lakes --min-lakes 999 "$blueprint" >/dev/null 2>&1; then
  fail "--strict did not fail on the plugin's warning"
fi
"$tool" --plugin-dir "$work/notes" validate --only min-lakes "$blueprint" >/dev/null
