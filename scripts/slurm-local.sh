#!/usr/bin/env bash
# Installs a single-node Slurm (Debian's slurm-wlm and munge) on this machine, runs a
# small sharded loki tournament through deploy/slurm/submit.sh (an array job of SHARDS
# tasks and a dependent merge job), and checks that the merged results.json and
# profit.png are byte-identical to the unsharded run of the same command.
#   scripts/slurm-local.sh [SHARDS]       (as root; about two minutes)
# Not part of CI: it starts system daemons.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARDS=${1:-4}
ARGS="--players SOM,GOM,BPM,LOKI2 --hands 400 --matches 2 --seed 7"
WORK=$(mktemp -d /tmp/loki-slurm.XXXXXX)
chmod 755 "$WORK"

echo "== install slurm-wlm and munge"
if ! command -v slurmctld >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

echo "== configure a one-node cluster"
HOST=$(hostname -s)
CPUS=$(nproc)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=loki
SlurmctldHost=$HOST
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmUser=root
SlurmdUser=root
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ReturnToService=2
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=main Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
fi
chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || runuser -u munge -- munged
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 30); do
  sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mix|alloc' && break
  scontrol update nodename="$HOST" state=resume >/dev/null 2>&1 || true
  sleep 1
done
sinfo

echo "== build loki"
cargo build --release -q -p loki
LOKI=$(pwd)/target/release/loki
export LOKI

echo "== the unsharded run"
# shellcheck disable=SC2086
"$LOKI" tournament $ARGS --quiet --out "$WORK/whole" >/dev/null

echo "== submit $SHARDS shards and the merge"
# shellcheck disable=SC2086
IDS=$(deploy/slurm/submit.sh "$SHARDS" "$WORK/run" $ARGS)
echo "$IDS"
MERGE=${IDS##* }
for _ in $(seq 600); do
  STATE=$(sacct -n -X -j "$MERGE" -o State 2>/dev/null | head -1 | tr -d ' ' || true)
  [ -z "$STATE" ] && STATE=$(scontrol show job "$MERGE" 2>/dev/null | grep -o 'JobState=[A-Z]*' | cut -d= -f2 || true)
  case "$STATE" in
    COMPLETED) break ;;
    FAILED|CANCELLED*|TIMEOUT|OUT_OF_MEMORY|NODE_FAIL) echo "merge job $STATE"; exit 1 ;;
  esac
  sleep 1
done
squeue || true

echo "== compare"
for f in results.json profit.png; do
  cmp "$WORK/whole/$f" "$WORK/run/merged/$f"
done
ls "$WORK"/run
echo "OK: the $SHARDS Slurm shards merge to the bytes of the unsharded run ($WORK)"
