#!/usr/bin/env bash
# Seconds per epoch of a LabelMe CoNAL fit (30 epochs, no grid, last epoch) with N engine threads,
# alone and with a second identical fit beside it. Usage: threads.sh SHARED_DIR [OUT_CSV]
# Environment: EXTRA_ENV (e.g. OMP_WAIT_POLICY=PASSIVE) is passed to both runs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
shared="${1:?shared dir}"
out="${2:-/dev/stdout}"
d="$shared/datasets/labelme"
work="$(mktemp -d)"
fit() { # threads tag
  env ${EXTRA_ENV:-} "$here/crowd4j" train --method conal --no-tune --epochs 30 \
    --param selection=LAST_EPOCH --answers "$d/answers.csv" --features "$d/features.csv" \
    --seed 0 --threads "$1" --out "$work/m-$2" --json --quiet 2>/dev/null \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["secondsPerEpoch"])'
}
[ "$out" = /dev/stdout ] || [ -f "$out" ] || echo "threads,wait_policy,concurrent,run,sec_per_epoch" > "$out"
policy="${EXTRA_ENV:-${POLICY_TAG:-default}}"
for t in ${THREADS:-1 2}; do
  a=$(fit "$t" alone)
  echo "$t,$policy,1,1,$a" >> "$out"
  fit "$t" x > "$work/x.txt" &
  b=$(fit "$t" y)
  wait
  echo "$t,$policy,2,1,$b" >> "$out"
  echo "$t,$policy,2,2,$(cat "$work/x.txt")" >> "$out"
done
rm -rf "$work"
