#!/bin/sh
# cmake --install (the install_prefix fixture) puts world_compiler below the
# prefix at PYTHON_DIR, where it finds the installed kernel, plugins and
# data: it compiles the example.
# Usage: installed_package.sh PREFIX PYTHON_DIR INTERPRETER
set -eu
prefix="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$prefix/$2" "$3" -c '
import sys
from world_compiler import _kernel
from world_compiler.compiler import compile_world
from world_compiler.validation import validate_world
assert str(_kernel.PLUGIN_DIR).startswith(sys.argv[1]), _kernel.PLUGIN_DIR
compile_world(_kernel.DATA_DIR / "examples/archipelago/layout.json", "world")
print("installed world_compiler:", validate_world("world"))
' "$prefix"
