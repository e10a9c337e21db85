#!/usr/bin/env bash
# Fetches Debian sid's feedbackd with every library it loads, sid's own dynamic loader and C
# library included (its GLib needs a newer glibc than the machine's), through a temporary apt
# configuration holding one line for sid on the mirror the machine's own apt sources name;
# never the machine's sources. Unpacks them under .build/feedbackd-sid/root, compiles its
# GSettings schema into .build/feedbackd-sid/schemas, writes its version to
# .build/feedbackd-sid/version, and prints .build/feedbackd-sid. Cached: a second run only
# prints. Exits 1 with the reason on stderr when it cannot.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$root/.build/feedbackd-sid
fail() { echo "sid's feedbackd: $*" >&2; exit 1; }

if [[ -f $out/version && -x $out/root/usr/libexec/feedbackd ]]; then
    echo "$out"
    exit 0
fi
command -v glib-compile-schemas >/dev/null || fail "glib-compile-schemas is missing (apt install libglib2.0-bin)"
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
mirror=$({ cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } | awk -v suite="$suite" '
    /^deb[ \t]/ { for (i = 2; i <= NF; i++) if ($i !~ /^\[/) { if ($(i + 1) == suite) { print $i; exit } break } }
    /^URIs:/ { uri = $2 }
    /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite && uri != "") { print uri; exit } }
    /^$/ { uri = "" }')
[[ -n $suite && -n $mirror ]] || fail "no apt source for this system's suite to take the mirror from"
# feedbackd, libfeedback, and what their ELF files need (readelf NEEDED, followed through).
packages=(feedbackd feedbackd-common libfeedback-0.0-0 libglib2.0-0t64 libgmobile0 libgsound0t64 libgudev-1.0-0
    libjson-glib-1.0-0 libc6 libatomic1 libffi8 libmount1 libblkid1 libpcre2-8-0 libselinux1 zlib1g libcanberra0
    libvorbisfile3 libvorbis0a libogg0 libtdb1 libltdl7 libudev1 libgcc-s1 libcap2 libsystemd0 libstdc++6)
rm -rf "$out"
mkdir -p "$out/apt/lists/partial" "$out/apt/cache/archives/partial" "$out/debs" "$out/root" "$out/schemas"
echo "deb $mirror sid main" >"$out/apt/sources.list"
apt=(apt-get -q -o "Dir::Etc::SourceList=$out/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$out/apt/lists" -o "Dir::Cache=$out/apt/cache" -o APT::Sandbox::User=root)
"${apt[@]}" update >/dev/null 2>&1 || fail "cannot read sid's package index from $mirror"
(cd "$out/debs" && "${apt[@]}" download "${packages[@]}" >/dev/null 2>&1) || fail "cannot download ${packages[*]} from sid"
for deb in "$out"/debs/*.deb; do dpkg-deb -x "$deb" "$out/root"; done
cp "$out"/root/usr/share/glib-2.0/schemas/*.gschema.xml "$out/schemas/"
glib-compile-schemas "$out/schemas"
dpkg-deb -f "$out"/debs/feedbackd_*.deb Version >"$out/version"
rm -rf "$out/apt" "$out/debs"
echo "$out"
