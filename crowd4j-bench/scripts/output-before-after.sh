#!/usr/bin/env bash
# Builds crowd4j at REV (a commit, default: the last release tag) in a temporary worktree, takes an
# output snapshot with it and with this tree's jar (crowd4j-cli/target/crowd4j.jar, built first when
# absent), and compares the two with output-compare.sh: every output byte-identical, model files
# but for the schema's version and checksum fields.
#
# usage: output-before-after.sh REV [WORKDIR]
#   WORKDIR  where the worktree and the snapshots go (default: a new temporary folder)
set -euo pipefail
REV=${1:?usage: output-before-after.sh REV [WORKDIR]}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${2:-$(mktemp -d)}
mkdir -p "$WORK"
SCRIPTS=$ROOT/crowd4j-bench/scripts
MVN=(./mvnw -B -q -o install -DskipTests -Dspotless.check.skip=true -Djavadoc.skip=true)

if [ ! -f "$ROOT/crowd4j-cli/target/crowd4j.jar" ]; then
  (cd "$ROOT" && "${MVN[@]}")
fi
git -C "$ROOT" worktree add -f --detach "$WORK/before-tree" "$REV" > /dev/null
trap 'git -C "$ROOT" worktree remove --force "$WORK/before-tree" > /dev/null 2>&1 || true' EXIT
# the before tree builds without installing over this tree's artifacts
(cd "$WORK/before-tree" && ./mvnw -B -q -o package -DskipTests -Dspotless.check.skip=true \
  -Djavadoc.skip=true)
# the same inputs for both: this tree's snapshot script, the shared datasets beside this tree
bash "$SCRIPTS/output-snapshot.sh" "$WORK/before-tree/crowd4j-cli/target/crowd4j.jar" "$WORK/before"
bash "$SCRIPTS/output-snapshot.sh" "$ROOT/crowd4j-cli/target/crowd4j.jar" "$WORK/after"
bash "$SCRIPTS/output-compare.sh" "$WORK/before" "$WORK/after"
