#!/bin/bash
# A one-node Slurm cluster for the length of a test, as root and without
# systemd: a munge key and munged, a generated slurm.conf (this host's name
# and CPUs, its own ports), slurmctld and slurmd, all state in $SLURM_STATE.
# Sourced by the Slurm tests: `start_slurm_cluster DIR` returns non-zero,
# with why in $slurm_failure, when the cluster cannot start;
# `stop_slurm_cluster` ends what it started. Each wait polls a state; its
# deadline, SLURM_HANG_GUARD_S, is a guard against a hang that no loaded
# machine comes near.

slurm_pids=()
SLURM_HANG_GUARD_S=300

slurm_log_tail() {
  local log
  for log in "$SLURM_STATE"/*.log; do
    [ -f "$log" ] && { echo "--- $log"; tail -n 15 "$log"; }
  done
}

start_slurm_cluster() {
  SLURM_STATE="$1"
  local tool
  for tool in munged slurmctld slurmd sbatch squeue scontrol sinfo; do
    if ! command -v "$tool" >/dev/null && [ ! -x "/usr/sbin/$tool" ]; then
      slurm_failure="$tool is not installed (scripts/install-deps installs slurm-wlm and munge)"
      return 1
    fi
  done
  if [ "$(id -u)" -ne 0 ]; then
    slurm_failure="the test cluster's daemons run as root, and this is uid $(id -u)"
    return 1
  fi
  mkdir -p "$SLURM_STATE"/{munge,ctld,spool}
  chmod 700 "$SLURM_STATE/munge"
  head -c 1024 /dev/urandom >"$SLURM_STATE/munge/munge.key"
  chmod 400 "$SLURM_STATE/munge/munge.key"
  local socket="$SLURM_STATE/munge/munge.sock"
  /usr/sbin/munged --force --key-file="$SLURM_STATE/munge/munge.key" --socket="$socket" \
    --pid-file="$SLURM_STATE/munge/munged.pid" --log-file="$SLURM_STATE/munged.log" \
    --seed-file="$SLURM_STATE/munge/munge.seed" || {
    slurm_failure="munged did not start"
    return 1
  }
  slurm_pids+=("$(cat "$SLURM_STATE/munge/munged.pid")")

  # Ports of our own, so that a Slurm already on the machine is untouched.
  local base=$((20000 + ($$ % 20000)))
  local host
  host="$(hostname -s)"
  export SLURM_CONF="$SLURM_STATE/slurm.conf"
  cat >"$SLURM_CONF" <<CONF
ClusterName=isla-test
SlurmctldHost=$host
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$SLURM_STATE/ctld
SlurmdSpoolDir=$SLURM_STATE/spool
SlurmctldPidFile=$SLURM_STATE/slurmctld.pid
SlurmdPidFile=$SLURM_STATE/slurmd.pid
SlurmctldLogFile=$SLURM_STATE/slurmctld.log
SlurmdLogFile=$SLURM_STATE/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MinJobAge=600
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  /usr/sbin/slurmctld -c -f "$SLURM_CONF" || {
    slurm_failure="slurmctld did not start: $(slurm_log_tail)"
    return 1
  }
  /usr/sbin/slurmd -f "$SLURM_CONF" || {
    slurm_failure="slurmd did not start: $(slurm_log_tail)"
    return 1
  }
  local deadline=$((SECONDS + SLURM_HANG_GUARD_S))
  until [ -f "$SLURM_STATE/slurmctld.pid" ] && [ -f "$SLURM_STATE/slurmd.pid" ] &&
    [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = "idle" ]; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      slurm_failure="the node did not become idle within $SLURM_HANG_GUARD_S s: $(sinfo 2>&1) $(slurm_log_tail)"
      return 1
    fi
    sleep 0.5
  done
}

stop_slurm_cluster() {
  local file pid
  [ -n "${SLURM_CONF:-}" ] && scancel --full --quiet --partition=test 2>/dev/null || true
  for file in "$SLURM_STATE/slurmd.pid" "$SLURM_STATE/slurmctld.pid"; do
    [ -f "$file" ] && slurm_pids+=("$(cat "$file")")
  done
  for pid in "${slurm_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # Gone before the state directory is removed: SIGKILL only for a daemon
  # that hangs.
  local deadline=$((SECONDS + SLURM_HANG_GUARD_S))
  for pid in "${slurm_pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null; do
      if [ "$SECONDS" -ge "$deadline" ]; then
        echo "slurm_cluster: daemon $pid did not end within $SLURM_HANG_GUARD_S s of SIGTERM; killing it" >&2
        kill -KILL "$pid" 2>/dev/null || true
      fi
      sleep 0.1
    done
  done
}
