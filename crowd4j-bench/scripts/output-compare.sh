#!/usr/bin/env bash
# Compares two snapshots of output-snapshot.sh, taken before and after a change: every file must be
# byte-identical, except model files, which may differ only by the fields the model-file schema adds
# (formatVersion, checksum) and by the renames listed in ALLOWED_RENAMES below.
#
# usage: output-compare.sh BEFORE AFTER
# exit 0 when they agree; 1 (with the differences listed) when not.
set -u
python3 - "$1" "$2" <<'PY'
import json, os, sys

before, after = sys.argv[1], sys.argv[2]
ADDED = {"formatVersion", "checksum"}
# option renames made on purpose (one name for one meaning across kinds)
ALLOWED_RENAMES = {"iterations": "maxIterations"}


def files(root):
    out = set()
    for d, _, names in os.walk(root):
        for n in names:
            out.add(os.path.relpath(os.path.join(d, n), root))
    return out


def strip(v):
    if isinstance(v, dict):
        return {ALLOWED_RENAMES.get(k, k): strip(x) for k, x in v.items() if k not in ADDED}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


bad = []
b, a = files(before), files(after)
for p in sorted(b - a):
    bad.append(f"missing after: {p}")
for p in sorted(a - b):
    bad.append(f"new after: {p}")
same = 0
for p in sorted(a & b):
    x = open(os.path.join(before, p), "rb").read()
    y = open(os.path.join(after, p), "rb").read()
    if x == y:
        same += 1
        continue
    if p.endswith(".json"):
        try:
            if json.dumps(strip(json.loads(x))) == json.dumps(strip(json.loads(y))):
                same += 1
                continue
        except ValueError:
            pass
    bad.append(f"differs: {p}")
print(f"{same} of {len(a & b)} files agree ({len(b)} before, {len(a)} after)")
for line in bad:
    print("  " + line)
sys.exit(1 if bad else 0)
PY
