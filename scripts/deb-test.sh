#!/usr/bin/env bash
# The Debian packages on this machine, as a user gets them: make install, then make deb (release
# builds unless CONFIGURATION says otherwise), which compiles no Swift file again; lintian
# without a warning the packages do not override with a reason; each file in its package
# (haptics the programs, libhaptics0 the library in the multiarch directory, libhaptics-dev the
# header, the .so link and haptics.pc, python3-haptics the Python package) and their Depends;
# dpkg -i next to Debian's feedbackd, then the installed programs, the udev rule, man haptics,
# the completions, the D-Bus activation file in place of feedbackd's (diverted) and hapticsd
# activated by fbcli, the C example built with pkg-config against libhaptics-dev, and the
# Python package; then dpkg --purge, after which nothing of the packages is left and
# feedbackd's activation file is back. Installing needs root (CI runs as root); a failure
# purges the packages on the way out.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "deb-test: FAIL: $*" >&2; exit 1; }
if [ "$(id -u)" -ne 0 ]; then
    [ "${CI:-}" = true ] && fail "installing a package needs root"
    echo "deb-test: skipped: installing a package needs root"
    exit 0
fi
packages=(haptics libhaptics0 libhaptics-dev python3-haptics)
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' \
        && fail "$package is installed already: this test installs and purges its own"
done
scripts/ensure-packages.sh lintian man-db feedbackd gcc pkg-config libglib2.0-bin dbus-daemon

work=$(mktemp -d)
installed=false
cleanup() {
    if $installed; then dpkg --purge "${packages[@]}" >/dev/null 2>&1 || echo "deb-test: could not purge the packages" >&2; fi
    rm -rf "$work"
}
trap cleanup EXIT

configuration=${CONFIGURATION:-release}
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
# make deb right after make install builds nothing again: their release builds keep to
# scratch paths of their own.
make --no-print-directory install DESTDIR="$work/install" CONFIGURATION="$configuration" >"$work/install.log" 2>&1 \
    || { cat "$work/install.log" >&2; fail "make install failed"; }
CONFIGURATION=$configuration DEB_DIR="$work" scripts/make-deb.sh >"$work/debs" 2>"$work/make-deb.log" \
    || { cat "$work/make-deb.log" >&2; fail "make-deb.sh failed"; }
! grep -q 'Compiling' "$work/make-deb.log" \
    || fail "make deb after make install compiled again: $(grep 'Compiling' "$work/make-deb.log" | head -5 | tr '\n' ' ')"
mapfile -t debs <"$work/debs"
deb_of() { grep "/${1}_[^/]*\.deb$" "$work/debs"; }
for package in "${packages[@]}"; do deb_of "$package" >/dev/null || fail "make deb built no $package package: ${debs[*]}"; done
[ ${#debs[@]} -eq ${#packages[@]} ] || fail "make deb built ${#debs[@]} packages: ${debs[*]}"
deb=$(deb_of haptics)
version=$(dpkg-deb -f "$deb" Version)
lintian --fail-on warning --tag-display-limit 0 "${debs[@]}" >"$work/lintian.log" 2>&1 || { cat "$work/lintian.log" >&2; fail "lintian warns"; }

# Each file in its package, and what each depends on.
holds() {
    local package=$1
    shift
    local contents
    contents=$(dpkg-deb -c "$(deb_of "$package")" | awk '{ print $6 }' | sed 's|^\./|/|')
    for path in "$@"; do grep -qxF "$path" <<<"$contents" || fail "$package does not hold $path"; done
}
holds libhaptics0 "/usr/lib/$multiarch/libhaptics.so.$version" "/usr/lib/$multiarch/libhaptics.so.0"
holds libhaptics-dev /usr/include/haptics.h "/usr/lib/$multiarch/libhaptics.so" "/usr/lib/$multiarch/pkgconfig/haptics.pc"
holds python3-haptics /usr/lib/python3/dist-packages/haptics/__init__.py /usr/lib/python3/dist-packages/haptics/py.typed
holds haptics /usr/bin/haptics /usr/bin/hapticsd /usr/share/man/man1/haptics.1.gz
for package in haptics libhaptics0 python3-haptics; do
    contents=$(dpkg-deb -c "$(deb_of "$package")")
    ! grep -q 'haptics\.h$\|libhaptics\.so$\|\.pc$' <<<"$contents" || fail "$package holds what libhaptics-dev holds"
done
! grep -q 'libhaptics\|dist-packages' <<<"$(dpkg-deb -c "$(deb_of haptics)")" || fail "haptics holds the library or the Python package"
grep -qF "libhaptics0 (= $version)" <<<"$(dpkg-deb -f "$(deb_of libhaptics-dev)" Depends)" || fail "libhaptics-dev does not depend on libhaptics0 (= $version)"
grep -q 'libhaptics0' <<<"$(dpkg-deb -f "$(deb_of python3-haptics)" Depends)" || fail "python3-haptics does not depend on libhaptics0"
grep -qx "libhaptics 0 libhaptics0 (>= $version)" <<<"$(dpkg-deb --ctrl-tarfile "$(deb_of libhaptics0)" | tar -xO ./shlibs)" \
    || fail "libhaptics0's shlibs file is wrong"
for package in "${packages[@]}"; do
    ! grep -qi 'example\.\|placeholder' <<<"$(dpkg-deb -f "$(deb_of "$package")" Maintainer)" || fail "$package's Maintainer is a placeholder"
done
description=$(dpkg-deb -f "$(deb_of haptics)" Description)
grep -q 'libhaptics' <<<"$description" && grep -q 'Python' <<<"$description" \
    || fail "the Description does not mention the C library and the Python package"

service=/usr/share/dbus-1/services/org.sigxcpu.Feedback.service
feedbackd_service=$(md5sum <"$service")
for each in "${debs[@]}"; do dpkg-deb -c "$each"; done | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | grep . | sort -u >"$work/contents"
while read -r path; do [ -e "$path" ] && echo "$path"; done <"$work/contents" >"$work/existing" || true

installed=true
dpkg -i "${debs[@]}" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -i failed"; }
dpkg -L "${packages[@]}" | grep "^/" | grep -vx "/." | sort -u >"$work/listed"

[ "$(haptics --version)" = "$version" ] || fail "the installed haptics prints $(haptics --version), not $version"
[ "$(hapticsd --version)" = "$version" ] || fail "the installed hapticsd does not print $version"
haptics render success --format json | grep -q '"strong"' || fail "the installed haptics does not render a preset"
# A minimal image's dpkg may be told to leave manual pages out (path-exclude): then there is
# no installed manual to read (make install-test reads the generated one).
if grep -qs '^path-exclude=/usr/share/man' /etc/dpkg/dpkg.cfg.d/*; then
    echo "deb-test: note: dpkg excludes /usr/share/man on this machine: the installed manual is not read"
else
    man -w haptics | grep -q '^/usr/share/man/man1/haptics.1.gz$' || fail "man does not find haptics(1): $(man -w haptics 2>&1)"
    MANWIDTH=80 man haptics 2>/dev/null | grep -q 'haptics play' || fail "man haptics does not show the play subcommand"
    scripts/manual-test.sh /usr/share /usr/bin >/dev/null
fi
rule=/usr/lib/udev/rules.d/70-haptics.rules
grep -qxF "$rule" "$work/listed" && cmp -s "$rule" udev/70-haptics.rules || fail "the package does not install udev/70-haptics.rules as $rule"
grep -q 'SUBSYSTEM=="hidraw"' "$rule" || fail "the installed udev rule does not tag the pads' hidraw nodes"
grep -qx 'Exec=/usr/bin/hapticsd' "$service" || fail "$service is not hapticsd's: $(cat "$service")"
[ "$(md5sum <"$service.feedbackd")" = "$feedbackd_service" ] || fail "feedbackd's activation file is not diverted to $service.feedbackd"
dpkg-divert --listpackage "$service" | grep -qx haptics || fail "the package does not divert $service"
HAPTICSD=/usr/bin/hapticsd scripts/activation-test.sh >/dev/null

# The C example, compiled against libhaptics-dev's header and link, and the Python package.
[ "$(pkg-config --variable=libdir haptics)" = "/usr/lib/$multiarch" ] && [ "$(pkg-config --modversion haptics)" = "$version" ] \
    || fail "pkg-config does not find haptics.pc in /usr/lib/$multiarch/pkgconfig"
[ "$(dpkg -S /usr/include/haptics.h | cut -d: -f1)" = libhaptics-dev ] || fail "haptics.h is not libhaptics-dev's"
for example in examples/*.c; do
    gcc -Wall -Werror -o "$work/example" "$example" $(pkg-config --cflags --libs haptics) || fail "$example does not build against the package"
    (cd "$work" && ./example >"$work/example.log" 2>&1) || { cat "$work/example.log" >&2; fail "$example fails"; }
done
grep -q '/haptics/__init__\.py$' "$work/listed" || fail "the package holds no Python package haptics"
(cd "$work" && /usr/bin/python3 -c '
import haptics
with haptics.Engine(driver="record") as engine:
    engine.play("success")
    engine.wait()
    assert engine.frames, "no frames"
') || fail "the installed Python package does not record a preset"

dpkg --purge "${packages[@]}" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg --purge failed"; }
installed=false
left=$(while read -r path; do [ -e "$path" ] && ! grep -qxF "$path" "$work/existing" && echo "$path"; done <"$work/listed" || true)
[ -z "$left" ] || fail "dpkg --purge left: $left"
[ ! -e "$rule" ] || fail "dpkg --purge left the udev rule $rule"
[ "$(md5sum <"$service")" = "$feedbackd_service" ] || fail "feedbackd's activation file is not back after the purge"
[ ! -e "$service.feedbackd" ] && [ -z "$(dpkg-divert --listpackage "$service")" ] || fail "the diversion is left after the purge"
echo "deb-test: ok (${packages[*]} $version: make deb after make install compiled nothing; lintian without warnings;"
echo "  each file in its package; installed next to feedbackd, run, purged without a trace)"
