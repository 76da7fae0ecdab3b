#!/usr/bin/env bash
# Runs the Python package's tests (pytest) against the package folder the build assembled.
# Usage: scripts/pytest.sh PACKAGE_DIR (the interpreter: $PYTHON, else the first python3 with the modules). Without python3, pytest, pandas or JPype the tests are skipped
# with a note, except under CI=true, where that is a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="$(cd "$1" && pwd)"
python=""
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 \
      && "$candidate" -c 'import pytest, pandas, numpy, jpype' 2>/dev/null; then
    python="$candidate"
    break
  fi
done
if [ -z "$python" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "crowd4j-python: python3 with pytest, pandas, numpy and jpype is required under CI=true" >&2
    exit 1
  fi
  echo "crowd4j-python: Python tests skipped (needs python3-pytest, python3-pandas, python3-jpype)"
  exit 0
fi
export PYTHONPATH="$package${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
cd "$here"
exec "$python" -m pytest -q -p no:cacheprovider src/test/python
