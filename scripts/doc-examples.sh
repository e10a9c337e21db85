#!/usr/bin/env bash
# Runs every example of the documentation (README.md, CONTRIBUTING.md and docs/*.md) as a new
# user would type it, and checks its exit status.
#
# The commands are read from the pages when the script runs, never copied here: every line of a
# ```sh block (a trailing `# comment` removed, a line ending in `\` joined to the next), every
# `$ ` line of a plain ``` block (a shown terminal session), and the Example column of a table.
# A synopsis line (`haptics play PATTERN [--loop N|forever] ...`) stands for several commands:
# the shortest (optional parts left out, the first of each `a|b`), the longest (every optional
# part in), and one for each other alternative. A ```c block with a `main` is compiled against
# libhaptics and run; a ```python block is run with python3, or with the interpreter its `#!`
# line names. (The Swift blocks are the DocC articles' and the README's library example, which
# the unit tests run word for word.)
#
# Each command runs with bash (pipefail on) in a clean copy of the repository: its tracked files
# (`git ls-files`, as the working tree has them), nothing added, so an example can only name a
# file a reader has. The debug builds of `haptics` and `hapticsd` come first on PATH; it runs
# headless: no gamepad and no terminal. The D-Bus examples talk to `hapticsd --driver record` on
# a private session bus (a `dbus-daemon` whose configuration lists no service directories, so
# Debian's feedbackd is never activated).
#
# Every command must match a rule below; one that matches none is a failure, so a new example
# has to be handled here. It prints `ok`, `FAIL` or `skip` per command, then
# `doc-examples: N passed, N failed, N skipped`, and exits 1 on any failure.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
. "$repo/scripts/private-bus.sh"
bin="$repo/.build/debug"
for program in haptics hapticsd; do
    [ -x "$bin/$program" ] || { echo "doc-examples: $bin/$program is missing: run 'swift build' first" >&2; exit 1; }
done
export PATH="$bin:$PATH"
pages=(README.md CONTRIBUTING.md)
for page in "$repo"/docs/*.md; do pages+=("docs/${page##*/}"); done

work="$(mktemp -d /tmp/doc-examples-XXXXXX)"
started=()
cleanup() {
    local pid
    for pid in "${started[@]+"${started[@]}"}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${started[@]+"${started[@]}"}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# The clean copy the examples run in: the repository's tracked files, nothing else (a new file
# an example needs must be added to git to be seen here).
copy="$work/repository"
mkdir -p "$copy"
git -C "$repo" ls-files -z | (cd "$repo" && tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$copy"
[ -f "$copy/README.md" ] || { echo "doc-examples: could not copy the repository's tracked files (git ls-files)" >&2; exit 1; }
# Where the code blocks are written to run, outside the copy.
blocks="$work/.blocks"
mkdir -p "$blocks"
# Placeholder words of the synopsis, each replaced by a real argument wherever it stands alone.
words=(
    "PATTERN=examples/Heartbeats.ahap"
    "THEME...=/usr/share/feedbackd/themes/default.json"
    "FILE=Traces/clean-pull.csv"
    "N=3"
)

# How each command runs, first match wins: `pattern<TAB>how<TAB>expected status<TAB>why`.
# how: run (as typed), session (as typed, and its output must be the lines the page shows after
# its `$ ` line), repo (in the repository's checkout, whose debug build this script runs on,
# stdin empty), bus (on the private bus),
# library (as typed, with libhaptics and the Python package installed into a temporary root, and
# pkg-config, the loader and Python pointed there),
# interrupt (Ctrl-C after 3 s, as a user stops it), tty (in a pseudo-terminal, `q` typed), skip
# (not run, the reason printed).
rules=$(cat <<'EOF'
make test	skip	-	runs the whole suite, which runs this script
make check	skip	-	runs the lint, the import check, the build and swift test, which make test runs itself
make doc-examples	skip	-	runs this script
swift format *	skip	-	rewrites the checkout's files in place; make lint (part of make test) checks them
make install	skip	-	installs into /usr/local as root; make install-test (part of make test) runs it into a temporary DESTDIR
make uninstall	skip	-	removes what make install put in /usr/local; make install-test (part of make test) runs it in a temporary DESTDIR
make golden	skip	-	records the golden files afresh in a VM; make kernel-test (part of make test) compares them
make kernel-test*	skip	-	boots QEMU; make test runs it
KERNEL=* scripts/kernel-tests.sh *	skip	-	boots QEMU; make kernel-test (part of make test) runs every kernel test
make deb	skip	-	builds the release package; make deb-test (part of make test) builds one, installs it, runs it and purges it
sudo apt install ./haptics_*	skip	-	installs the package on the machine as root; make deb-test (part of make test) installs and purges it
sudo make install	skip	-	installs into /usr/local as root; make install-test (part of make test) runs it into a temporary DESTDIR
sudo *	skip	-	changes the machine's udev rules as root
systemctl --user *	skip	-	needs a systemd user manager and the installed unit; the D-Bus examples run hapticsd on a bus of their own instead
make demo	repo	0	headless, it replays a bundled trace
make help	repo	0	-
swift build	repo	0	-
swift run haptics *	repo	0	-
swift test --filter *	repo	0	-
cc examples/*	library	0	against libhaptics installed into a temporary root
./record_preset *	library	0	-
python3 examples/*	library	0	-
c block *	library	0	compiled against libhaptics installed into a temporary root, and run
python block docs/hapticsd.md *	bus	0	libfeedback through GObject introspection, against hapticsd
python block *	library	0	-
haptics demo	tty	0	interactive: reads its keys from a terminal (q quits)
haptics demo --trace *	run	0	a trace replayed
haptics * --loop forever*	interrupt	130	never ends by itself: Ctrl-C stops it, exit 130
haptics impact * --driver stdout,evdev	run	EVDEV	with no gamepad, evdev cannot open one and the command fails as the page says (exit 1)
haptics trigger *	run	EVDEV	with no gamepad, hidraw finds no pad and the command fails with its advice (exit 1)
haptics * --driver hidraw *	run	EVDEV	with no gamepad, hidraw finds no pad and the command fails with its advice (exit 1)
haptics light *	run	EVDEV	with no gamepad, no light bar is found and the command fails as the page says (exit 1)
haptics * --driver audio *	run	EVDEV	with no gamepad, audio finds no pad with a sound card and the command fails with its advice (exit 1)
haptics validate examples/broken.ahap	session	65	a broken pattern file exits 65, with the error the page shows
haptics devices*	run	0	with no gamepad, prints nothing on standard output (--json: [])
haptics impact *	run	0	-
haptics notify *	run	0	-
haptics select	run	0	-
haptics play *	run	0	-
haptics render *	run	0	-
haptics validate *	run	0	-
haptics convert *	run	0	-
haptics list	run	0	-
fbcli *	bus	0	-
busctl --user *	bus	0	-
gdbus call --session *	bus	0	-
EOF
)

# EVDEV: the exit status of a command that needs a gamepad: 1 on a machine with none (the
# headless case this script is written for), 0 where `haptics devices` lists one.
if [ -n "$(haptics devices 2>/dev/null)" ]; then evdev_status=0; else evdev_status=1; fi
rules="${rules//EVDEV/$evdev_status}"

# The commands of the page $1, one a line. A ```c or ```python block is written to a file of
# its own under $blocks and stands as one line, `@block LANGUAGE FILE`.
extract() {
    awk -v blocks="$blocks" -v slug="${1//\//-}" '
        function emit(line) {
            sub(/[ \t]+#[ \t].*$/, "", line); sub(/[ \t]+$/, "", line)
            if (line != "") print line
        }
        /^```/ {
            if (fence == "") {
                fence = "other"
                if ($0 ~ /^```sh[ \t]*$/) fence = "sh"
                if ($0 ~ /^```(c|python)[ \t]*$/) {
                    fence = substr($0, 4); sub(/[ \t]+$/, "", fence)
                    count++; file = blocks "/" slug "-" count "." (fence == "python" ? "py" : fence)
                    printf "" > file
                }
            } else {
                if (fence == "c" || fence == "python") { close(file); print "@block " fence " " file }
                fence = ""
            }
            pending = ""; next
        }
        fence == "c" || fence == "python" { print > file; next }
        fence == "sh" {
            line = pending $0
            if (line ~ /\\$/) { sub(/[ \t]*\\$/, " ", line); pending = line; next }
            pending = ""; sub(/^[ \t]+/, "", line); gsub(/[ \t]+/, " ", line); emit(line); next
        }
        fence == "other" && /^\$ / { emit(substr($0, 3)); next }
        fence == "" && /^\|/ {
            n = split($0, cells, "|")
            if ($0 ~ /\| *Example *\| *$/) { table = 1; next }
            if (!table) next
            cell = cells[n - 1]; gsub(/^ +| +$/, "", cell)
            if (cell ~ /^`.*`$/) emit(substr(cell, 2, length(cell) - 2))
            next
        }
        fence == "" { table = 0 }
    ' "$repo/$1"
}

# The lines the page $1 shows after `$ COMMAND` ($2) in a plain ``` block, up to the next `$ `
# line or the block's end.
shown() {
    awk -v command="$ $2" '
        /^```/ { if (found) exit; fence = !fence; next }
        fence && $0 == command { found = 1; next }
        found && /^\$ / { exit }
        found { print }
    ' "$repo/$1"
}

# The commands a synopsis line stands for; any other line stands for itself.
expand() {
    local line="$1"
    if [[ "$line" != *"["* && ! "$line" =~ [^\ ]\|[^\ ] ]]; then
        printf '%s\n' "$line"
        return
    fi
    local -a tokens depths
    local token depth=0 i
    read -r -a tokens <<<"$line"
    for i in "${!tokens[@]}"; do
        token="${tokens[$i]}"
        while [[ "$token" == "["* ]]; do depth=$((depth + 1)); token="${token#[}"; done
        depths[i]=$depth
        while [[ "$token" == *"]" ]]; do depth=$((depth - 1)); token="${token%]}"; done
        tokens[i]="$token"
    done
    # form SHORT|LONG [index alternative]: the command with optional parts out or in, token
    # `index` taking `alternative`, every other a|b its first.
    form() {
        local kind="$1" at="${2:--1}" alternative="${3:-}" out="" j word
        for j in "${!tokens[@]}"; do
            [ "$kind" = short ] && [ "${depths[j]}" -gt 0 ] && continue
            word="${tokens[$j]%%|*}"
            [ "$j" = "$at" ] && word="$alternative"
            out+="${out:+ }$word"
        done
        printf '%s\n' "$out"
    }
    {
        form short
        form long
        local -a alternatives
        local k
        for i in "${!tokens[@]}"; do
            [[ "${tokens[$i]}" == *"|"* ]] || continue
            IFS='|' read -r -a alternatives <<<"${tokens[$i]}"
            for k in "${alternatives[@]:1}"; do
                if [ "${depths[i]}" -gt 0 ]; then form long "$i" "$k"; else form short "$i" "$k"; fi
            done
        done
    } | awk '!seen[$0]++'
}

substitute() {
    local line=" $1 " entry
    for entry in "${words[@]}"; do line="${line// ${entry%%=*} / ${entry#*=} }"; done
    line="${line# }"
    printf '%s\n' "${line% }"
}

classify() {
    local command="$1" pattern how status why
    while IFS=$'\t' read -r pattern how status why; do
        # shellcheck disable=SC2053  # the pattern is a glob
        if [[ "$command" == $pattern ]]; then
            printf '%s\t%s\t%s\n' "$how" "$status" "$why"
            return
        fi
    done <<<"$rules"
    printf 'unclassified\t-\tno rule in scripts/doc-examples.sh says how to run it\n'
}

# The private session bus and hapticsd on it, started for the first D-Bus example.
bus_up=""
start_bus() {
    [ -n "$bus_up" ] && return
    if ! private_bus_start "$work/.bus"; then
        kill "$private_bus_pid" 2>/dev/null || true
        echo "doc-examples: dbus-daemon did not start" >&2; cat "$work/.bus.log" >&2; exit 1
    fi
    started+=("$private_bus_pid")
    DBUS_SESSION_BUS_ADDRESS=$private_bus_address
    export DBUS_SESSION_BUS_ADDRESS
    echo "(the D-Bus examples: hapticsd --driver record on a private bus, $DBUS_SESSION_BUS_ADDRESS)"
    (cd "$work" && exec env -u FEEDBACK_THEME XDG_CONFIG_HOME="$work/.config" hapticsd --driver record) \
        >"$work/.hapticsd.frames" 2>"$work/.hapticsd.log" &
    started+=("$!")
    tries=0
    until busctl --user status org.sigxcpu.Feedback >/dev/null 2>&1; do
        tries=$((tries + 1)); [ "$tries" -lt 100 ] || { echo "doc-examples: hapticsd did not take its name" >&2; cat "$work/.hapticsd.log" >&2; exit 1; }
        sleep 0.1
    done
    bus_up=1
}

# libhaptics, its header, pkg-config file and the Python package, installed for the first C or
# Python example into a root of their own; pkg-config, the loader and Python look there.
library_up=""
install_library() {
    [ -n "$library_up" ] && return
    make -C "$repo" --no-print-directory install-library DESTDIR="$work/.root" PREFIX=/usr CONFIGURATION=debug >"$work/.root.log" 2>&1 ||
        { echo "doc-examples: make install-library failed" >&2; tail -n 20 "$work/.root.log" >&2; exit 1; }
    export PKG_CONFIG_PATH="$work/.root/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$work/.root"
    export LD_LIBRARY_PATH="$work/.root/usr/lib" PYTHONPATH="$work/.root/usr/lib/python3/dist-packages" PYTHONDONTWRITEBYTECODE=1
    echo "(the C and Python examples: libhaptics installed into $work/.root)"
    library_up=1
}

passed=0 failed=0 skipped=0
# run_one PAGE NAME COMMAND: NAME is what the rules match and the report shows (the command as
# the page has it, or a code block's name), COMMAND what runs.
run_one() {
    local page="$1" name="$2" command="$3" how status why code=0
    IFS=$'\t' read -r how status why < <(classify "$name")
    case "$how" in
        skip)
            skipped=$((skipped + 1))
            printf 'skip %s  (%s)\n' "$name" "$why"
            return
            ;;
        unclassified)
            failed=$((failed + 1))
            printf 'FAIL %s  (%s)\n' "$name" "$why"
            return
            ;;
        bus) start_bus ;;
        library) install_library ;;
    esac
    : >"$work/.out"
    case "$how" in
        run | session | bus | library) (cd "$copy" && timeout 120 bash -o pipefail -c "$command" </dev/null >"$work/.out" 2>&1) || code=$? ;;
        repo) (cd "$repo" && timeout 600 bash -o pipefail -c "$command" </dev/null >"$work/.out" 2>&1) || code=$? ;;
        interrupt) (cd "$copy" && timeout --preserve-status -s INT -k 10 3 bash -o pipefail -c "exec $command" </dev/null >"$work/.out" 2>&1) || code=$? ;;
        tty)
            # `script` gives the command a pseudo-terminal and types what it reads: q, after a second.
            (cd "$copy" && { sleep 1; printf q; sleep 2; } | timeout 30 script -qefc "$command" /dev/null >"$work/.out" 2>&1) ||
                code=$?
            ;;
    esac
    local output_differs=""
    if [ "$how" = session ] && [ "$(cat "$work/.out")" != "$(shown "$page" "$command")" ]; then output_differs=1; fi
    if [ "$code" = "$status" ] && [ -z "$output_differs" ]; then
        passed=$((passed + 1))
        printf 'ok   %s%s\n' "$name" "$([ "$why" = - ] || printf '  (%s)' "$why")"
    else
        failed=$((failed + 1))
        printf 'FAIL %s  (exit %s, expected %s%s)\n' "$name" "$code" "$status" \
            "$([ -z "$output_differs" ] || printf '; its output is not what %s shows' "$page")"
        tail -n 5 "$work/.out" | sed 's/^/     | /'
        if [ -n "$output_differs" ]; then
            echo "     $page shows instead:"
            shown "$page" "$command" | sed 's/^/     | /'
        fi
    fi
}

for page in "${pages[@]}"; do
    [ -f "$repo/$page" ] || continue
    echo "== $page"
    while IFS= read -r line; do
        if [[ "$line" == "@block "* ]]; then
            read -r _ language file <<<"$line"
            name="$language block $page #${file##*-}"
            name="${name%.*}"
            case "$language" in
                c) run_one "$page" "$name" "cc '$file' \$(pkg-config --cflags --libs haptics) -o '${file%.c}' && '${file%.c}'" ;;
                # A block with a #! line runs as a script, with the interpreter it names.
                python) if head -n 1 "$file" | grep -q '^#!'; then chmod +x "$file"; run_one "$page" "$name" "'$file'"; else run_one "$page" "$name" "python3 '$file'"; fi ;;
            esac
            continue
        fi
        while IFS= read -r command; do
            command="$(substitute "$command")"
            run_one "$page" "$command" "$command"
        done < <(expand "$line")
    done < <(extract "$page")
done

if [ -n "$bus_up" ]; then
    echo "(hapticsd recorded $(grep -c '"t_ms"' "$work/.hapticsd.frames" || true) frames)"
fi
echo "doc-examples: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
