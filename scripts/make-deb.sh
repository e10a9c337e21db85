#!/usr/bin/env bash
# make deb: haptics_<version>_<arch>.deb, built with dpkg-deb from what
# `make install DESTDIR=<root> PREFIX=/usr` installs (so the package holds exactly the files of
# `make install`), plus what a Debian binary package carries: stripped binaries, the control
# file with Depends from dpkg-shlibdeps, md5sums, the copyright and changelog.gz, and
# the maintainer scripts diverting feedbackd's D-Bus activation file (see docs/hapticsd.md, "Next
# to feedbackd"). The version is what the installed `haptics --version` prints.
#
# CONFIGURATION (release by default; debug reuses the tests' build), DEB_DIR (where the .deb
# goes, default the repository), DEBFULLNAME and DEBEMAIL (the maintainer) change it.
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${CONFIGURATION:-release}
deb_dir=$(realpath "${DEB_DIR:-.}")
maintainer="${DEBFULLNAME:-Haptics maintainers} <${DEBEMAIL:-haptics@example.org}>"
scripts/ensure-packages.sh dpkg-dev binutils file
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root

make --no-print-directory install DESTDIR="$root" PREFIX=/usr CONFIGURATION="$configuration" >&2
version=$("$root/usr/bin/haptics" --version)
architecture=$(dpkg --print-architecture)
package=haptics

# Binaries and libraries stripped as dh_strip strips them.
elves=()
while IFS= read -r -d '' file; do
    if file -b "$file" | grep -q '^ELF'; then elves+=("$file"); fi
done < <(find "$root" -type f -print0)
for elf in "${elves[@]}"; do
    strip --remove-section=.comment --remove-section=.note --strip-unneeded "$elf"
done

# The date of the last commit, so that the same tree builds the same package.
timestamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
documentation=$root/usr/share/doc/$package
mkdir -p "$documentation"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: haptics"
    echo
    echo "Files: *"
    echo "Copyright: $(date -u +%Y -d "@$timestamp") The Haptics authors"
    echo "License: Apache-2.0"
    echo
    echo "License: Apache-2.0"
    echo " On Debian systems, the full text of the Apache License, Version 2.0 is in"
    echo " /usr/share/common-licenses/Apache-2.0."
} >"$documentation/copyright"
# A native package (its version has no Debian revision): the changelog is changelog.gz.
{
    echo "$package ($version) unstable; urgency=medium"
    echo
    echo "  * Built from the source tree by make deb."
    echo
    echo " -- $maintainer  $(date -u -R -d "@$timestamp")"
} | gzip -9n >"$documentation/changelog.gz"
# haptics is one static executable on purpose (see the Makefile's STATIC_EXECUTABLE).
mkdir -p "$root/usr/share/lintian/overrides"
echo "$package: statically-linked-binary [usr/bin/haptics]" >"$root/usr/share/lintian/overrides/$package"

mkdir -p "$root/DEBIAN"
# Depends: the shared libraries the binaries link, as dpkg-shlibdeps finds their packages;
# python3 when the package holds Python modules.
mkdir -p "$work/shlibs/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" >"$work/shlibs/debian/control"
libraries=$(find "$root" -type f -name 'lib*.so.*' -printf '%h\n' | sort -u | sed 's/^/-l/' | tr '\n' ' ')
# shellcheck disable=SC2086
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O $libraries "${elves[@]}" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
if find "$root/usr/lib" -path '*python3*' -name '*.py' 2>/dev/null | grep -q .; then depends="${depends:+$depends, }python3"; fi
# A shared library of its own: its shlibs for packages linking it, and ldconfig's trigger.
sonames=()
while IFS= read -r -d '' library; do
    soname=$(objdump -p "$library" | sed -n 's/^ *SONAME *//p')
    [ -n "$soname" ] && sonames+=("$soname")
done < <(find "$root" -type f -name 'lib*.so.*' -print0)
for soname in "${sonames[@]}"; do
    echo "${soname%%.so.*} ${soname##*.so.} $package (>= $version)" >>"$root/DEBIAN/shlibs"
done
[ ${#sonames[@]} -eq 0 ] || echo "activate-noawait ldconfig" >"$root/DEBIAN/triggers"

cat >"$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: haptic patterns and impacts for gamepads on Linux
 Haptics turns impact styles, notifications and Core Haptics (AHAP) patterns
 into timed dual-motor rumble, played on a gamepad through the kernel's evdev
 force-feedback interface, in the terminal, or into a recorder for tests.
 .
 This package holds the haptics command line and hapticsd, a session service
 speaking feedbackd's D-Bus API (org.sigxcpu.Feedback), started by its first
 client, so apps using libfeedback rumble a gamepad unchanged; with their
 manual pages, shell completions, the udev rule and the systemd user unit.
 While it is installed, it diverts feedbackd's D-Bus activation file.
CONTROL

# feedbackd's activation file for the same bus name is diverted while this package is
# installed, so the bus activates hapticsd; removing the package gives it back.
service=/usr/share/dbus-1/services/org.sigxcpu.Feedback.service
cat >"$root/DEBIAN/preinst" <<SCRIPT
#!/bin/sh
set -e
if [ "\$1" = install ] || [ "\$1" = upgrade ]; then
    dpkg-divert --package $package --add --rename --divert $service.feedbackd $service
fi
SCRIPT
cat >"$root/DEBIAN/postrm" <<SCRIPT
#!/bin/sh
set -e
if [ "\$1" = remove ] || [ "\$1" = abort-install ] || [ "\$1" = disappear ]; then
    dpkg-divert --package $package --remove --rename --divert $service.feedbackd $service
fi
SCRIPT
chmod 755 "$root/DEBIAN/preinst" "$root/DEBIAN/postrm"

(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod go-w {} +
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums" "$documentation/copyright" "$documentation/changelog.gz" \
    "$root/usr/share/lintian/overrides/$package"
deb="$deb_dir/${package}_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "$deb"
