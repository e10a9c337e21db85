#!/usr/bin/env bash
# Usage: fetch-debian.sh SUITE OUT PATTERN...
#        fetch-debian.sh --newest SUITE PATTERN   (prints the newest matching package's name)
# Downloads the newest binary packages of SUITE (e.g. trixie-backports) whose names match
# each PATTERN (an extended regular expression anchored at both ends, e.g.
# 'linux-image-7\.3\.[0-9.]+\+deb13-amd64') from the Debian mirror this machine's own apt
# sources use, and unpacks them into OUT. The suite is reached through a temporary apt
# configuration under .build/apt (its own sources file, lists and cache): the machine's
# sources are read, never changed. Prints one line per package: NAME VERSION. A warm run
# (OUT/stamp naming the same packages) downloads nothing. Exits 77 with the reason on
# stderr when the mirror or the packages cannot be reached.
set -euo pipefail

newest_only=false
if [[ ${1:-} == --newest ]]; then
    newest_only=true
    shift
    set -- "$1" "" "$2"
fi
[[ $# -ge 3 ]] || { echo "usage: $0 SUITE OUT PATTERN... | $0 --newest SUITE PATTERN" >&2; exit 2; }
suite=$1 out=$2
shift 2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
apt=$root/.build/apt/$suite
skip() { echo "fetch-debian: $*" >&2; exit 77; }

# The mirror of the machine's Debian suites: the first URI serving a suite without "security"
# in its path, from deb822 .sources files or one-line .list files.
mirror() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list; do
        [[ -r $f ]] || continue
        case $f in
            *.sources) sed -n 's/^URIs:[[:space:]]*//p' "$f" | tr ' ' '\n' ;;
            *) sed -n 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]*\).*/\2/p' "$f" ;;
        esac
    done | grep -E '/debian/?$' | grep -v security | head -n 1
}
uri=$(mirror)
[[ -n $uri ]] || skip "no Debian mirror in /etc/apt/sources.list(.d)"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[[ -r $keyring ]] || skip "no $keyring (apt install debian-archive-keyring)"

mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
exec 8>"$apt.lock" # parallel callers wait for one download instead of racing
flock 8
printf 'deb [signed-by=%s] %s %s main\n' "$keyring" "$uri" "$suite" >"$apt/sources.list"
opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o Dir::Cache::pkgcache=
    -o Dir::Cache::srcpkgcache= -o APT::Get::List-Cleanup=false -o Debug::NoLocking=true)
# The lists are refreshed once a day; a warm run within the day reads the cached ones.
if [[ -z $(find "$apt/lists" -maxdepth 1 -name '*_Packages*' -mtime -1 2>/dev/null) ]]; then
    apt-get "${opts[@]}" -qq update >/dev/null 2>"$apt/update.log" ||
        skip "apt-get update of $suite failed: $(tail -n 1 "$apt/update.log")"
fi

# Virtual names (provided, never downloadable) have no Version.
newest() {
    local name
    for name in $(apt-cache "${opts[@]}" pkgnames 2>/dev/null | grep -E "^($1)\$" | sort -rV); do
        [[ -n $(apt-cache "${opts[@]}" show "$name" 2>/dev/null | sed -n 's/^Version: //p') ]] && { echo "$name"; return; }
    done
}
if $newest_only; then
    name=$(newest "$1")
    [[ -n $name ]] || skip "no package matching '$1' in $suite"
    echo "$name"
    exit 0
fi
names=()
for pattern in "$@"; do
    name=$(newest "$pattern")
    [[ -n $name ]] || skip "no package matching '$pattern' in $suite"
    version=$(apt-cache "${opts[@]}" show "$name" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -n 1)
    names+=("$name=$version")
done
stamp="${names[*]}"
if [[ -f $out/stamp && $(<"$out/stamp") == "$stamp" ]]; then
    printf '%s\n' "${names[@]}" | tr = ' '
    exit 0
fi
rm -rf "$out"
mkdir -p "$out"
(cd "$apt/cache/archives" && apt-get "${opts[@]}" -qq download "${names[@]}" >/dev/null 2>"$apt/download.log") ||
    skip "apt-get download from $suite failed: $(tail -n 1 "$apt/download.log")"
for nv in "${names[@]}"; do
    name=${nv%%=*} version=${nv#*=}
    deb=$(ls "$apt/cache/archives/${name}_${version//:/%3a}_"*.deb)
    dpkg-deb -x "$deb" "$out"
    # The .deb stays only until it is unpacked: OUT is the cache.
    rm -f "$deb"
done
echo "$stamp" >"$out/stamp"
printf '%s\n' "${names[@]}" | tr = ' '
