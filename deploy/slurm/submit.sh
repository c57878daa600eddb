#!/usr/bin/env bash
# Submits a sharded loki tournament as a Slurm array job plus a merge job that runs when
# every shard succeeded:
#   deploy/slurm/submit.sh SHARDS RUN_DIR TOURNAMENT_OPTIONS...
#   deploy/slurm/submit.sh 16 /shared/run1 --preset figure4 --matches 16 --seed 1998
# Prints the two job ids. Set LOKI to the loki binary if it is not on PATH.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 SHARDS RUN_DIR TOURNAMENT_OPTIONS..." >&2
  exit 2
fi
SHARDS=$1 RUN=$2
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$RUN"
export SHARDS RUN LOKI_ARGS="$*" LOKI=${LOKI:-loki}
ARRAY=$(sbatch --parsable --chdir="$RUN" --array=0-$((SHARDS - 1)) --export=ALL "$HERE/tournament-array.sbatch")
MERGE=$(sbatch --parsable --chdir="$RUN" --dependency=afterok:"$ARRAY" --export=ALL "$HERE/merge.sbatch")
echo "array $ARRAY merge $MERGE"
