#!/usr/bin/env bash
# The Debian package on this machine, as a user gets it: make deb (a debug build unless
# CONFIGURATION says otherwise, so it reuses the tests' build), lintian without errors,
# dpkg -i next to Debian's feedbackd, then the installed programs, the udev rule, man haptics, the
# completions, the D-Bus activation file in place of feedbackd's (diverted) and hapticsd
# activated by fbcli, the C example against the installed header and library and the Python
# package when the package holds them; then dpkg --purge, after which nothing of the package
# is left and feedbackd's activation file is back. Installing needs root (CI runs as root);
# a failure purges the package on the way out.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "deb-test: FAIL: $*" >&2; exit 1; }
if [ "$(id -u)" -ne 0 ]; then
    [ "${CI:-}" = true ] && fail "installing a package needs root"
    echo "deb-test: skipped: installing a package needs root"
    exit 0
fi
dpkg-query -W -f='${Status}' haptics 2>/dev/null | grep -q 'install ok installed' \
    && fail "a haptics package is installed already: this test installs and purges its own"
scripts/ensure-packages.sh lintian man-db feedbackd gcc pkg-config libglib2.0-bin dbus-daemon

work=$(mktemp -d)
installed=false
cleanup() {
    if $installed; then dpkg --purge haptics >/dev/null 2>&1 || echo "deb-test: could not purge haptics" >&2; fi
    rm -rf "$work"
}
trap cleanup EXIT

deb=$(CONFIGURATION=${CONFIGURATION:-debug} DEB_DIR="$work" scripts/make-deb.sh 2>"$work/make-deb.log") \
    || { cat "$work/make-deb.log" >&2; fail "make-deb.sh failed"; }
version=$(dpkg-deb -f "$deb" Version)
lintian --fail-on error --no-tag-display-limit "$deb" >"$work/lintian.log" 2>&1 || { cat "$work/lintian.log" >&2; fail "lintian reports errors"; }

service=/usr/share/dbus-1/services/org.sigxcpu.Feedback.service
feedbackd_service=$(md5sum <"$service")
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | grep . >"$work/contents"
while read -r path; do [ -e "$path" ] && echo "$path"; done <"$work/contents" >"$work/existing" || true

installed=true
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -i failed"; }
dpkg -L haptics | grep "^/" | grep -vx "/." | sort >"$work/listed"

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

# The C example, compiled against the installed header and library, and the Python package.
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

dpkg --purge haptics >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg --purge failed"; }
installed=false
left=$(while read -r path; do [ -e "$path" ] && ! grep -qxF "$path" "$work/existing" && echo "$path"; done <"$work/listed" || true)
[ -z "$left" ] || fail "dpkg --purge left: $left"
[ ! -e "$rule" ] || fail "dpkg --purge left the udev rule $rule"
[ "$(md5sum <"$service")" = "$feedbackd_service" ] || fail "feedbackd's activation file is not back after the purge"
[ ! -e "$service.feedbackd" ] && [ -z "$(dpkg-divert --listpackage "$service")" ] || fail "the diversion is left after the purge"
echo "deb-test: ok ($(basename "$deb"): lintian without errors; installed next to feedbackd, run, purged without a trace)"
