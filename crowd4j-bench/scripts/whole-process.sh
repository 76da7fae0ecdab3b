#!/usr/bin/env bash
# Whole crowd4j processes next to crowd-kit's, in CPU seconds (user + system of the process, all
# threads: JIT, GC and BLAS included), on the same seeded files:
#   - crowd4j whole: `./crowd4j <command>` (the launcher, so its JVM options) reading the CSV, fitting,
#     writing the result CSV; the best of N runs (by CPU), with the wall seconds of that run;
#   - crowd-kit whole: `python3 crowdkit_speed.py whole`: Python start, import, pandas read, fit at
#     crowd-kit's defaults, write the result CSV; once;
#   - crowd-kit fit alone: time.process_time() around fit() inside that same run.
# Ratios are crowd-kit ÷ crowd4j (whole ÷ whole, fit alone ÷ whole). Quality is computed afterwards
# from each result CSV against the simulated truth (accuracy, Kendall tau-b, corpus WER, mean IoU).
# `uptime`'s 1-minute load average is recorded before and after each row: CPU seconds are steadier
# than wall seconds on a shared machine but still grow with the load.
#
# usage: whole-process.sh [OUT.md] [--only LIST] [--sizes small|large|both] [--side both|crowd4j|crowd-kit]
#                         [--runs N] [--cache DIR] [--crowdkit-figures FILE] [--skip-crowdkit LIST]
#   LIST         comma-separated methods: ds,glad,mace,bt,noisy-bt,rover,seg-mv,seg-em (default all)
#   --sizes      small, large or both (default both); the sizes are below
#   --side       which library to time (default both)
#   --runs       crowd4j runs per row, the best kept (default 3)
#   --cache      where the generated data is kept between runs (default /tmp/crowd4j-whole-process)
#   --crowdkit-figures FILE  crowd-kit rows already measured (tab-separated, as this script writes
#                them): a workload found there is not run again but taken from the file (marked *);
#                a workload measured now is appended. crowd-kit's figures do not change when crowd4j
#                does, so crowd4j can be re-measured alone (--side crowd4j) next to recorded ones.
#   --skip-crowdkit LIST  workloads (method-size, e.g. noisy-bt-large) not run in crowd-kit
#                (NoisyBT at 1M comparisons takes about 3 minutes of CPU there)
# Environment: JAVA (default java), JAVA_OPTS, PYTHON (default /usr/bin/python3; needs numpy, pandas,
# scipy and crowd-kit importable, e.g. PYTHONPATH=its source), C4J_JAR, BENCH_JAR.
# Needs the jars: ./mvnw -B -o -q -pl crowd4j-cli,crowd4j-bench -am package -DskipTests
#
# Sizes (small / large): ds 200k / 2M answers (10 per task, 1,000 annotators, 4 classes);
# glad 50k / 500k, mace 50k / 200k answers (same crowd: crowd-kit's MACE takes about a minute per
# 50k answers); bt, noisy-bt 100k / 1M comparisons of 2,000 items by
# 1,000 workers; rover 10k / 100k transcripts (5 per sentence); seg-mv, seg-em 100 / 1,000 images of
# 256 x 256 pixels, 5 masks each.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out=""
only="ds,glad,mace,bt,noisy-bt,rover,seg-mv,seg-em"
sizes="both"
side="both"
runs=3
cache="/tmp/crowd4j-whole-process"
figures=""
skip=""
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --sizes) sizes="$2"; shift 2 ;;
    --side) side="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --cache) cache="$2"; shift 2 ;;
    --crowdkit-figures) figures="$2"; shift 2 ;;
    --skip-crowdkit) skip="$2"; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) out="$1"; shift ;;
  esac
done
case "$sizes" in small | large | both) ;; *) echo "--sizes small|large|both" >&2; exit 2 ;; esac
case "$side" in both | crowd4j | crowd-kit) ;; *) echo "--side both|crowd4j|crowd-kit" >&2; exit 2 ;; esac
java="${JAVA:-java}"
read -r -a jopts <<<"${JAVA_OPTS:-}"
py="${PYTHON:-/usr/bin/python3}"
c4j="$(realpath "${C4J_JAR:-$here/crowd4j-cli/target/crowd4j.jar}")"
# crowd4j runs as users run it: through the launcher, with its JVM options (JAVA_OPTS replaces them)
export CROWD4J_JAR="$c4j"
if [ -n "${JAVA_OPTS:-}" ]; then export CROWD4J_JAVA_OPTS="$JAVA_OPTS"; fi
bench="$(realpath "${BENCH_JAR:-$here/crowd4j-bench/target/crowd4j-bench.jar}")"
ck="$here/crowd4j-bench/src/main/python/crowdkit_speed.py"
mkdir -p "$cache"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
[ -n "$figures" ] && touch "$figures"

load() { cut -d, -f1 /proc/loadavg | awk '{ print $1 }'; }

# generates the data of one workload once into $cache/NAME (a .done marker says it is complete)
data() {
  local name="$1" dir="$cache/$1"
  if [ ! -f "$dir/.done" ]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    case "$name" in
      answers-*)
        "$java" -jar "$c4j" simulate -q --source "gaussian:n=$((${name#answers-} / 10)),classes=4,dim=1" \
          --annotators "asymmetric:n=800,s=0.5+spammer:n=200" --assignment k:10 --seed 1 --out "$dir" >&2
        rm -f "$dir/features.csv" ;;
      comparisons-*)
        "$java" -cp "$bench" org.crowd4j.bench.PairwiseBenchmark speed --comparisons "${name#comparisons-}" \
          --items 2000 --write "$dir" --write-only >&2 ;;
      transcripts-*)
        "$java" -cp "$bench" org.crowd4j.bench.KindsBenchmark speed --only texts \
          --tasks "$((${name#transcripts-} / 5))" --write "$dir" --write-only >&2 ;;
      images-*)
        "$java" -cp "$bench" org.crowd4j.bench.KindsBenchmark speed --only masks \
          --images "${name#images-}" --write "$dir" --write-only >&2 ;;
    esac
    touch "$dir/.done"
  fi
  echo "$dir"
}

# "CPU WALL" of one run of "$@" (user + system, all threads), or "failed"
timed() {
  if /usr/bin/time -f "%U %S %e" -o "$tmp/t" "$@" >"$tmp/log" 2>&1; then
    awk '{ printf "%.2f %.2f", $1 + $2, $3 }' "$tmp/t"
  else
    echo "failed (see $tmp/log)" >&2
    tail -5 "$tmp/log" >&2
    echo "failed"
  fi
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.1f×", a / b; else printf "—" }'; }

table_head() {
  echo "| workload | crowd4j whole CPU s (wall) | crowd-kit whole CPU s (wall) | crowd-kit fit alone CPU s |" \
    "crowd-kit whole ÷ crowd4j whole | crowd-kit fit ÷ crowd4j whole | quality crowd4j / crowd-kit | load before → after |"
  echo "|---|---:|---:|---:|---:|---:|---|---|"
}

# one row: key label data-dir quality-kind crowd-kit-method crowd4j-command...
row() {
  local key="$1" label="$2" dir="$3" kind="$4" ckm="$5"
  shift 5
  local before after c4="" c4w="" ckc="" ckw="" ckf="" q4="—" qk="—" mark="" best t
  before="$(load)"
  if [ "$side" != crowd-kit ]; then
    for _ in $(seq "$runs"); do
      t="$(timed bash "$here/crowd4j" "$@" -q --out "$tmp/c4j.csv")"
      [ "$t" = failed ] && { c4="failed"; break; }
      if [ -z "$c4" ] || awk -v a="${t% *}" -v b="$c4" 'BEGIN { exit !(a < b) }'; then
        c4="${t% *}"; c4w="${t#* }"
      fi
    done
    [ "$c4" != failed ] && q4="$("$py" "$ck" quality "$kind" "$dir" "$tmp/c4j.csv")"
  fi
  if [ -n "$figures" ] && grep -q "^$key	" "$figures"; then
    IFS=$'\t' read -r _ ckc ckw ckf qk _ < <(grep "^$key	" "$figures" | tail -1)
    mark="*"
  elif [ "$side" != crowd4j ]; then
    if [[ ",$skip," == *",$key,"* ]]; then
      ckc="skipped"
    else
      local b2 a2
      b2="$(load)"
      t="$(timed "$py" "$ck" whole "$ckm" "$dir" "$tmp/ck.csv" --fit-seconds "$tmp/fit")"
      a2="$(load)"
      if [ "$t" = failed ]; then
        ckc="failed"
      else
        ckc="${t% *}"; ckw="${t#* }"; ckf="$(cut -d' ' -f1 "$tmp/fit")"
        qk="$("$py" "$ck" quality "$kind" "$dir" "$tmp/ck.csv")"
        [ -n "$figures" ] && printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$key" "$ckc" "$ckw" "$ckf" "$qk" \
          "$b2 → $a2" "$(date -u +%FT%TZ)" >>"$figures"
      fi
    fi
  fi
  after="$(load)"
  local c4s="—" cks="—"
  [ -n "$c4" ] && c4s="$c4${c4w:+ ($c4w)}"
  [ -n "$ckc" ] && cks="$ckc$mark${ckw:+ ($ckw)}"
  [ -n "$ckf" ] && ckf="$(printf '%.2f' "$ckf")"
  local q="$q4 / $qk"
  [ "$q4" != "—" ] && [ "$qk" != "—" ] && q="$q4 / ${qk##* }"
  echo "| $label | $c4s | $cks | ${ckf:-—}$mark | $(ratio "$ckc" "$c4") | $(ratio "$ckf" "$c4") | $q | $before → $after |"
}

wants() { [[ ",$only," == *",$1,"* ]]; }
commas() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

{
  echo "Whole processes, $(date -u '+%F %H:%M UTC'), $(nproc) cores, $("$java" -jar "$c4j" --version 2>/dev/null | head -1)," \
    "$("$py" -c 'import sys, numpy, pandas; print("Python", sys.version.split()[0], "numpy", numpy.__version__, "pandas", pandas.__version__)')," \
    "load before: $(uptime | sed 's/.*load average: //')"
  echo
  table_head
} | tee "$tmp/table"

for size in small large; do
  [ "$sizes" = both ] || [ "$sizes" = "$size" ] || continue
  if [ "$size" = small ]; then
    ds=200000 gl=50000 ma=50000 pw=100000 tx=10000 im=100
  else
    ds=2000000 gl=500000 ma=200000 pw=1000000 tx=100000 im=1000
  fi
  if wants ds; then
    d="$(data "answers-$ds")"
    row "ds-$size" "DS, $(commas $ds) answers" "$d" labels ds \
      aggregate --method ds --answers "$d/answers.csv" | tee -a "$tmp/table"
  fi
  for m in glad mace; do
    if wants $m; then
      n=$gl; [ $m = mace ] && n=$ma
      d="$(data "answers-$n")"
      row "$m-$size" "${m^^}, $(commas $n) answers" "$d" labels $m \
        aggregate --method $m --answers "$d/answers.csv" | tee -a "$tmp/table"
    fi
  done
  for m in bt noisy-bt; do
    if wants $m; then
      d="$(data "comparisons-$pw")"
      name="BT"; [ $m = noisy-bt ] && name="NoisyBT"
      row "$m-$size" "$name, $(commas $pw) comparisons" "$d" ranking $m \
        rank --method $m --comparisons "$d/comparisons.csv" | tee -a "$tmp/table"
    fi
  done
  if wants rover; then
    d="$(data "transcripts-$tx")"
    row "rover-$size" "ROVER, $(commas $tx) transcripts" "$d" texts rover \
      aggregate-text --method rover --answers "$d/transcripts.csv" | tee -a "$tmp/table"
  fi
  for m in mv em; do
    if wants seg-$m; then
      d="$(data "images-$im")"
      row "seg-$m-$size" "segmentation ${m^^}, $(commas $im) images × 256² × 5" "$d" masks seg-$m \
        aggregate-masks --method $m --encoding rle --answers "$d/masks_rle.csv" | tee -a "$tmp/table"
    fi
  done
done
echo "after: $(uptime | sed 's/.*load average: //'); * = crowd-kit figure recorded earlier (--crowdkit-figures)" |
  tee -a "$tmp/table"
[ -n "$out" ] && cp "$tmp/table" "$out"
exit 0
