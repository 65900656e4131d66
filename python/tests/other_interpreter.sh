#!/bin/sh
# Runs other_interpreter.py ($2) with the python3 first on the PATH, when that
# is another interpreter than the pytest one ($1); exit 77 (skipped) if not.
set -eu
other=$(command -v python3 || true)
if [ -z "$other" ]; then
  echo "skipped: no python3 on the PATH"
  exit 77
fi
executable() { "$1" -c 'import os, sys; print(os.path.realpath(sys.executable))'; }
if [ "$(executable "$other")" = "$(executable "$1")" ]; then
  echo "skipped: the python3 on the PATH ($other) is $1 itself"
  exit 77
fi
exec "$other" "$2"
