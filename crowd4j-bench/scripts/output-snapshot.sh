#!/usr/bin/env bash
# Runs a fixed set of crowd4j commands over generated crowds, the export fixtures and some shared
# datasets, and keeps every output (labels, model files, --json, stdout, stderr, reports) in OUT,
# with the fields that change from run to run (creation time, elapsed time, timings) blanked.
# Two snapshots of the same inputs, taken before and after a change, compare with `diff -r`
# (see output-compare.sh).
#
# usage: output-snapshot.sh JAR OUT [SHARED_DATASETS]
#        SCRUB_ONLY=1 output-snapshot.sh JAR OUT   (blank the volatile fields of an existing OUT again)
#   JAR              the application jar (crowd4j-cli/target/crowd4j.jar)
#   OUT              an empty or missing folder
#   SHARED_DATASETS  default: ../shared/datasets beside the project root (skipped when absent)
set -u
JAR=$(realpath "$1")
OUT=$(realpath -m "$2")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${3:-$ROOT/../shared/datasets}
EXPORTS=$ROOT/crowd4j-core/src/test/resources/exports
mkdir -p "$OUT"
cd "$OUT" || exit 2
if [ -z "${SCRUB_ONLY:-}" ]; then
C=(java -Xmx3g -cp "$JAR" org.crowd4j.cli.Main)

# run NAME ARGS...: stdout to NAME.out, stderr to NAME.err, exit code to NAME.rc
run() {
  local name=$1
  shift
  "${C[@]}" "$@" > "$name.out" 2> "$name.err"
  echo $? > "$name.rc"
}

# inputs, generated (their outputs are part of the snapshot)
run sim-class simulate --source gaussian:n=600 --annotators hammer-spammer:n=12,p=0.6 --assignment k:4 --seed 3 --out in/class
run sim-text simulate-text --annotators 5 --tasks 40 --seed 3 --out in/text
run sim-masks simulate-masks --annotators 4 --images 6 --width 40 --height 30 --seed 3 --out in/masks
run sim-pairs simulate-pairwise --items 40 --comparisons 1500 --adversarial-share 0.2 --seed 3 --out in/pairs
run sim-tags simulate-multilabel --tasks 200 --spammers 0.3 --seed 3 --out in/tags

CLASS_METHODS=(mv soft-mv ds ds-map wawa zbs one-coin-ds ibcc crowd-mixture common-confusion-em mmsr mmce glad mace auto)
for m in "${CLASS_METHODS[@]}"; do
  run "class-$m" aggregate --answers in/class/answers.csv --gold in/class/gold.csv --method "$m" \
    --out "out/class-$m.csv" --model-out "out/class-$m.model.json"
  run "class-$m-json" aggregate --answers in/class/answers.csv --method "$m" --json --quiet
done
run class-gold-mv aggregate --answers in/class/answers.csv --gold in/class/gold.csv --method gold-mv --out out/class-gold-mv.csv
run class-kos aggregate --answers in/class/answers.csv --method kos
run class-anonymous aggregate --answers in/class/answers.csv --anonymous --method auto --out out/class-anonymous.csv
run class-evaluate evaluate --gold in/class/gold.csv --pred out/class-ds.csv --model out/class-ds.model.json \
  --true-confusions in/class/true_confusions.json
run class-evaluate-json evaluate --gold in/class/gold.csv --pred out/class-ds.csv --json
run class-resim simulate --from out/class-ds.model.json --answers-per-task 3 --seed 1 --out in/resim
run class-report report --answers in/class/answers.csv --gold in/class/gold.csv --method ds --method mv --out out/class-report.html

for m in rover rasa hrrasa closest-to-average; do
  run "text-$m" aggregate-text --answers in/text/answers.csv --gold in/text/gold.csv --method "$m" \
    --out "out/text-$m.csv" --model-out "out/text-$m.model.json"
done
for m in mv rasa em; do
  run "masks-$m" aggregate-masks --answers in/masks/answers.csv --gold in/masks/gold.csv --method "$m" \
    --out "out/masks-$m.csv" --model-out "out/masks-$m.model.json"
done
for m in bt noisy-bt; do
  run "rank-$m" rank --comparisons in/pairs/comparisons.csv --truth in/pairs/truth.csv --method "$m" \
    --out "out/rank-$m.csv" --model-out "out/rank-$m.model.json"
  run "rank-$m-json" rank --comparisons in/pairs/comparisons.csv --method "$m" --json --quiet
done
for m in mv ds glad; do
  run "tags-$m" aggregate-multilabel --answers in/tags/answers.csv --gold in/tags/gold.csv --method "$m" \
    --out "out/tags-$m.csv" --model-out "out/tags-$m.model.json"
done
run report-text report --kind text --answers in/text/answers.csv --gold in/text/gold.csv --out out/text-report.html
run report-pairs report --kind pairwise --answers in/pairs/comparisons.csv --out out/pairs-report.html
run report-tags report --kind multilabel --answers in/tags/answers.csv --gold in/tags/gold.csv --out out/tags-report.html

# platform exports
run export-label-studio aggregate --answers "$EXPORTS/label-studio.json" --method ds --out out/export-ls.csv --model-out out/export-ls.model.json
run export-toloka-text aggregate-text --answers "$EXPORTS/toloka-text.tsv" --method rover --out out/export-toloka-text.csv
run export-toloka-tags aggregate-multilabel --answers "$EXPORTS/toloka-multilabel.tsv" --method mv --out out/export-toloka-tags.csv
run export-sagemaker-masks aggregate-masks --answers "$EXPORTS/sagemaker-masks.csv" --method mv --out out/export-sagemaker-masks.csv
for f in "$EXPORTS"/*; do
  case "$f" in
    *.json | *.tsv | *.csv | *.manifest) ;;
    *) continue ;;
  esac
  b=$(basename "$f")
  run "export-any-$b" aggregate --answers "$f" --method mv --out "out/export-any-$b.csv"
done

# numeric answers
java -Xmx1g -cp "$JAR" org.crowd4j.cli.Main simulate --source gaussian:n=80 --annotators hammer-spammer:n=5,p=0.6 \
  --assignment k:3 --seed 5 --out in/num-src > /dev/null 2>&1
python3 - in/num-src/answers.csv in/num <<'PY'
import csv, os, random, sys, zlib
os.makedirs(sys.argv[2], exist_ok=True)
rng = random.Random(5)
truth = {}
with open(sys.argv[1]) as f, open(sys.argv[2] + '/answers.csv', 'w', newline='') as o:
    w = csv.writer(o)
    w.writerow(['task', 'worker', 'label'])
    for r in csv.DictReader(f):
        t = truth.setdefault(r['task'], round(rng.uniform(0, 100), 3))
        bias = (zlib.crc32(r['worker'].encode()) % 7) - 3
        w.writerow([r['task'], r['worker'], round(t + bias + rng.gauss(0, 5), 3)])
with open(sys.argv[2] + '/gold.csv', 'w', newline='') as o:
    w = csv.writer(o)
    w.writerow(['task', 'label'])
    for t, v in sorted(truth.items()):
        w.writerow([t, v])
PY
for m in mean median catd pm raykar auto; do
  run "num-$m" aggregate-numeric --answers in/num/answers.csv --gold in/num/gold.csv --method "$m" \
    --out "out/num-$m.csv" --workers-out "out/num-$m.workers.csv"
  run "num-$m-json" aggregate-numeric --answers in/num/answers.csv --method "$m" --json --quiet
done

# the Spark engine (when the build resolved Spark's class path), through the launcher's Spark set-up
if [ -f "$ROOT/crowd4j-spark/target/spark-classpath.txt" ]; then
  for m in mv ds glad; do
    CROWD4J_JAR=$JAR CROWD4J_JAVA_OPTS=-Xmx3g "$ROOT/crowd4j" aggregate --engine spark --master 'local[2]' \
      --answers in/class/answers.csv --gold in/class/gold.csv --method "$m" --out "out/spark-$m.csv" \
      --model-out "out/spark-$m.model.json" > "spark-$m.out" 2> /dev/null
    echo $? > "spark-$m.rc"
  done
fi

# a trained network (two epochs, one thread: deterministic on a CPU)
run train-crowd-layer train --answers in/class/answers.csv --features in/class/features.csv --method crowd-layer \
  --epochs 2 --no-tune --threads 1 --seed 1 --out out/train-crowd-layer

# shared datasets
if [ -d "$SHARED" ]; then
  for d in bluebirds dog snow-wsd labelme emotion; do
    [ -f "$SHARED/$d/answers.csv" ] || continue
    for m in mv ds one-coin-ds glad mace auto; do
      run "shared-$d-$m" aggregate --answers "$SHARED/$d/answers.csv" --gold "$SHARED/$d/gold.csv" \
        --method "$m" --out "out/shared-$d-$m.csv" --model-out "out/shared-$d-$m.model.json"
    done
  done
fi
fi

# blank what changes from run to run
python3 - "$OUT" <<'EOF'
import os, re, sys
root = sys.argv[1]
SUBS = [
    # JSON fields (model files, --json): creation time and elapsed times
    (re.compile(r'("(?:created|elapsedMillis|elapsedSeconds|epochSeconds|fitSeconds|loadSeconds|seconds)"\s*:\s*)'
                r'("[^"]*"|\[[^\]]*\]|[-+0-9.eE]+)'), r'\1"*"'),
    (re.compile(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?'), '<timestamp>'),
    (re.compile(r'\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?( UTC)?'), '<timestamp>'),
]
TIMES = re.compile(r'\b\d+(\.\d+)? ?(ms|s|min)\b')
TABLE = re.compile(r'<table>.*?</table>', re.S)
CELL = re.compile(r'<t([hd])>(.*?)</t\1>', re.S)


def blank_time_columns(m):
    """Blanks the cells of the columns whose header names a time ("fit time (s)")."""
    table = m.group(0)
    header = re.search(r'<thead>(.*?)</thead>', table, re.S)
    if not header:
        return table
    names = [c.group(2) for c in CELL.finditer(header.group(1))]
    timed = {i for i, n in enumerate(names) if 'time' in n or n == 'seconds'}
    if not timed:
        return table

    def row(r):
        cells = list(CELL.finditer(r.group(0)))
        out, last = [], 0
        for i, c in enumerate(cells):
            out.append(r.group(0)[last:c.start()])
            out.append('<td>*</td>' if i in timed and c.group(1) == 'd' else c.group(0))
            last = c.end()
        out.append(r.group(0)[last:])
        return ''.join(out)

    return re.sub(r'<tr>.*?</tr>', row, table, flags=re.S)
for dirpath, _, files in os.walk(root):
    for name in files:
        if not name.endswith(('.json', '.out', '.err', '.html')):
            continue
        path = os.path.join(dirpath, name)
        text = open(path, encoding='utf-8', errors='surrogateescape').read()
        for rx, rep in SUBS:
            text = rx.sub(rep, text)
        if not name.endswith('.json'):
            text = TIMES.sub('<time>', text)
        if name.endswith('.html'):
            text = TABLE.sub(blank_time_columns, text)
        with open(path, 'w', encoding='utf-8', errors='surrogateescape') as fh:
            fh.write(text)
EOF
echo "snapshot in $OUT: $(find "$OUT" -type f | wc -l) files"
