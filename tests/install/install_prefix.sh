#!/usr/bin/env bash
# The install the tests of this folder share (a CTest fixture): a fresh
# `cmake --install` of the build into PREFIX, which they only read.
set -euo pipefail
build="$1" prefix="$2"
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
