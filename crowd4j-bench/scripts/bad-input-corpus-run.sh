#!/usr/bin/env bash
# The generated bad-input corpus of RELIABILITY.md ("Generated corpus"): valid files of every reader
# and kind, damaged by seeded mutations, each given to the command line in one JVM
# (org.crowd4j.bench.BadInputCorpus). Prints the summary (files per reader and kind, exit codes,
# findings) and writes it to OUT/summary.md; exits 1 when there is a finding.
#
# usage: bad-input-corpus-run.sh [SEED [COUNT [OUT]]]   (default: 1 1500 target/bad-input-corpus)
# Needs the compiled modules (./mvnw -o -q compile -pl crowd4j-bench -am); run from anywhere.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SEED=${1:-1}
COUNT=${2:-1500}
OUT=$(realpath -m "${3:-$ROOT/target/bad-input-corpus}")
cd "$ROOT"
mkdir -p target
./mvnw -B -o -q -pl crowd4j-bench dependency:build-classpath -Dmdep.outputFile="$ROOT/target/bad-input-cp.txt"
CLASSES=crowd4j-bench/target/classes:crowd4j-cli/target/classes:crowd4j-core/target/classes
CLASSES=$CLASSES:crowd4j-nn/target/classes:crowd4j-spark/target/classes:crowd4j-experiments/target/classes
java -Xmx1g -cp "$CLASSES:$(cat target/bad-input-cp.txt)" org.crowd4j.bench.BadInputCorpus \
  --seed "$SEED" --count "$COUNT" --out "$OUT" 2> >(grep -v '^SLF4J' >&2)
