#!/usr/bin/env bash
# Install everything the test suite needs into .venv, then run linters, type checks and every test.
# Usage: bash scripts/test.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,dask,dashboard]'

# The browser test drives Debian's Chromium (Playwright's own browser download cannot work offline).
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser test" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: the browser test will be skipped (it fails under CI=true)" >&2
  fi
fi

.venv/bin/ruff check .
.venv/bin/mypy
# pytest-xdist: one worker process a core (REACTIONS_TEST_WORKERS=1: a single process).  Without arguments, the
# browser tests (each a Streamlit server and a Chromium) run after the rest, one at a time in one process: two of
# them at once on 2 cores only wait on each other (and --dist loadgroup cannot keep them on one worker: it groups
# nothing with pytest 9.2, pytest-dev/pytest-xdist#1386).  With arguments, pytest runs exactly what they ask.
workers=(-n "${REACTIONS_TEST_WORKERS:-auto}")
if [ "$#" -eq 0 ]; then
  status=0
  .venv/bin/python -m pytest "${workers[@]}" -m "not browser" || status=$?
  .venv/bin/python -m pytest -p no:xdist -m browser tests/test_browser*.py || status=$?
  exit "$status"
else
  .venv/bin/python -m pytest "${workers[@]}" "$@"
fi
