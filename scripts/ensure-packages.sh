#!/usr/bin/env bash
# Installs the Debian packages named on the command line when any is missing, as root or
# through sudo. Exits 0 when all are present afterwards; otherwise prints why and exits 1,
# so the caller can fail (a build dependency) or skip (an optional test tool).
# With --check first, installs nothing: names what is missing and how to install it, exit 1.
set -euo pipefail

check_only=""
if [ "${1:-}" = --check ]; then
    check_only=1
    shift
fi
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ -n "$check_only" ]; then
    echo "missing Debian packages: ${missing[*]} (install them with: sudo apt-get install ${missing[*]})" >&2
    exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
elif command -v sudo >/dev/null && [ -t 0 ]; then
    as_root=(sudo)
else
    echo "missing Debian packages: ${missing[*]} (install them with: sudo apt-get install ${missing[*]})" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null; then
    echo "missing packages ${missing[*]}, and this is not a Debian or Ubuntu system (no apt-get)" >&2
    exit 1
fi
echo "installing ${missing[*]} ..." >&2
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
