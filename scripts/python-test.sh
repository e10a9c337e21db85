#!/usr/bin/env bash
# The Python package as a user gets it, over libhaptics: `make install-library` into a
# temporary DESTDIR (PREFIX=/usr, the debug build), then
# - python/tests with pytest, on the installed package and library (Debian's python3), the
#   Swift engine's own frames from the debug build of `haptics`;
# - mypy --strict on the package and its tests (its type hints are its documentation);
# - `pip install ./python` into a virtual environment, and a script recording a preset there.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
python=/usr/bin/python3
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
fail() { echo "python-test: FAIL: $*" >&2; exit 1; }

make --no-print-directory install-library DESTDIR="$dest" PREFIX=/usr CONFIGURATION=debug >/dev/null
installed="$dest/usr/lib/python3/dist-packages"
[ -f "$installed/haptics/py.typed" ] || fail "make install-library did not install the package with py.typed"
export HAPTICS_LIBRARY="$dest/usr/lib/libhaptics.so.0" HAPTICS_CLI="$repo/.build/debug/haptics" PYTHONDONTWRITEBYTECODE=1

PYTHONPATH="$installed:$repo/python/tests" "$python" -m pytest -q -p no:cacheprovider "$repo/python/tests"
PYTHONPATH="$installed" "$python" -c 'import haptics, sys; sys.exit(not haptics.__file__.startswith(sys.argv[1]))' "$installed" \
    || fail "the tests did not import the installed package"

if "$python" -m mypy --version >/dev/null 2>&1; then
    MYPYPATH="$repo/python/tests" "$python" -m mypy --strict --cache-dir "$dest/mypy-cache" "$repo/python/haptics" "$repo/python/tests"
else
    [ "${CI:-}" != true ] || fail "mypy is missing (python3-mypy)"
    echo "python-test: skipping the type check: mypy is not installed (apt-get install python3-mypy)"
fi

# pip install ./python, from a copy (setuptools writes its build files beside the sources),
# offline: Debian's setuptools builds it.
cp -r "$repo/python" "$dest/source"
"$python" -m venv --system-site-packages "$dest/venv"
"$dest/venv/bin/pip" install --quiet --no-build-isolation --no-index "$dest/source" || fail "pip install ./python failed"
cd "$dest"
"$dest/venv/bin/python" - "$dest/venv" <<'PYTHON' || fail "the pip-installed package does not record a preset"
import sys
import haptics

assert haptics.__file__.startswith(sys.argv[1]), haptics.__file__
with haptics.Engine(driver="record") as engine:
    engine.play("success")
    engine.wait()
    frames = engine.frames
assert frames and frames[0].start_ms == 0 and max(frame.strong for frame in frames) == 1, frames
PYTHON
"$dest/venv/bin/pip" uninstall --quiet --yes haptics || fail "pip uninstall haptics failed"
echo "python-test: ok (pytest on the installed package, mypy --strict, pip install ./python in a virtual environment)"
