#!/usr/bin/env bash
# Every diagnostic code the sources can emit is listed in docs/diagnostics.md.
# A code is a quoted "area.what-went-wrong" string in non-test sources.
set -euo pipefail
root="$1"
cd "$root"
missing=0
codes=$(grep -rhoE '"[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*"' kernel/src plugins apps/isla-tool \
          --include='*.cpp' --include='*.hpp' --exclude-dir=test |
        tr -d '"' | grep -vE '\.(json|dat|so|md|txt|cpp|hpp|png|obj|mtl|gltf|glb|bin|html)$' |
        grep -vE '^(terrain-world|isla-tool|isla)\.' | sort -u)  # format names ("terrain-world.world", "isla.viewer-bundle"), not codes
for code in $codes; do
  if ! grep -q "\`$code\`" docs/diagnostics.md; then
    echo "docs/diagnostics.md does not list the code $code" >&2
    missing=1
  fi
done
[ -n "$codes" ] || { echo "no codes found: the pattern is broken" >&2; exit 1; }
exit "$missing"
