#!/bin/bash
# Submits the sharded compile of LAYOUT into OUTDIR as a Slurm job array of
# SHARDS tasks and the assembly job that runs once all of them succeeded.
# Prints the two job ids. Every path must be on a filesystem all nodes share.
#   usage: submit.sh LAYOUT OUTDIR SHARD_DIR [SHARDS] [sbatch options...]
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: submit.sh LAYOUT OUTDIR SHARD_DIR [SHARDS] [sbatch options...]" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
export LAYOUT="$(realpath "$1")" OUTDIR="$(realpath -m "$2")" SHARD_DIR="$(realpath -m "$3")"
shards="${4:-4}"
shift $(($# < 4 ? $# : 4))
mkdir -p "$SHARD_DIR"
array=$(sbatch --parsable --export=ALL --array="0-$((shards - 1))" --chdir="$SHARD_DIR" "$@" \
  "$here/compile-shards.sbatch")
array="${array%%;*}"
assembly=$(sbatch --parsable --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --chdir="$SHARD_DIR" "$@" "$here/assemble.sbatch")
echo "$array ${assembly%%;*}"
