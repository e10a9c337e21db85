#!/usr/bin/env bash
# The README's install steps into a DESTDIR: `make install` puts exactly its files in place
# (the binaries run, and need none of the Swift toolchain's libraries, haptics no library at
# all; the unit and the D-Bus activation file start the installed hapticsd; the manual pages
# render and the completions complete, see manual-test.sh), `make uninstall` removes exactly
# those. Debug builds (CONFIGURATION=debug), so it costs no release build.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
fail() { echo "install-test: FAIL: $*" >&2; exit 1; }

make --no-print-directory install DESTDIR="$dest" PREFIX=/usr CONFIGURATION=debug >/dev/null
expected="./usr/bin/haptics
./usr/bin/hapticsd
./usr/lib/systemd/user/hapticsd.service
./usr/lib/udev/rules.d/70-haptics.rules
./usr/share/bash-completion/completions/haptics
./usr/share/bash-completion/completions/hapticsd
./usr/share/dbus-1/services/org.sigxcpu.Feedback.service
./usr/share/fish/vendor_completions.d/haptics.fish
./usr/share/fish/vendor_completions.d/hapticsd.fish
./usr/share/man/man1/haptics.1.gz
./usr/share/man/man1/hapticsd.1.gz
./usr/share/man/man5/haptics-patterns.5.gz
./usr/share/zsh/vendor-completions/_haptics
./usr/share/zsh/vendor-completions/_hapticsd"
found=$(cd "$dest" && find . -type f | LC_ALL=C sort)
[ "$found" = "$expected" ] || fail "installed files differ: $found"
"$dest/usr/bin/hapticsd" --version | grep -qx '[0-9.]*' || fail "the installed hapticsd does not run"
"$dest/usr/bin/haptics" --version | grep -qx '[0-9.]*' || fail "the installed haptics does not run"
ldd "$dest/usr/bin/haptics" >/dev/null 2>&1 && fail "the installed haptics is not one static executable: $(ldd "$dest/usr/bin/haptics")"
for program in haptics hapticsd; do
    ! ldd "$dest/usr/bin/$program" 2>/dev/null | grep -q 'libswift' || fail "the installed $program needs the Swift toolchain's libraries: $(ldd "$dest/usr/bin/$program" | grep libswift)"
done
grep -qx 'ExecStart=/usr/bin/hapticsd' "$dest/usr/lib/systemd/user/hapticsd.service" || fail "the unit does not start /usr/bin/hapticsd"
grep -qx 'BusName=org.sigxcpu.Feedback' "$dest/usr/lib/systemd/user/hapticsd.service" || fail "the unit does not name the bus name"
grep -qx 'Documentation=man:hapticsd(1)' "$dest/usr/lib/systemd/user/hapticsd.service" || fail "the unit's documentation is not hapticsd(1)"
service="$dest/usr/share/dbus-1/services/org.sigxcpu.Feedback.service"
grep -qx 'Name=org.sigxcpu.Feedback' "$service" && grep -qx 'Exec=/usr/bin/hapticsd' "$service" \
    && grep -qx 'SystemdService=hapticsd.service' "$service" || fail "the D-Bus activation file is wrong: $(cat "$service")"
scripts/manual-test.sh "$dest/usr/share" "$dest/usr/bin"
if command -v systemd-analyze >/dev/null; then
    # The unit parses (systemd-analyze checks the ExecStart binary exists, so point it there).
    sed "s|ExecStart=/usr/bin/hapticsd|ExecStart=$dest/usr/bin/hapticsd|" "$dest/usr/lib/systemd/user/hapticsd.service" > "$dest/hapticsd.service"
    systemd-analyze verify --man=no "$dest/hapticsd.service" 2>&1 | grep -v 'dbus.socket\|graphical-session' | grep . && fail "systemd-analyze found problems"
    rm "$dest/hapticsd.service"
fi

make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null
left=$(cd "$dest" && find . -type f)
[ -z "$left" ] || fail "make uninstall left: $left"

# A /usr/local install puts the udev rule in /etc, where udev reads it.
make --no-print-directory install DESTDIR="$dest" CONFIGURATION=debug >/dev/null
[ -f "$dest/etc/udev/rules.d/70-haptics.rules" ] && [ -f "$dest/usr/local/lib/systemd/user/hapticsd.service" ] \
    && [ -f "$dest/usr/local/share/man/man1/haptics.1.gz" ] || fail "a PREFIX=/usr/local install misplaced the udev rule, the unit or the manual"
grep -qx 'Exec=/usr/local/bin/hapticsd' "$dest/usr/local/share/dbus-1/services/org.sigxcpu.Feedback.service" \
    || fail "the D-Bus activation file does not start /usr/local/bin/hapticsd"
grep -qx 'ExecStart=/usr/local/bin/hapticsd' "$dest/usr/local/lib/systemd/user/hapticsd.service" || fail "the unit does not start /usr/local/bin/hapticsd"
make --no-print-directory uninstall DESTDIR="$dest" >/dev/null
[ -z "$(cd "$dest" && find . -type f)" ] || fail "make uninstall (PREFIX=/usr/local) left files"
echo "install-test: ok (make install and make uninstall into a DESTDIR, PREFIX=/usr and /usr/local)"
