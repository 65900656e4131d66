#!/usr/bin/env bash
# The mistakes a plugin author makes, against the installed isla-tool (the
# install_prefix fixture), each with its exit code and message (issue 55):
# the heights' plugin missing; a third party's plugin that claims HGTS (made
# by `plugin new --tag HGTS`), without and with --override-plugin; a
# validator plugin built for another plugin API; a --plugin-dir that names
# nothing or a file; a library in it that is no plugin.
set -euo pipefail
prefix="$1" blueprint="$2" wrong_api="$3" not_a_plugin="$4"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "$1" >&2; exit 1; }
tool="$prefix/bin/isla-tool"
shipped="$prefix/lib/isla-tool/plugins"
unset ISLA_PLUGIN_PATH
# Runs the tool: its exit code in $code, stdout in $out, stderr in $err.
run() { code=0; out=$("$tool" "$@" 2>"$work/err") || code=$?; err=$(cat "$work/err"); }
expect() {  # CODE STREAM TEXT: the exit code, and TEXT on stdout or stderr
  [ "$code" = "$1" ] || fail "exit $code, not $1: $out $err"
  grep -qF -- "$3" <<<"$([ "$2" = out ] && echo "$out" || echo "$err")" || fail "no '$3' in $2: $out $err"
}
cp "$blueprint" "$work/island.dat"
cat >"$work/layout.json" <<'LAYOUT'
{"format": "terrain-world.layout", "schema_version": 1, "name": "m",
 "sources": [{"id": "a", "namespace": "a", "path": "island.dat", "row": 0, "col": 0}]}
LAYOUT

# The heights' plugin is missing: HGTS is mandatory, so the blueprint is invalid, --strict or not.
mkdir "$work/no-hgts"
for plugin in "$shipped"/*.so; do [ "${plugin##*/}" = hgts.so ] || ln -s "$plugin" "$work/no-hgts/"; done
for strict in "" --strict; do
  LD_LIBRARY_PATH="$prefix/lib" run --no-default-plugins --plugin-dir "$work/no-hgts" validate "$blueprint" $strict
  expect 1 err "error: no section fills the heights role, which every blueprint needs; no loaded plugin decodes HGTS"
  expect 1 out "$blueprint: INVALID (1 error, 0 warnings)"
done
LD_LIBRARY_PATH="$prefix/lib" run --no-default-plugins --plugin-dir "$work/no-hgts" run compile "$work/layout.json" "$work/w"
expect 1 err "[role.missing]"

# A third party's plugin claims HGTS: the shipped hgts keeps it, and says how to choose.
"$tool" plugin new my-heights --kind section --tag HGTS "$work/my-heights" >/dev/null
cmake -S "$work/my-heights" -B "$work/my-heights/build" -DCMAKE_PREFIX_PATH="$prefix" -DISLA_WERROR=ON >/dev/null
cmake --build "$work/my-heights/build" >/dev/null
heights="$work/my-heights/build"
run --plugin-dir "$heights" validate "$blueprint"
expect 0 out "$blueprint: valid (0 errors, 0 warnings)"
expect 0 err "plugin $heights/my-heights.so refused: section tag HGTS is claimed by plugin 'my-heights' ($heights/my-heights.so) and already registered by plugin 'hgts' ($shipped/hgts.so), which keeps it; remove one of the two plugins from the search path, or give the claim to plugin 'my-heights': --override-plugin HGTS=my-heights"
# Given HGTS, it skips the heights' payload (not its layout): never "valid".
run --plugin-dir "$heights" --override-plugin HGTS=my-heights validate "$blueprint"
expect 1 err "plugin $shipped/hgts.so refused: displaced by plugin 'my-heights' ($heights/my-heights.so), which --override-plugin HGTS=my-heights gives HGTS"
expect 1 err "error: no section fills the heights role, which every blueprint needs; plugin 'my-heights' skipped HGTS (version "
expect 1 out "$blueprint: INVALID"
run --plugin-dir "$heights" --override-plugin HGTS=my-heights run compile "$work/layout.json" "$work/w"
expect 1 err "[role.missing]"
[ ! -e "$work/w" ] || fail "a refused compile left $work/w"

# A plugin built for another plugin API: refused, and the validation it might have done is incomplete.
mkdir "$work/old"
cp "$wrong_api" "$work/old/"
run --plugin-dir "$work/old" validate "$blueprint"
expect 0 out "$blueprint: validation incomplete (0 errors, 1 warning)"
expect 0 err "warning: validation incomplete: $work/old/${wrong_api##*/} was refused (built for plugin API version"
run --plugin-dir "$work/old" validate --strict "$blueprint"
expect 1 out "$blueprint: INVALID (1 error, 0 warnings)"
run --plugin-dir "$work/old" validate --json "$blueprint"
/usr/bin/python3 -c 'import json, sys; r = json.loads(sys.argv[1]); assert r["complete"] is False and r["valid"] is True, r' \
  "$out" || fail "$out"

# A --plugin-dir that names nothing, or a file: a usage error naming it.
run --plugin-dir "$work/typo" validate "$blueprint"
expect 2 err "isla-tool validate: --plugin-dir $work/typo: no such directory"
run --plugin-dir "$blueprint" validate "$blueprint"
expect 2 err "isla-tool validate: --plugin-dir $blueprint: not a directory"

# A library without the entry symbol in a directory the user named: a warning naming it.
mkdir "$work/mixed"
cp "$not_a_plugin" "$work/mixed/"
run --plugin-dir "$work/mixed" validate "$blueprint"
expect 0 err "isla-tool: warning: plugin $work/mixed/${not_a_plugin##*/} skipped: not an isla-tool plugin: it has no 'isla_plugin_entry' symbol"
