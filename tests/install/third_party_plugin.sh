#!/usr/bin/env bash
# examples/third-party-plugin builds against an installed isla-tool, and the
# installed tool loads it: its section is listed and its validator runs with
# its own option.
set -euo pipefail
build="$1" source="$2" blueprint="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source" -B "$work/notes" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/notes" >/dev/null
tool="$work/prefix/bin/isla-tool"

# A section and validator plugin links the kernel and no other isla library.
isla=$(readelf -d "$work/notes/notes.so" | sed -n 's/.*(NEEDED).*\[\(libisla-[^]]*\)\]/\1/p' | tr '\n' ' ')
[[ "$isla" =~ ^libisla-kernel\.so\.[0-9]+\ $ ]] || { echo "notes.so needs: $isla(the kernel alone)" >&2; exit 1; }

listing=$("$tool" --plugin-dir "$work/notes" plugins)
api=$(sed -n 's/^Plugin API version //p' <<<"$listing")
grep -q "notes 1.0.0 (API $api)" <<<"$listing" || { echo "$listing" >&2; exit 1; }
grep -q "section   NOTE  Notes (optional)" <<<"$listing" || { echo "$listing" >&2; exit 1; }

# One lake is fewer than 999: a warning, still valid; --strict fails it.
out=$("$tool" --plugin-dir "$work/notes" validate --only min-lakes --min-lakes 999 "$blueprint" 2>&1)
grep -q "warning: WBTB: the blueprint has .* lakes, fewer than the 999 --min-lakes asks for \[min-lakes.too-few\]" <<<"$out" \
  || { echo "$out" >&2; exit 1; }
if "$tool" --plugin-dir "$work/notes" validate --strict --only min-lakes --min-lakes 999 "$blueprint" >/dev/null 2>&1; then
  echo "--strict did not fail on the plugin's warning" >&2
  exit 1
fi
"$tool" --plugin-dir "$work/notes" validate --only min-lakes "$blueprint" >/dev/null
