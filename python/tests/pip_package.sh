#!/usr/bin/env bash
# The Python package as a user installs it with pip, and its whole test
# suite run against that install: over this build's install (the prefix of
# the fixture isla_install), a venv of Debian's python3 that sees Debian's
# packages (setuptools, wheel, pytest, numpy); `pip install
# --no-build-isolation --no-index ./python` in it, which compiles the native
# module against the prefix's SDK, as against isla-tool-dev; then pytest
# from that venv, nothing on PYTHONPATH.
#   usage: pip_package.sh INSTALL_PREFIX SOURCE_DIR INTERPRETER
set -euo pipefail
prefix="$1" source="$2" python="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

"$python" -m venv --system-site-packages "$work/venv"
# pip builds in the folder it is given: a copy, not the checkout.
cp -r "$source/python" "$work/python"
CMAKE_PREFIX_PATH="$prefix" "$work/venv/bin/pip" install --no-build-isolation --no-index "$work/python" \
  >"$work/pip.log" 2>&1 || fail "pip install failed: $(tail -20 "$work/pip.log")"

unset PYTHONPATH
cd "$work"
tool="$prefix/bin/isla-tool"
"$work/venv/bin/python" - "$work/venv" "$prefix" "$("$tool" --version)" <<'PYTHON' || fail "the pip-installed package is not what it should be"
import importlib.metadata, sys
from pathlib import Path
import world_compiler
from world_compiler import _kernel
venv, prefix, tool_version = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
assert Path(world_compiler.__file__).resolve().is_relative_to(venv.resolve()), world_compiler.__file__
assert _kernel.PLUGIN_DIR == prefix.resolve() / "lib/isla-tool/plugins", _kernel.PLUGIN_DIR
version = importlib.metadata.version("world-compiler")
assert tool_version.startswith(f"isla-tool {version} "), (version, tool_version)
print(f"pip installed world-compiler {version} into the venv, over {_kernel.PLUGIN_DIR}")
PYTHON
ISLA_TOOL="$tool" PYTHONDONTWRITEBYTECODE=1 "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$source/python/tests"
