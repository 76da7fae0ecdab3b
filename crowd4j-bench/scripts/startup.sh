#!/usr/bin/env bash
# Start-up cost of the command line (BENCHMARKS.md, "Start-up"): CPU seconds (user + system, all
# threads: JIT and GC included) of whole `./crowd4j …` and `java -jar crowd4j.jar …` processes, the
# best of N runs,
# and how many classes each one loads by group (-Xlog:class+load). The CPU time is steadier than
# the wall time on a shared machine, but still grows with the load: give `uptime` beside it.
#
# usage: startup.sh [N [JAR]]   (default: 5 crowd4j-cli/target/crowd4j.jar)
# Needs the jar (./mvnw -o -q package -DskipTests) and /usr/bin/time; writes its crowd to a temporary
# folder (5,000 answers: 1,000 tasks, 20 annotators, 4 classes).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
n="${1:-5}"
jar="$(realpath "${2:-$here/crowd4j-cli/target/crowd4j.jar}")"
d="$(mktemp -d)"
trap 'rm -rf "$d"' EXIT
cd "$d"
java -jar "$jar" simulate --source gaussian:n=1000,classes=4,dim=5 \
  --annotators common:n=20,share=0.5 --assignment k:5 --seed 1 --out "$d/sim5k" >/dev/null

# best CPU seconds (and the wall seconds of that run) of n runs of "$@"
best() {
  local b="" w="" u s e c
  for _ in $(seq "$n"); do
    /usr/bin/time -f "%U %S %e" -o "$d/t" "$@" >/dev/null 2>&1 || true
    read -r u s e <"$d/t"
    c="$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')"
    if [ -z "$b" ] || awk -v c="$c" -v b="$b" 'BEGIN { exit !(c < b) }'; then b="$c"; w="$e"; fi
  done
  printf '%s CPU s (wall %s s)' "$b" "$w"
}

# classes loaded by "$@", by group
classes() {
  java -Xlog:class+load:file="$d/cl.txt" "$@" >/dev/null 2>&1 || true
  grep -o '\] [^ ]* source' "$d/cl.txt" | awk '{
    n = $2; g = "other"
    if (n ~ /^(java|javax|jdk|sun|com\.sun)\./) g = "JDK"
    else if (n ~ /^picocli\./) g = "picocli"
    else if (n ~ /jackson/) g = "Jackson"
    else if (n ~ /^ai\.djl/) g = "DJL"
    else if (n ~ /^org\.crowd4j\.cli\.report/) g = "cli.report"
    else if (n ~ /^org\.crowd4j\.cli/) g = "cli"
    else if (n ~ /^org\.crowd4j\.nn/) g = "nn"
    else if (n ~ /^org\.crowd4j/) g = "core"
    else if (n ~ /slf4j/) g = "slf4j"
    else if (n ~ /fastcsv/) g = "FastCSV"
    c[g]++; t++
  } END {
    printf "%d classes:", t
    for (g in c) printf " %s %d", g, c[g]
  }'
}

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/')"
# the launcher with its JVM options (client compiler, serial collector, the build's class archive),
# and the bare `java -jar` for comparison; the classes are counted on the bare run
export CROWD4J_JAR="$jar"
run() {
  local name="$1"
  shift
  echo "$name: launcher $(best bash "$here/crowd4j" "$@"); java -jar $(best java -jar "$jar" "$@");" \
    "$(classes -jar "$jar" "$@")"
}
run "--version" --version
run "--help" --help
run "aggregate --help" aggregate --help
run "aggregate --method mv (5k answers)" aggregate --method mv --answers "$d/sim5k/answers.csv" \
  --out "$d/labels.csv"
echo "after: $(uptime | sed 's/.*load/load/')"
