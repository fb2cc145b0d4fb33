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
# One worker process a core (-n auto; REACTIONS_TEST_WORKERS=1 for a single process); the browser tests all go to one
# worker, one after another (tests/conftest.py groups them), while the other workers run the rest.
.venv/bin/python -m pytest -n "${REACTIONS_TEST_WORKERS:-auto}" --dist loadgroup "$@"
