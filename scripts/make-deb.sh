#!/usr/bin/env bash
# make deb: the Debian packages of Haptics, built with dpkg-deb from what
# `make install DESTDIR=<root> PREFIX=/usr LIBDIR=/usr/lib/<multiarch>` installs (so together
# they hold exactly the files of `make install`), split as Debian splits a program with a
# library:
#   haptics          the programs haptics and hapticsd, their manual pages and completions, the
#                    udev rule, the systemd user unit and the D-Bus activation file;
#   libhaptics0      the C library, libhaptics.so.0 (named for its soname), in the multiarch
#                    directory, with its shlibs and symbols files and ldconfig's trigger;
#   libhaptics-dev   what building against it needs: haptics.h, the libhaptics.so link and
#                    haptics.pc;
#   python3-haptics  the Python package haptics over libhaptics (ctypes: architecture all).
# Each carries what a Debian binary package does: stripped binaries, the control file with
# Depends from dpkg-shlibdeps, md5sums, the copyright and changelog.gz, lintian overrides with
# their reasons; haptics the maintainer scripts diverting feedbackd's D-Bus activation file (see
# docs/hapticsd.md, "Next to feedbackd"). The version is what the installed `haptics --version`
# prints. Prints the packages' paths, one a line.
#
# CONFIGURATION (release by default; debug reuses the tests' build), DEB_DIR (where the .debs
# go, default the repository), DEB_HOST_MULTIARCH (default dpkg-architecture's), DEBFULLNAME and
# DEBEMAIL (the maintainer, as dch reads them) change it.
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${CONFIGURATION:-release}
deb_dir=$(realpath "${DEB_DIR:-.}")
# The project's name at GitHub's no-reply domain (its D-Bus names are io.github.haptics): a
# team, not a person; whoever builds packages to hand out names themselves with DEBFULLNAME and
# DEBEMAIL.
maintainer="${DEBFULLNAME:-Haptics developers} <${DEBEMAIL:-haptics@users.noreply.github.com}>"
scripts/ensure-packages.sh dpkg-dev binutils file
multiarch=${DEB_HOST_MULTIARCH:-$(dpkg-architecture -qDEB_HOST_MULTIARCH)}
architecture=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
libdir=usr/lib/$multiarch
pythondir=usr/lib/python3/dist-packages

make --no-print-directory install DESTDIR="$root" PREFIX=/usr LIBDIR="/$libdir" CONFIGURATION="$configuration" >&2
version=$("$root/usr/bin/haptics" --version)

# Binaries and libraries stripped as dh_strip strips them.
while IFS= read -r -d '' file; do
    if file -b "$file" | grep -q '^ELF'; then strip --remove-section=.comment --remove-section=.note --strip-unneeded "$file"; fi
done < <(find "$root" -type f -print0)

# Each file to its package: moved from the install's root into the package's.
packages=(haptics libhaptics0 libhaptics-dev python3-haptics)
move() {
    local package=$1
    shift
    for path in "$@"; do
        mkdir -p "$work/$package/$(dirname "$path")"
        mv "$root/$path" "$work/$package/$path"
    done
}
move libhaptics0 "$libdir/libhaptics.so.$version" "$libdir/libhaptics.so.0"
move libhaptics-dev usr/include/haptics.h "$libdir/libhaptics.so" "$libdir/pkgconfig/haptics.pc"
move python3-haptics "$pythondir/haptics"
find "$root" -depth -type d -empty -delete
mv "$root" "$work/haptics"

# The date of the last commit, so that the same tree builds the same packages.
timestamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
for package in "${packages[@]}"; do
    documentation=$work/$package/usr/share/doc/$package
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
        echo "haptics ($version) unstable; urgency=medium"
        echo
        echo "  * Built from the source tree by make deb."
        echo
        echo " -- $maintainer  $(date -u -R -d "@$timestamp")"
    } | gzip -9n >"$documentation/changelog.gz"
    mkdir -p "$work/$package/DEBIAN"
done

# lintian's overrides, each with the reason lintian shows beside it.
overrides() {
    mkdir -p "$work/$1/usr/share/lintian/overrides"
    cat >"$work/$1/usr/share/lintian/overrides/$1"
}
overrides haptics <<OVERRIDES
# haptics is one static executable on purpose: it needs no library on the machine and starts
# without the dynamic loader (see the Makefile's STATIC_EXECUTABLE).
haptics: statically-linked-binary [usr/bin/haptics]
OVERRIDES

# The library's shlibs and symbols files, for packages linking it, and ldconfig's trigger.
library=$work/libhaptics0/$libdir/libhaptics.so.$version
soname=$(objdump -p "$library" | sed -n 's/^ *SONAME *//p')
[ "$soname" = libhaptics.so.0 ] || { echo "make-deb: the library's soname is '$soname', not libhaptics.so.0" >&2; exit 1; }
echo "libhaptics 0 libhaptics0 (>= $version)" >"$work/libhaptics0/DEBIAN/shlibs"
{
    echo "libhaptics.so.0 libhaptics0 #MINVER#"
    echo "* Build-Depends-Package: libhaptics-dev"
    nm -D --defined-only --with-symbol-versions "$library" \
        | awk '$2 ~ /^[TDBRA]$/ && $3 ~ /^(haptics_|HAPTICS_)/ { if (!sub(/@@?/, "@", $3)) $3 = $3 "@" $3; print " " $3 }' | LC_ALL=C sort -u | sed "s/\$/ $version/"
} >"$work/libhaptics0/DEBIAN/symbols"
echo "activate-noawait ldconfig" >"$work/libhaptics0/DEBIAN/triggers"

# Depends: the shared libraries each package's ELF files link, as dpkg-shlibdeps finds their
# packages (libhaptics0's own from its shlibs file above).
mkdir -p "$work/shlibs/debian"
{
    printf 'Source: haptics\n'
    for package in "${packages[@]}"; do printf '\nPackage: %s\nArchitecture: any\n' "$package"; done
} >"$work/shlibs/debian/control"
shlibs_depends() {
    local elves=()
    while IFS= read -r -d '' file; do
        if file -b "$file" | grep -q '^ELF'; then elves+=("$file"); fi
    done < <(find "$work/$1" -path "$work/$1/DEBIAN" -prune -o -type f -print0)
    [ ${#elves[@]} -gt 0 ] || return 0
    (cd "$work/shlibs" && dpkg-shlibdeps -O -S"$work/libhaptics0" -l"$work/libhaptics0/$libdir" "${elves[@]}" 2>/dev/null) \
        | sed -n 's/^shlibs:Depends=//p'
}

description_common=" Haptics turns impact styles, notifications and Core Haptics (AHAP) patterns
 into timed rumble, played on a gamepad (through the kernel's evdev
 force-feedback interface, or its hidraw node for HD Rumble and adaptive
 triggers), in the terminal, or into a recorder for tests. Programs use it
 through the haptics command line, through hapticsd (feedbackd's D-Bus API),
 from C through the library libhaptics, or from Python through its package.
 ."
control() {
    local package=$1 package_architecture=$2 section=$3 depends=$4 extra=$5 summary=$6 description=$7
    {
        echo "Package: $package"
        [ "$package" = haptics ] || echo "Source: haptics"
        echo "Version: $version"
        echo "Architecture: $package_architecture"
        [ -z "$extra" ] || echo "$extra"
        echo "Maintainer: $maintainer"
        echo "Installed-Size: $(du -sk --exclude=DEBIAN "$work/$package" | cut -f1)"
        [ -z "$depends" ] || echo "Depends: $depends"
        echo "Section: $section"
        echo "Priority: optional"
        echo "Description: $summary"
        echo "$description_common"
        echo "$description"
    } >"$work/$package/DEBIAN/control"
}
control haptics "$architecture" utils "$(shlibs_depends haptics)" "" \
    "haptic patterns and impacts for gamepads on Linux - programs" \
    " This package holds the haptics command line and hapticsd, a session service
 speaking feedbackd's D-Bus API (org.sigxcpu.Feedback), started by its first
 client, so apps using libfeedback rumble a gamepad unchanged; with their
 manual pages, shell completions, the udev rule giving the user at the seat
 the gamepads, and the systemd user unit. While it is installed, it diverts
 feedbackd's D-Bus activation file."
control libhaptics0 "$architecture" libs "$(shlibs_depends libhaptics0)" "Multi-Arch: same" \
    "haptic patterns and impacts for gamepads on Linux - C library" \
    " This package holds the C library libhaptics (libhaptics.so.0): engines on a
 driver, impacts, notifications, presets and pattern files, gain, and the
 recorded frames for tests. It carries its own Swift runtime."
control libhaptics-dev "$architecture" libdevel "libhaptics0 (= $version)" "Multi-Arch: same" \
    "haptic patterns and impacts for gamepads on Linux - C development files" \
    " This package holds what building a C program against libhaptics needs: the
 header haptics.h, the libhaptics.so link and the pkg-config file haptics.pc
 (pkg-config --cflags --libs haptics)."
control python3-haptics all python "python3, libhaptics0 (>= $version)" "" \
    "haptic patterns and impacts for gamepads on Linux - Python 3 package" \
    " This package holds the Python 3 package haptics, a typed binding of
 libhaptics: Engine, its drivers and localities, and the frames a record
 engine keeps."

# feedbackd's activation file for the same bus name is diverted while haptics is installed, so
# the bus activates hapticsd; removing the package gives it back.
service=/usr/share/dbus-1/services/org.sigxcpu.Feedback.service
cat >"$work/haptics/DEBIAN/preinst" <<SCRIPT
#!/bin/sh
set -e
if [ "\$1" = install ] || [ "\$1" = upgrade ]; then
    dpkg-divert --package haptics --add --rename --divert $service.feedbackd $service
fi
SCRIPT
cat >"$work/haptics/DEBIAN/postrm" <<SCRIPT
#!/bin/sh
set -e
if [ "\$1" = remove ] || [ "\$1" = abort-install ] || [ "\$1" = disappear ]; then
    dpkg-divert --package haptics --remove --rename --divert $service.feedbackd $service
fi
SCRIPT
chmod 755 "$work/haptics/DEBIAN/preinst" "$work/haptics/DEBIAN/postrm"

for package in "${packages[@]}"; do
    package_root=$work/$package
    (cd "$package_root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
        >"$package_root/DEBIAN/md5sums"
    find "$package_root" -type d -exec chmod 755 {} +
    find "$package_root" -type f -exec chmod go-w {} +
    find "$package_root/DEBIAN" "$package_root/usr/share/doc" "$package_root/usr/share/lintian" -type f ! -name preinst ! -name postrm \
        -exec chmod 644 {} + 2>/dev/null || true
    package_architecture=$(sed -n 's/^Architecture: //p' "$package_root/DEBIAN/control")
    deb="$deb_dir/${package}_${version}_${package_architecture}.deb"
    dpkg-deb --root-owner-group -Zxz --build "$package_root" "$deb" >&2
    echo "$deb"
done
