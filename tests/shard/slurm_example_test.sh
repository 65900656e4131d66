#!/bin/bash
# examples/slurm on a real Slurm cluster of four nodes (slurm_cluster.sh,
# emulated on this host, one CPU each): the 4-task array and the assembly
# job it depends on make, through sbatch, the package a one-machine compile
# makes, byte for byte, the tasks on several nodes; then a 3-task array on
# nodes n1-n3 and its assembly pinned to n4, one task's isla-tool killed as
# it publishes its shard (strace sends SIGKILL as it reserves the shard's
# name): the assembly job never runs, `run assemble` refuses naming the
# missing shard, the task is requeued, removes the stage the killed run
# left, and the assembly job on n4 publishes the same package again; last,
# the array with the 3D Tiles exporter makes the one-machine tileset. Every
# wait polls a state (a job's, a file's); its deadline is a hang guard.
#   usage: slurm_example_test.sh ISLA_TOOL SOURCE_DIR
set -euo pipefail
tool="$(realpath "$1")"
examples="$2/examples/slurm"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
# shellcheck source=slurm_cluster.sh
source "$here/slurm_cluster.sh"
# shellcheck source=small_layout.sh
source "$here/small_layout.sh"
cleanup() {
  stop_slurm_cluster
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  slurm_log_tail >&2 || true
  exit 1
}

cannot_run() {
  if [ "${CI:-}" = true ]; then fail "$1, and under CI=true this test must run"; fi
  echo "skipped: slurm_example: $1" >&2
  exit 77
}
start_slurm_cluster "$work/slurm" 4 || cannot_run "Slurm cannot start here: $slurm_failure"
strace="$(command -v strace)" || cannot_run "strace is not on PATH (Debian: strace; scripts/install-deps installs it)"

# The states of a job's tasks, one a line ("COMPLETED").
states() { scontrol show job -o "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'; }
# The nodes a job's tasks ran on, one a line ("n2").
nodes_of() { scontrol show job -o "$1" 2>/dev/null | sed -n 's/.* NodeList=\([^ ]*\).*/\1/p'; }
# Waits until no task of the job is pending or running.
wait_for() {
  local deadline=$((SECONDS + SLURM_HANG_GUARD_S))
  while states "$1" | grep -qE '^(PENDING|RUNNING|CONFIGURING|COMPLETING|REQUEUED|REQUEUE_HOLD|REQUEUE_FED|RESIZING|SUSPENDED|STAGE_OUT)$'; do
    [ "$SECONDS" -lt "$deadline" ] || fail "job $1 did not finish within $SLURM_HANG_GUARD_S s: $(scontrol show job "$1")"
    sleep 0.5
  done
}

data="$work/data"
write_small_layout "$tool" "$data"
"$tool" run compile "$data/layout.json" "$data/whole" --quiet >/dev/null

# 1. The example as it is: 4 tasks, then the assembly.
export ISLA_TOOL="$tool"
read -r array assembly < <("$examples/submit.sh" "$data/layout.json" "$data/world" "$data/shards" 4)
wait_for "$array"
wait_for "$assembly"
[ "$(states "$array" | sort -u)" = "COMPLETED" ] || fail "array $array: $(states "$array" | tr '\n' ' ')"
[ "$(states "$assembly")" = "COMPLETED" ] || fail "assembly $assembly: $(states "$assembly")"
diff -r "$data/whole" "$data/world" >/dev/null || fail "the assembled package differs from the one-machine compile"
[ "$(ls "$data/shards" | grep -c '^shard-[0-3]$')" = 4 ] || fail "not 4 shards: $(ls "$data/shards")"
used="$(nodes_of "$array" | sort -u | tr '\n' ' ')"
[ "$(nodes_of "$array" | sort -u | wc -l)" -ge 2 ] || fail "the 4 tasks all ran on one node: $used"
echo "ok: a 4-task array on nodes $used and its assembly job made the one-machine package byte for byte"

# 2. Three tasks on n1-n3 and the assembly pinned to n4; task 1's isla-tool
# killed as it publishes its shard, the first time only.
cat >"$work/kill-task-1" <<WRAPPER
#!/bin/bash
if [ "\$SLURM_ARRAY_TASK_ID" = 1 ] && mkdir "$work/killed-once" 2>/dev/null; then
  # LeakSanitizer cannot stop a traced process's threads: no leak check under strace.
  export ASAN_OPTIONS="\${ASAN_OPTIONS:+\$ASAN_OPTIONS:}detect_leaks=0"
  exec "$strace" -f -qq -o /dev/null -e trace=mkdir -e inject=mkdir:signal=SIGKILL \
    -P "$data/shards-again/shard-1" -- "$tool" "\$@"
fi
exec "$tool" "\$@"
WRAPPER
chmod +x "$work/kill-task-1"
jobs=(--export=ALL,ISLA_TOOL="$work/kill-task-1",LAYOUT="$data/layout.json",OUTDIR="$data/again",SHARD_DIR="$data/shards-again"
  --chdir="$data")
mkdir -p "$data/shards-again"
array=$(sbatch --parsable "${jobs[@]}" --array=0-2 --exclude=n4 "$examples/compile-shards.sbatch")
array="${array%%;*}"
assembly=$(sbatch --parsable "${jobs[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes --nodelist=n4 \
  "$examples/assemble.sbatch")
wait_for "$array"
wait_for "$assembly"
[ -d "$work/killed-once" ] || fail "task 1 never ran: $(scontrol show job "$array")"
[ "$(states "${array}_1")" = FAILED ] || fail "task 1 did not fail: $(scontrol show job -o "${array}_1")"
stages() { find "$data/shards-again" -maxdepth 1 -name '.shard-1.isla-stage-*' | wc -l; }
# The killed task's stage is left, unless a task that started after it died
# swept it (a run sweeps the stages of dead writers beside its output, of
# any target: issue 57); never more than the one.
[ "$(stages)" -le 1 ] || fail "more than the killed task's stage is left: $(ls -a "$data/shards-again")"
[ "$(states "$assembly")" != COMPLETED ] || fail "the assembly job ran although task 1 failed"
[ ! -e "$data/again" ] || fail "a package appeared although task 1 failed"
if "$tool" run assemble "$data/layout.json" "$data/again" --shard-dir "$data/shards-again" --quiet 2>"$work/refusal"; then
  fail "run assemble accepted the shards without shard 1"
fi
grep -qF "shard 1 of 3 is missing from '$data/shards-again' (not made, or its task did not finish); run it again" \
  "$work/refusal" || fail "run assemble did not name shard 1: $(cat "$work/refusal")"
[ ! -e "$data/again" ] || fail "the refused assembly left $data/again"
echo "ok: with task 1 killed the assembly job did not run ($(states "$assembly")) and run assemble refused: $(cat "$work/refusal")"

# 3. Task 1 requeued (same id and count), then the assembly job again on n4.
scontrol requeue "${array}_1"
# A requeued job waits two minutes before it may start again; not here.
scontrol update JobId="${array}_1" StartTime=now
wait_for "${array}_1"
[ "$(states "${array}_1")" = COMPLETED ] || fail "requeued task 1: $(scontrol show job -o "${array}_1")"
[ "$(stages)" = 0 ] || fail "requeued task 1 did not remove the killed run's stage: $(ls -a "$data/shards-again")"
reassembly=$(sbatch --parsable "${jobs[@]}" --nodelist=n4 "$examples/assemble.sbatch")
wait_for "$reassembly"
[ "$(states "$reassembly")" = COMPLETED ] || fail "the second assembly job: $(states "$reassembly")"
diff -r "$data/whole" "$data/again" >/dev/null || fail "the package after the re-run differs from the one-machine compile"
shards_on="$(nodes_of "$array" | sort -u | tr '\n' ' ')"
! nodes_of "$array" | grep -qx n4 || fail "a shard ran on n4, the assembly's node: $shards_on"
[ "$(nodes_of "$array" | sort -u | wc -l)" -ge 2 ] || fail "the 3 tasks all ran on one node: $shards_on"
[ "$(nodes_of "$reassembly")" = n4 ] || fail "the assembly ran on $(nodes_of "$reassembly"), not n4"
echo "ok: task 1 requeued, the shards on $shards_on and the assembly on n4 made the one-machine package byte for byte"

# 4. The same array with the 3D Tiles exporter.
"$tool" run compile "$data/layout.json" "$data/whole-tiles" --exporter 3dtiles --quiet >/dev/null
export ISLA_TOOL="$tool" EXPORTER=3dtiles
read -r array assembly < <("$examples/submit.sh" "$data/layout.json" "$data/tiles" "$data/shards-tiles" 4)
wait_for "$array"
wait_for "$assembly"
[ "$(states "$assembly")" = "COMPLETED" ] || fail "3D Tiles assembly $assembly: $(states "$assembly")"
diff -r "$data/whole-tiles" "$data/tiles" >/dev/null || fail "the assembled tileset differs from the one-machine export"
echo "ok: the 3D Tiles array and its assembly made the one-machine tileset byte for byte"
