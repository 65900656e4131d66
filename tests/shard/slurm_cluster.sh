#!/bin/bash
# A Slurm cluster for the length of a test, as root and without systemd: a
# munge key and munged, a generated slurm.conf (its own ports), slurmctld
# and one slurmd a node, all state in $SLURM_STATE. One node is this host
# with its CPUs; more are emulated on it (Debian's slurmd runs one daemon a
# node with `-N NAME`, each on its own port, its spool, pid and log files
# named by %n), n1, n2, ... of one CPU each, so that an array's tasks run
# on different nodes. Sourced by the Slurm tests: `start_slurm_cluster DIR
# [NODES]` returns non-zero, with why in $slurm_failure, when the cluster
# cannot start; `stop_slurm_cluster` ends what it started. Each wait polls a
# state; its deadline, SLURM_HANG_GUARD_S, is a guard against a hang that no
# loaded machine comes near.

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
  local nodes="${2:-1}"
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
  slurm_nodes=()
  if [ "$nodes" -eq 1 ]; then
    slurm_nodes=("$(hostname -s)")
  else
    for node in $(seq 1 "$nodes"); do slurm_nodes+=("n$node"); mkdir -p "$SLURM_STATE/spool/n$node"; done
  fi
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
SlurmdSpoolDir=$SLURM_STATE/spool/%n
SlurmctldPidFile=$SLURM_STATE/slurmctld.pid
SlurmdPidFile=$SLURM_STATE/slurmd-%n.pid
SlurmctldLogFile=$SLURM_STATE/slurmctld.log
SlurmdLogFile=$SLURM_STATE/slurmd-%n.log
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
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  local node port=$((base + 1))
  if [ "$nodes" -eq 1 ]; then
    mkdir -p "$SLURM_STATE/spool/$host"
    echo "NodeName=$host CPUs=$(nproc) State=UNKNOWN" >>"$SLURM_CONF"
  else
    for node in "${slurm_nodes[@]}"; do
      port=$((port + 1))
      echo "NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 Port=$port CPUs=1 State=UNKNOWN" >>"$SLURM_CONF"
    done
  fi
  /usr/sbin/slurmctld -c -f "$SLURM_CONF" || {
    slurm_failure="slurmctld did not start: $(slurm_log_tail)"
    return 1
  }
  for node in "${slurm_nodes[@]}"; do
    if [ "$nodes" -eq 1 ]; then
      /usr/sbin/slurmd -f "$SLURM_CONF"
    else
      /usr/sbin/slurmd -N "$node" -f "$SLURM_CONF"
    fi || {
      slurm_failure="slurmd of $node did not start: $(slurm_log_tail)"
      return 1
    }
  done
  local deadline=$((SECONDS + SLURM_HANG_GUARD_S))
  until [ -f "$SLURM_STATE/slurmctld.pid" ] &&
    [ "$(sinfo -h -N -t idle -o %N 2>/dev/null | sort -u | wc -l)" -eq "$nodes" ]; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      slurm_failure="the $nodes node(s) did not become idle within $SLURM_HANG_GUARD_S s: $(sinfo 2>&1) $(slurm_log_tail)"
      return 1
    fi
    sleep 0.5
  done
}

stop_slurm_cluster() {
  local file pid
  [ -n "${SLURM_CONF:-}" ] && scancel --full --quiet --partition=test 2>/dev/null || true
  for file in "$SLURM_STATE"/slurmd-*.pid "$SLURM_STATE/slurmctld.pid"; do
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
