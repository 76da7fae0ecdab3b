#!/usr/bin/env bash
# Mutation testing (PIT) of crowd4j-core, one package at a time, and the kill rate of each and of all.
# Usage: crowd4j-bench/scripts/mutation-run.sh [OUTDIR] [PACKAGE...]
# (default packages: io pairwise text segmentation aggregate; OUTDIR default target/mutation).
# Each package's mutations.csv and HTML report land in OUTDIR/PACKAGE/; the summary in OUTDIR/summary.txt.
# The kill rate counts killed and timed-out mutants over all mutants (no coverage included), as PIT's
# "mutation score" does. RELIABILITY.md ("Mutation testing") records a run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$(mkdir -p "${1:-$here/target/mutation}" && cd "${1:-$here/target/mutation}" && pwd)"
shift || true
packages=("$@")
if [ ${#packages[@]} -eq 0 ]; then packages=(io pairwise text segmentation aggregate); fi
cd "$here"
summary="$out/summary.txt"
: > "$summary"
for p in "${packages[@]}"; do
  start=$(date +%s)
  ./mvnw -B -o -Ppit -pl crowd4j-core test-compile org.pitest:pitest-maven:mutationCoverage \
    -Dspotless.check.skip=true -DtargetClasses="org.crowd4j.$p.*" > "$out/$p.log" 2>&1
  rm -rf "${out:?}/$p"
  cp -r crowd4j-core/target/pit-reports "$out/$p"
  awk -F, -v p="$p" -v s="$(( $(date +%s) - start ))" '
    { n++; c[$6]++ }
    END { k = c["KILLED"] + c["TIMED_OUT"] + c["MEMORY_ERROR"] + c["RUN_ERROR"];
          printf "%-13s mutants %5d  killed %5d  survived %4d  no coverage %4d  kill rate %.1f %%  (%d s)\n",
                 p, n, k, c["SURVIVED"], c["NO_COVERAGE"], 100 * k / n, s }' \
    "$out/$p/mutations.csv" | tee -a "$summary"
done
cat "$out"/*/mutations.csv | awk -F, '
  { n++; c[$6]++ }
  END { k = c["KILLED"] + c["TIMED_OUT"] + c["MEMORY_ERROR"] + c["RUN_ERROR"];
        printf "%-13s mutants %5d  killed %5d  survived %4d  no coverage %4d  kill rate %.1f %%\n",
               "all", n, k, c["SURVIVED"], c["NO_COVERAGE"], 100 * k / n }' | tee -a "$summary"
