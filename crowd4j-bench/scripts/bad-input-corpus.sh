#!/usr/bin/env bash
# The bad-input corpus of RELIABILITY.md: each case is a small file given to the command line;
# prints a Markdown table of the case, the exit code and the message (the temporary folder's path
# shortened to DIR). Needs crowd4j-cli/target/crowd4j.jar (mvn -o -q package -DskipTests).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="$here/crowd4j-cli/target/crowd4j.jar"
d="$(mktemp -d)"
trap 'rm -rf "$d"' EXIT
c4j() { java -Xmx512m -jar "$jar" "$@"; }
row() {
  local name="$1"
  shift
  local err code
  err="$("$@" 2>&1 >/dev/null)"
  code=$?
  err="$(printf '%s' "$err" | grep -v '^Try ' | head -n 1 | sed "s|$d|DIR|g; s/|/\\\\|/g")"
  printf '| %s | %s | `%s` |\n' "$name" "$code" "$err"
}
agg() { c4j aggregate --method mv --answers "$1" --out "$d/labels.csv" --quiet "${@:2}"; }
printf 'task,worker,label\nt1,w1,a\nt1,w2,"unterminated\nt2,w1,b\n' > "$d/unclosed.csv"
printf 'task,worker,label\nt1,w1,a\nt1,w2,say "hi"\n' > "$d/stray.csv"
printf 'task,worker,label\nt1,w1,a\nt1,w2,"a"b\n' > "$d/after.csv"
printf 'task,worker,label\nt1,w1,a\nt1,w2,"two\nlines"\n' > "$d/linebreak.csv"
printf 'task,worker,label\nt1,w\a1,a\n' > "$d/control.csv"
printf 'task,worker,label\nt1,w1,a\nt2,w\xff,b\n' > "$d/latin1.csv"
printf 'task,worker,label\nt1,w1,a\nt2,w2,\n' > "$d/empty-field.csv"
printf 'task,worker,label\nt1,w1,a\nt2,w2\n' > "$d/fields.csv"
printf 'item,annotator,label\nt1,w1,a\n' > "$d/columns.csv"
: > "$d/empty.csv"
printf 'task,worker,label\n' > "$d/header-only.csv"
seq 1 20000 | awk 'BEGIN{print "task,worker,label"} {print "t"$1",w"($1%7)","($1%3)}' | gzip > "$d/full.csv.gz"
head -c 3000 "$d/full.csv.gz" > "$d/cut.csv.gz"
printf 'task,worker,label\nt1,w1,a\nt2,w1,b\nt3,w2,a\n' > "$d/answers.csv"
printf 'task,label\nt1,a\nt1,b\n' > "$d/gold-twice.csv"
printf 'task,f0\nt1,0.5\nt2,abc\nt3,1\n' > "$d/features-nan.csv"
printf 'task,f0\nt1,0.5\nt2,NaN\nt3,1\n' > "$d/features-nonfinite.csv"
printf 'task,f0\nt1,0.5\nu1,1\nu2,2\n' > "$d/features-other.csv"
echo '| case | exit | message |'
echo '|---|---|---|'
row "unclosed quote" agg "$d/unclosed.csv"
row "stray quote in an unquoted field" agg "$d/stray.csv"
row "text after a closing quote" agg "$d/after.csv"
row "line break in a quoted label" agg "$d/linebreak.csv"
row "control character in a worker id" agg "$d/control.csv"
row "bytes that are not UTF-8" agg "$d/latin1.csv"
row "empty label" agg "$d/empty-field.csv"
row "missing field" agg "$d/fields.csv"
row "missing column" agg "$d/columns.csv"
row "empty file" agg "$d/empty.csv"
row "header only" agg "$d/header-only.csv"
row "gzip cut short" agg "$d/cut.csv.gz"
row "no such answers file" agg "$d/none.csv"
row "gold: two labels for a task" c4j aggregate --method mv --answers "$d/answers.csv" --gold "$d/gold-twice.csv" --out "$d/l.csv" --quiet
row "features: not a number" c4j train --method two-stage --answers "$d/answers.csv" --features "$d/features-nan.csv" --out "$d/m1" --quiet
row "features: NaN" c4j train --method two-stage --answers "$d/answers.csv" --features "$d/features-nonfinite.csv" --out "$d/m2" --quiet
row "features of other answers" c4j train --method two-stage --answers "$d/answers.csv" --features "$d/features-other.csv" --out "$d/m3" --quiet
# a saved model, then damaged copies of it
printf 'task,f0\nt1,0.5\nt2,1\nt3,1.5\n' > "$d/features.csv"
c4j train --method two-stage --answers "$d/answers.csv" --features "$d/features.csv" --epochs 1 --out "$d/model" --quiet >/dev/null 2>&1
cp -r "$d/model" "$d/model-damaged"
printf 'x' >> "$d/model-damaged/parameters.bin"
cp -r "$d/model" "$d/model-newer"
sed -i 's/"formatVersion" : 2/"formatVersion" : 3/' "$d/model-newer/model.json"
cp -r "$d/model" "$d/model-json"
printf '{\n  "format" : "crowd4j-nn-model",\n  oops\n}\n' > "$d/model-json/model.json"
mkdir -p "$d/not-a-model"
row "model: parameters changed after saving" c4j predict --model "$d/model-damaged" --features "$d/features.csv" --out "$d/p.csv" --quiet
row "model: newer format version" c4j predict --model "$d/model-newer" --features "$d/features.csv" --out "$d/p.csv" --quiet
row "model: model.json not JSON" c4j predict --model "$d/model-json" --features "$d/features.csv" --out "$d/p.csv" --quiet
row "model: folder without a model" c4j predict --model "$d/not-a-model" --features "$d/features.csv" --out "$d/p.csv" --quiet
mkdir -p "$d/idx"
printf 'not idx' > "$d/idx/train-labels-idx1-ubyte"
printf 'not idx' > "$d/idx/train-images-idx3-ubyte"
row "IDX: not an IDX file" c4j simulate --source "idx:$d/idx" --annotators perfect:n=2 --out "$d/sim" --quiet
