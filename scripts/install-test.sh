#!/usr/bin/env bash
# The install steps of docs/install.md into a DESTDIR: `make install` puts exactly its files in place
# (the binaries run, and need none of the Swift toolchain's libraries, haptics no library at
# all; the unit and the D-Bus activation file start the installed hapticsd; libhaptics with its
# links, header and pkg-config file, and the Python package over it; the manual pages render and
# the completions complete, see manual-test.sh), `make uninstall` removes exactly those.
# The installed udev rule is checked by a small parser of udev's rule syntax (systemd 252 has
# no `udevadm verify`, and `udevadm test` needs a device): every key known, with an operator
# it takes, values quoted, a match and an assignment on every line; and it tags the event nodes
# and the hidraw nodes of the pads the hidraw driver writes to.
# Then an install into a prefix of its own without a DESTDIR, in a mount namespace where the
# system is read-only: it writes nothing outside its prefix (no udev rule in /etc, no ldconfig),
# says what the prefix needs and writes it into an env file, which, sourced by a user without
# root, finds the programs, the library, the Python package, the manual and the completions;
# hapticsd(1) names the files under that prefix.
# Debug builds (CONFIGURATION=debug), so it costs no release build.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
fail() { echo "install-test: FAIL: $*" >&2; exit 1; }

make --no-print-directory install DESTDIR="$dest" PREFIX=/usr CONFIGURATION=debug >/dev/null
version=$(sed -n 's/.*static let text = "\(.*\)"/\1/p' Sources/HapticsModel/Version/ProgramVersion.swift)
python_files=$(cd python && find haptics -name '*.py' -o -name py.typed)
expected=$(
    {
        printf '%s\n' ./usr/bin/haptics ./usr/bin/hapticsd ./usr/lib/systemd/user/hapticsd.service \
            ./usr/lib/udev/rules.d/70-haptics.rules ./usr/include/haptics.h "./usr/lib/libhaptics.so.$version" \
            ./usr/lib/pkgconfig/haptics.pc ./usr/share/bash-completion/completions/haptics \
            ./usr/share/bash-completion/completions/hapticsd ./usr/share/dbus-1/services/org.sigxcpu.Feedback.service \
            ./usr/share/fish/vendor_completions.d/haptics.fish ./usr/share/fish/vendor_completions.d/hapticsd.fish \
            ./usr/share/man/man1/haptics.1.gz ./usr/share/man/man1/hapticsd.1.gz ./usr/share/man/man5/haptics-patterns.5.gz \
            ./usr/share/zsh/vendor-completions/_haptics ./usr/share/zsh/vendor-completions/_hapticsd
        sed 's|^|./usr/lib/python3/dist-packages/|' <<<"$python_files"
    } | LC_ALL=C sort
)
found=$(cd "$dest" && find . -type f | LC_ALL=C sort)
[ "$found" = "$expected" ] || fail "installed files differ: $(diff <(echo "$expected") <(echo "$found") | grep '^[<>]' | tr '\n' ' ')"
[ "$(readlink "$dest/usr/lib/libhaptics.so.0")" = "libhaptics.so.$version" ] || fail "libhaptics.so.0 does not link to libhaptics.so.$version"
[ "$(readlink "$dest/usr/lib/libhaptics.so")" = libhaptics.so.0 ] || fail "libhaptics.so does not link to libhaptics.so.0"
pc=$dest/usr/lib/pkgconfig/haptics.pc
grep -qx 'prefix=/usr' "$pc" && grep -qx 'libdir=${prefix}/lib' "$pc" && grep -qx 'includedir=${prefix}/include' "$pc" \
    && grep -qx "Version: $version" "$pc" || fail "haptics.pc does not name \${prefix}/lib, \${prefix}/include and version $version: $(cat "$pc")"
# Relocatable: pkg-config --define-prefix finds the directories beside the file.
relocated=$(PKG_CONFIG_PATH="$dest/usr/lib/pkgconfig" pkg-config --define-prefix --cflags --libs haptics | xargs)
[ "$relocated" = "-I$dest/usr/include -L$dest/usr/lib -lhaptics" ] || fail "pkg-config --define-prefix does not move haptics.pc's directories: $relocated"
PYTHONPATH="$dest/usr/lib/python3/dist-packages" HAPTICS_LIBRARY="$dest/usr/lib/libhaptics.so.0" PYTHONDONTWRITEBYTECODE=1 \
    /usr/bin/python3 -c 'import haptics; engine = haptics.Engine(driver="record"); engine.selection(); engine.wait(); assert engine.frames' \
    || fail "the installed Python package does not record over the installed library"
ldd "$dest/usr/lib/libhaptics.so.0" | grep -q libswift && fail "libhaptics needs the Swift toolchain's libraries"
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
check_udev_rule() {
    /usr/bin/python3 - "$1" <<'PYTHON' || fail "the udev rule $1 does not parse: see above"
import re, sys
MATCH_ONLY = {"ACTION", "DEVPATH", "KERNEL", "KERNELS", "SUBSYSTEM", "SUBSYSTEMS", "DRIVER", "DRIVERS", "ATTRS", "TAGS",
              "TEST", "PROGRAM", "RESULT", "CONST", "SYSCTL"}
ASSIGN_ONLY = {"OWNER", "GROUP", "MODE", "SECLABEL", "RUN", "LABEL", "GOTO", "IMPORT", "OPTIONS", "SYMLINK", "NAME"}
EITHER = {"ENV", "TAG", "ATTR", "SYMLINK", "NAME", "SYSCTL"}
NEEDS_ATTRIBUTE = {"ATTR", "ATTRS", "ENV", "SYSCTL", "CONST", "SECLABEL"}
PAIR = re.compile(r'\s*([A-Z]+)(\{[^}]+\})?\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*(,|$)')
problems = []
path = sys.argv[1]
for number, line in enumerate(open(path), 1):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    if line.endswith("\\"):
        problems.append(f"{number}: a continued line")
        continue
    position, matches, assigns = 0, 0, 0
    while position < len(line):
        pair = PAIR.match(line, position)
        if not pair:
            problems.append(f"{number}: cannot read from column {position + 1}: {line[position:]}")
            break
        key, attribute, operator, _, _ = pair.groups()
        is_match = operator in ("==", "!=")
        allowed = (key in MATCH_ONLY or key in EITHER) if is_match else (key in ASSIGN_ONLY or key in EITHER)
        if key not in MATCH_ONLY | ASSIGN_ONLY | EITHER:
            problems.append(f"{number}: unknown key {key}")
        elif not allowed:
            problems.append(f"{number}: {key} does not take {operator}")
        if key in NEEDS_ATTRIBUTE and not attribute:
            problems.append(f"{number}: {key} needs {{attribute}}")
        matches += is_match
        assigns += not is_match
        position = pair.end()
    if matches == 0 or assigns == 0:
        problems.append(f"{number}: a rule needs a match and an assignment")
for problem in problems:
    print(f"{path}:{problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
PYTHON
    grep -q '^SUBSYSTEM=="input", KERNEL=="event\*".*TAG+="uaccess"' "$1" || fail "the udev rule does not tag the event nodes"
    for id in 054C:0CE6 054C:0DF2 057E:2009 045E:0B13; do
        grep -q "^SUBSYSTEM==\"hidraw\", KERNEL==\"hidraw\*\", KERNELS==\"[*0-9]*:$id\.\*\", TAG+=\"uaccess\"" "$1" \
            || fail "the udev rule does not tag the hidraw node of $id"
    done
}
check_udev_rule "$dest/usr/lib/udev/rules.d/70-haptics.rules"
scripts/manual-test.sh "$dest/usr/share" "$dest/usr/bin"
if command -v systemd-analyze >/dev/null; then
    # The unit parses (systemd-analyze checks the ExecStart binary exists, so point it there).
    sed "s|ExecStart=/usr/bin/hapticsd|ExecStart=$dest/usr/bin/hapticsd|" "$dest/usr/lib/systemd/user/hapticsd.service" > "$dest/hapticsd.service"
    systemd-analyze verify --man=no "$dest/hapticsd.service" 2>&1 | grep -v 'dbus.socket\|graphical-session' | grep . && fail "systemd-analyze found problems"
    rm "$dest/hapticsd.service"
fi

make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null
left=$(cd "$dest" && find . ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"
[ ! -e "$dest/usr/lib/python3/dist-packages/haptics" ] || fail "make uninstall left the Python package's directory"

# A /usr/local install puts everything under /usr/local, where udev reads its rule too.
rm -rf "${dest:?}/usr"
make --no-print-directory install DESTDIR="$dest" CONFIGURATION=debug >/dev/null
[ -z "$(cd "$dest" && find . -mindepth 1 -maxdepth 1 ! -name usr)" ] && [ -z "$(cd "$dest/usr" && find . -mindepth 1 -maxdepth 1 ! -name local)" ] \
    || fail "a PREFIX=/usr/local install wrote outside /usr/local: $(cd "$dest" && find . -path ./usr/local -prune -o -type f -print)"
[ -f "$dest/usr/local/lib/udev/rules.d/70-haptics.rules" ] && [ -f "$dest/usr/local/lib/systemd/user/hapticsd.service" ] \
    && [ -f "$dest/usr/local/share/man/man1/haptics.1.gz" ] || fail "a PREFIX=/usr/local install misplaced the udev rule, the unit or the manual"
[ ! -e "$dest/usr/local/share/haptics" ] || fail "a PREFIX=/usr/local install wrote an env file, though the system reads /usr/local"
grep -qx 'Exec=/usr/local/bin/hapticsd' "$dest/usr/local/share/dbus-1/services/org.sigxcpu.Feedback.service" \
    || fail "the D-Bus activation file does not start /usr/local/bin/hapticsd"
grep -qx 'ExecStart=/usr/local/bin/hapticsd' "$dest/usr/local/lib/systemd/user/hapticsd.service" || fail "the unit does not start /usr/local/bin/hapticsd"
# Debian's python3 reads /usr/local/lib/python3.X/dist-packages.
python_dir=$(/usr/bin/python3 -c 'import sys; print("/usr/local/lib/python%d.%d/dist-packages" % sys.version_info[:2])')
[ -f "$dest$python_dir/haptics/__init__.py" ] && [ -f "$dest/usr/local/lib/libhaptics.so.$version" ] \
    || fail "a PREFIX=/usr/local install misplaced the library or the Python package (expected in $python_dir)"
grep -qx 'prefix=/usr/local' "$dest/usr/local/lib/pkgconfig/haptics.pc" || fail "haptics.pc does not name /usr/local"
make --no-print-directory uninstall DESTDIR="$dest" >/dev/null
[ -z "$(cd "$dest" && find . ! -type d)" ] || fail "make uninstall (PREFIX=/usr/local) left files"
rm -rf "${dest:?}/usr"

# A prefix of its own, without a DESTDIR, as a user installs into a directory of theirs: in a
# mount namespace where the system's directories are read-only, so that a write outside the
# prefix (the udev rule in /etc, ldconfig's cache) fails the install even as root. (The build
# directory belongs to root: SwiftPM run by another user could not use it, so the install runs
# as root; the files are then used as nobody.)
prefix=$dest/prefix
chmod 755 "$dest"
if unshare --mount true 2>/dev/null; then
    unshare --mount --propagation private bash -c '
        set -e
        for directory in /etc /usr /var /opt /boot /srv /home /mnt /media; do
            [ -d "$directory" ] && [ ! -L "$directory" ] || continue
            mount --bind "$directory" "$directory" && mount -o remount,bind,ro "$directory"
        done
        touch /etc/.haptics-read-only-check 2>/dev/null && { echo "the system is writable in the namespace" >&2; exit 1; }
        make --no-print-directory install PREFIX="$1" CONFIGURATION=debug >"$2" 2>&1 || { cat "$2" >&2; exit 1; }
    ' install "$prefix" "$dest/install.log" || fail "make install PREFIX=$prefix wrote outside its prefix or failed (see above)"
    grep -q 'ldconfig' "$dest/install.log" && fail "make install PREFIX=$prefix ran ldconfig"
else
    echo "install-test: note: no mount namespace here (unshare --mount): make install PREFIX=... runs on a writable system"
    make --no-print-directory install PREFIX="$prefix" CONFIGURATION=debug >"$dest/install.log" 2>&1 || { cat "$dest/install.log" >&2; fail "make install PREFIX=$prefix failed"; }
    grep -q 'ldconfig' "$dest/install.log" && fail "make install PREFIX=$prefix ran ldconfig"
fi
[ -z "$(cd "$dest" && find . -mindepth 1 -maxdepth 1 ! -name prefix ! -name install.log)" ] || fail "make install PREFIX=$prefix wrote beside it"
envfile=$prefix/share/haptics/env.sh
[ -f "$envfile" ] && [ -f "$prefix/lib/udev/rules.d/70-haptics.rules" ] || fail "make install PREFIX=$prefix wrote no env file, or no udev rule under the prefix"
for said in ". $envfile" LD_LIBRARY_PATH PYTHONPATH XDG_DATA_DIRS MANPATH "/etc/udev/rules.d/"; do
    grep -qF -- "$said" "$dest/install.log" || fail "make install PREFIX=$prefix does not say '$said': $(tail -12 "$dest/install.log")"
done
daemon_manual=$(MANWIDTH=200 LC_ALL=C man -l "$prefix/share/man/man1/hapticsd.1.gz" 2>/dev/null)
grep -qF "$prefix/lib/systemd/user/hapticsd.service" <<<"$daemon_manual" \
    && grep -qF "$prefix/share/dbus-1/services/org.sigxcpu.Feedback.service" <<<"$daemon_manual" \
    || fail "hapticsd(1)'s FILES do not name the unit and the activation file under $prefix"
! grep -q '/usr/' <<<"$daemon_manual" || fail "hapticsd(1) names /usr for PREFIX=$prefix: $(grep '/usr/' <<<"$daemon_manual")"
# What the env file gives a user without root, in an environment of nothing else.
chmod -R a+rX "$prefix"
mkdir "$dest/home"
as_user=(env -i HOME="$dest/home" PATH=/usr/bin:/bin LC_ALL=C.UTF-8 MANWIDTH=80)
if id nobody >/dev/null 2>&1 && command -v runuser >/dev/null && [ "$(id -u)" -eq 0 ]; then
    chown nobody "$dest/home"
    as_user=(runuser -u nobody -- "${as_user[@]}")
fi
(cd "$dest/home" && "${as_user[@]}" bash -c '
    set -e
    . "$1"
    prefix=$2
    [ "$(command -v haptics)" = "$prefix/bin/haptics" ] || { echo "PATH does not find haptics"; exit 1; }
    [ "$(pkg-config --variable=libdir haptics)" = "$prefix/lib" ] || { echo "pkg-config does not find haptics.pc"; exit 1; }
    PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 - "$prefix" <<"PYTHON" || { echo "python3 does not record with the package and library under the prefix"; exit 1; }
import sys
import haptics
assert haptics.__file__.startswith(sys.argv[1] + "/"), haptics.__file__
with haptics.Engine(driver="record") as engine:
    engine.play("success")
    engine.wait()
    assert engine.frames
PYTHON
    if command -v manpath >/dev/null; then
        paths=$(manpath 2>/dev/null | tr : "\n")
        grep -qx "$prefix/share/man" <<<"$paths" && grep -qx /usr/share/man <<<"$paths" \
            || { echo "MANPATH does not hold both the prefix'"'"'s manual and the system'"'"'s: $(manpath 2>&1)"; exit 1; }
        [ "$(man -w haptics)" = "$prefix/share/man/man1/haptics.1.gz" ] || { echo "man does not find haptics(1)"; exit 1; }
    fi
    source /usr/share/bash-completion/bash_completion
    __load_completion haptics && complete -p haptics | grep -q . || { echo "bash-completion does not load the completion"; exit 1; }
    if command -v zsh >/dev/null; then
        zsh -fc ". \"$1\"; autoload -Uz compinit; compinit -u -D; (( \${+_comps[haptics]} ))" \
            || { echo "zsh does not find the completion"; exit 1; }
    fi
    if command -v fish >/dev/null; then
        fish -c "complete -C \"haptics pl\"" | grep -q "^play" || { echo "fish does not find the completion"; exit 1; }
    fi
' env "$envfile" "$prefix") || fail "the env file does not find what make install PREFIX=$prefix installed (see the line above)"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
[ -z "$(find "$prefix" ! -type d)" ] || fail "make uninstall PREFIX=$prefix left: $(find "$prefix" ! -type d)"
echo "install-test: ok (make install and make uninstall into a DESTDIR, PREFIX=/usr and /usr/local, with libhaptics and the Python package;"
echo "  PREFIX=<a directory> writes nothing outside it, runs no ldconfig, and its env file serves a user without root)"
