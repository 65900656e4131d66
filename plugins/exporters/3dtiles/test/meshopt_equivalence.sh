#!/usr/bin/env bash
# Exports the bundled example with --exporter 3dtiles twice, compressed (the
# default) and plain (--option compress=none), and has meshopt_equivalence.js
# decode the first with the npm meshoptimizer's reference decoder and compare
# every buffer view with the second:
#   meshopt_equivalence.sh ISLA_TOOL LAYOUT.json
set -euo pipefail
tool=$1 layout=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" run compile "$layout" "$work/compressed" --exporter 3dtiles --quiet
"$tool" run compile "$layout" "$work/plain" --exporter 3dtiles --option compress=none --quiet
node "$(dirname "$0")/meshopt_equivalence.js" "$work/compressed" "$work/plain"
