#!/usr/bin/env bash
# The default-protocol acceptance runs: `crowd4j train` with only --method, the files and --seed (test files
# are passed so that train prints the test accuracy at the end; they are never used for a choice).
# Usage: acceptance.sh OUT_CSV DATASET_DIR SETTING [METHODS] [SEEDS]
#   SETTING: valid (use the folder's valid_features.csv/valid_gold.csv) or heldout (ignore them)
#   METHODS: comma-separated, default mv,ds,trace-reg,conal (mv/ds = two-stage with that aggregator)
#   SEEDS: comma-separated, default 0,1,2,3,4
# CROWD4J_JAR: the command-line jar to run (default crowd4j-cli/target/crowd4j.jar, lib/ beside it), e.g. a
# copy, so that rebuilding during the runs does not change them.
# CROWD4J_PARAMS: extra space-separated name=value options passed as --param (e.g. "members=5"); empty: none.
# One CSV row per run: dataset,setting,method,seed,test_acc,select_metric,select_score,chosen,best_epoch,
# epochs_run,candidates,seconds,annotator_epochs
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:?out csv}"
d="${2:?dataset dir}"
setting="${3:?valid|heldout}"
methods="${4:-mv,ds,trace-reg,conal}"
seeds="${5:-0,1,2,3,4}"
name="$(basename "$d")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -f "$out" ] || echo "dataset,setting,method,seed,test_acc,select_metric,select_score,chosen,best_epoch,epochs_run,candidates,seconds,annotator_epochs" > "$out"
for m in ${methods//,/ }; do
  for s in ${seeds//,/ }; do
    args=(--answers "$d/answers.csv" --features "$d/features.csv"
          --test-features "$d/test_features.csv" --test-gold "$d/test_gold.csv" --seed "$s")
    case "$m" in
      mv|ds) args=(--method two-stage --param "aggregator=$m" "${args[@]}") ;;
      *) args=(--method "$m" "${args[@]}") ;;
    esac
    for p in ${CROWD4J_PARAMS:-}; do
      args+=(--param "$p")
    done
    if [ "$setting" = valid ]; then
      args+=(--valid-features "$d/valid_features.csv" --valid-gold "$d/valid_gold.csv")
    fi
    t0=$(date +%s.%N)
    java -Xmx2g -jar "${CROWD4J_JAR:-$here/crowd4j-cli/target/crowd4j.jar}" train "${args[@]}" --out "$work/model" --json --quiet > "$work/run.json"
    t1=$(date +%s.%N)
    python3 - "$work/run.json" "$name" "$setting" "$m" "$s" "$t0" "$t1" >> "$out" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
name, setting, m, s, t0, t1 = sys.argv[2:8]
t = j.get("tuning") or {}
chosen = " ".join(f"{k}={v}" for k, v in (t.get("chosen") or {}).items())
print(",".join(str(x) for x in [name, setting, m, s, f'{j["test"]["accuracy"]:.4f}', j["selectionMetric"],
      f'{j["bestScore"]:.4f}', chosen, j["bestEpoch"], j["epochsRun"], len(t.get("candidates", [])),
      f"{float(t1) - float(t0):.1f}", j.get("annotatorEpochs", 0)]))
PY
    tail -n 1 "$out"
  done
done
