#!/usr/bin/env bash
# feedbackd's own client test, tests/test-lfb-integration.c, against hapticsd: the test comes
# from Debian's source package of the feedbackd this machine has (fetched now, with a
# temporary apt configuration holding one deb-src line for the machine's own mirror and
# suite; never part of this repository), is built against Debian's libfeedback, and starts
# its private bus (GTestDBus) with a service directory whose org.sigxcpu.Feedback service is
# `hapticsd --driver record` instead of feedbackd. Every case must pass (the TAP report is
# checked case by case). Skips with the reason when a prerequisite is missing, except in CI
# (CI=true), where a skip is a failure. Env: SWIFT (the swift command).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}
work=$root/.build/lfb-integration

skip() {
    if [[ ${CI:-} == true ]]; then
        echo "test-lfb-integration cannot run in CI: $*" >&2
        exit 1
    fi
    echo "SKIPPED test-lfb-integration: $*"
    exit 0
}

scripts/ensure-packages.sh feedbackd libfeedback-dev libglib2.0-dev gcc pkg-config dbus-daemon xz-utils \
    || skip "libfeedback's and GLib's development files, gcc and dbus-daemon are needed (see the line above)"

# The source package of the libfeedback installed here, from the mirror and suite the
# machine's own apt sources name (one-line or deb822 format).
version=$(dpkg-query -W -f='${source:Version}' libfeedback-dev)
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[[ -n $suite ]] || skip "/etc/os-release names no VERSION_CODENAME"
mirror=$({ cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } | awk -v suite="$suite" '
    /^deb[ \t]/ { for (i = 2; i <= NF; i++) if ($i !~ /^\[/) { if ($(i + 1) == suite) { print $i; exit } break } }
    /^URIs:/ { uri = $2 }
    /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite && uri != "") { print uri; exit } }
    /^$/ { uri = "" }')
[[ -n $mirror ]] || skip "no apt source for $suite to take the mirror from"
source_dir=$work/feedbackd-$version
if [[ ! -f $source_dir/tests/test-lfb-integration.c ]]; then
    rm -rf "$work/apt" "$source_dir"
    mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial" "$source_dir"
    echo "deb-src $mirror $suite main" >"$work/apt/sources.list"
    apt=(apt-get -q -o "Dir::Etc::SourceList=$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache=$work/apt/cache" -o APT::Sandbox::User=root)
    "${apt[@]}" update >/dev/null || skip "cannot read the source index of $mirror $suite"
    (cd "$work/apt" && "${apt[@]}" source --download-only "feedbackd=$version" >/dev/null) \
        || skip "cannot download feedbackd $version's source package"
    tarball=$(find "$work/apt" -maxdepth 1 -name "feedbackd_${version%-*}.orig.tar.*" ! -name '*.asc' | head -n 1)
    tar -xf "$tarball" -C "$source_dir" --strip-components=1 --wildcards '*/tests/*'
fi

"$swift" build --product hapticsd
hapticsd=$("$swift" build --show-bin-path)/hapticsd

# Built as feedbackd's meson.build builds it (tests/meson.build: the same definitions).
build=$work/build
mkdir -p "$build/services"
# shellcheck disable=SC2046 # pkg-config's flags are meant to split into words.
gcc -O1 -o "$build/test-lfb-integration" "$source_dir/tests/test-lfb-integration.c" \
    -DTEST_APP_ID='"org.sigxcpu.feedbackd_test"' -DLIBFEEDBACK_USE_UNSTABLE_API \
    -DTEST_DATA_DIR="\"$source_dir/tests/data\"" $(pkg-config --cflags --libs libfeedback-0.0 gio-unix-2.0)
# The test's bus starts org.sigxcpu.Feedback from $G_TEST_BUILDDIR/services: hapticsd here.
printf '[D-BUS Service]\nName=org.sigxcpu.Feedback\nExec=%s --driver record\n' "$hapticsd" \
    >"$build/services/org.sigxcpu.Feedback.service"

echo "== feedbackd $version's test-lfb-integration against hapticsd"
report=$build/report.tap
status=0
# The environment feedbackd's tests/meson.build gives it.
(cd "$build" && G_TEST_SRCDIR="$source_dir/tests" G_TEST_BUILDDIR="$build" G_DEBUG=gc-friendly,fatal-warnings \
    GSETTINGS_BACKEND=memory MALLOC_CHECK_=2 timeout 120 ./test-lfb-integration --tap) >"$report" 2>&1 || status=$?
# The cases' lines; everything (GLib's messages, the buses', hapticsd's) when one failed.
grep -E '^(ok|not ok|1\.\.)' "$report" || true
passed=$(grep -c '^ok ' "$report" || true)
failed=$(grep -c '^not ok ' "$report" || true)
planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$report" | head -n 1)
echo "lfb-integration: $passed passed, $failed failed, of ${planned:-?} planned"
if [[ $status -ne 0 || $failed -ne 0 || -z $planned || $passed -ne $planned ]]; then
    cat "$report" >&2
    echo "test-lfb-integration failed against hapticsd (status $status)" >&2
    exit 1
fi
