#!/usr/bin/env bash
# libhaptics as a C programmer gets it: `make install-library` into a temporary DESTDIR
# (PREFIX=/usr, the debug build), then, with pkg-config pointed at that root:
# - examples/record_preset.c builds with `pkg-config --cflags --libs haptics` and, for every
#   preset, records the same frames as the Swift engine (`haptics play PRESET --driver record`);
# - the library needs none of the Swift toolchain's libraries, exports only haptics_ functions,
#   has the soname libhaptics.so.0 and gives the command line's version;
# - Tests/CLibrary/arguments.c calls every function with bad arguments, threads.c from several
#   threads at once.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
haptics="$repo/.build/debug/haptics"
[ -x "$haptics" ] || { echo "c-library-test: $haptics is missing: run 'swift build' first" >&2; exit 1; }
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
fail() { echo "c-library-test: FAIL: $*" >&2; exit 1; }

make --no-print-directory install-library DESTDIR="$dest" PREFIX=/usr CONFIGURATION=debug >/dev/null
export PKG_CONFIG_PATH="$dest/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
export LD_LIBRARY_PATH="$dest/usr/lib"
library="$dest/usr/lib/libhaptics.so.0"

pkg-config --exists haptics || fail "pkg-config does not find haptics.pc"
[ "$(pkg-config --modversion haptics)" = "$("$haptics" --version)" ] \
    || fail "haptics.pc's version $(pkg-config --modversion haptics) is not the command line's $("$haptics" --version)"
soname=$(readelf -d "$library" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libhaptics.so.0 ] || fail "the soname is '$soname'"
! ldd "$library" | grep -q libswift || fail "the library needs the Swift toolchain's libraries: $(ldd "$library" | grep libswift)"
exported=$(nm -D --defined-only "$library" | awk '$2 ~ /^[TDBR]$/ { sub(/@.*/, "", $3); print $3 }' | sort)
[ -z "$(grep -v '^haptics_' <<<"$exported")" ] || fail "the library exports more than haptics_ functions: $(grep -v '^haptics_' <<<"$exported" | head -5)"
declared=$(sed -n 's/^[a-z].* \**\(haptics_[a-z_]*\)(.*/\1/p' CHaptics/haptics.h | sort)
[ "$exported" = "$declared" ] || fail "the functions exported differ from haptics.h's: $(diff <(echo "$declared") <(echo "$exported") | grep '^[<>]' | tr '\n' ' ')"

cc=(gcc -std=c11 -Wall -Wextra -Werror -pedantic)
# shellcheck disable=SC2046  # pkg-config's flags are words
"${cc[@]}" examples/record_preset.c $(pkg-config --cflags --libs haptics) -o "$dest/record_preset"
# shellcheck disable=SC2046
"${cc[@]}" Tests/CLibrary/arguments.c $(pkg-config --cflags --libs haptics) -lm -o "$dest/arguments"
# shellcheck disable=SC2046
"${cc[@]}" -D_DEFAULT_SOURCE Tests/CLibrary/threads.c $(pkg-config --cflags --libs haptics) -pthread -o "$dest/threads"

# The frames from C and from the Swift engine, as numbers (the command line rounds to 5 decimals).
same_frames() {
    python3 - "$1" "$2" <<'PYTHON'
import json, sys
def frames(path):
    return [json.loads(line) for line in open(path) if line.strip()]
c, swift = frames(sys.argv[1]), frames(sys.argv[2])
keys = ("t_ms", "duration_ms", "strong", "weak")
same = len(c) == len(swift) and all(abs(a[k] - b[k]) <= 1e-5 for a, b in zip(c, swift) for k in keys)
sys.exit(0 if same and c else 1)
PYTHON
}
presets=$("$haptics" list | awk '{ print $1 }')
[ "$(wc -l <<<"$presets")" -ge 9 ] || fail "haptics list names fewer than 9 presets: $presets"
for preset in $presets; do
    "$dest/record_preset" "$preset" > "$dest/c.jsonl" || fail "record_preset $preset failed"
    "$haptics" play "$preset" --driver record > "$dest/swift.jsonl"
    same_frames "$dest/c.jsonl" "$dest/swift.jsonl" \
        || fail "$preset: the C frames differ from the Swift engine's: $(diff "$dest/c.jsonl" "$dest/swift.jsonl" | head -6 | tr '\n' ' ')"
done
"$dest/record_preset" no-such-preset >/dev/null 2>"$dest/error" && fail "record_preset accepted an unknown preset"
grep -q "no preset is named 'no-such-preset'" "$dest/error" || fail "the unknown preset's message: $(cat "$dest/error")"

# With no pad plugged in, an evdev or hidraw engine fails with the command line's words (both
# come from the same messages), which say no pad was found rather than quoting 'auto'.
if [ "$("$haptics" devices --json)" = "[]" ]; then
    for driver in evdev hidraw; do
        c_error=$(python3 - "$library" "$driver" <<'PYTHON'
import ctypes, sys
library = ctypes.CDLL(sys.argv[1])
library.haptics_last_error.restype = ctypes.c_char_p
engine = ctypes.c_void_p()
status = library.haptics_engine_open(sys.argv[2].encode(), None, ctypes.byref(engine))
print(status, library.haptics_last_error().decode())
PYTHON
        )
        cli_error=$("$haptics" impact heavy --driver "$driver" 2>&1 >/dev/null | sed 's/^Error: //' || true)
        [ "${c_error#* }" = "$cli_error" ] || fail "the C library's $driver error '$c_error' is not the command line's '$cli_error'"
        grep -q "^no gamepad" <<<"$cli_error" || fail "with no pad, --driver $driver says '$cli_error'"
    done
else
    echo "c-library-test: a device that can vibrate is plugged in: the no-pad messages are not compared"
fi

"$dest/arguments" || fail "the bad-argument checks failed"
"$dest/threads" >/dev/null || fail "the threads checks failed"
echo "c-library-test: ok ($(wc -w <<<"$presets") presets' frames equal the Swift engine's; every function refuses bad arguments; threads)"
