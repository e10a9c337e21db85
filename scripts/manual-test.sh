#!/usr/bin/env bash
# The installed manual pages and completions under SHARE (e.g. DESTDIR/usr/share), for the
# programs in BINDIR: every page renders with man and groff without a warning and names what
# the programs' --help names; the bash completion completes a subcommand, an option and an
# option's value (as bash-completion loads it, through COMP_WORDS); the zsh and fish scripts
# parse.
set -euo pipefail
share=$1 bindir=$2
"$(dirname "$0")/ensure-packages.sh" man-db groff-base bash-completion zsh fish
fail() { echo "manual-test: FAIL: $*" >&2; exit 1; }
export MANWIDTH=80 LC_ALL=C.UTF-8

for page in man1/haptics.1 man1/hapticsd.1 man5/haptics-patterns.5; do
    file="$share/man/$page.gz"
    warnings=$({ zcat "$file" | groff -ww -man -z; } 2>&1)
    [ -z "$warnings" ] || fail "groff warns about $page: $warnings"
    warnings=$(man --warnings -l "$file" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "man warns about $page: $warnings"
done
rendered=$(man -l "$share/man/man1/haptics.1.gz")
subcommands=$("$bindir/haptics" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | sed -n 's/^  \([a-z]*\)  .*/\1/p')
[ -n "$subcommands" ] || fail "haptics --help lists no subcommand"
for subcommand in $subcommands; do
    grep -q "haptics $subcommand" <<<"$rendered" || fail "haptics(1) has no section for '$subcommand'"
done
grep -q -- '--loop <count>' <<<"$rendered" || fail "haptics(1) does not list play's --loop"
# The manual's text on one line (words wrapped at the page's width joined again).
flat=$(tr -s ' \n' '  ' <<<"$rendered")
grep -q -- '--locality <locality>' <<<"$flat" && grep -q 'right-handle, triggers, left-trigger, right-trigger' <<<"$flat" \
    || fail "haptics(1) does not list --locality and its values"
grep -q 'evdev, hidraw' <<<"$flat" || fail "haptics(1) does not list --driver hidraw"
# The sections the messages point to (TROUBLESHOOTING, PERMISSIONS in haptics(1)).
for section in PERMISSIONS TROUBLESHOOTING; do
    grep -q "^$section\$" <<<"$rendered" || fail "haptics(1) has no $section section, which the messages point to"
done
grep -q 'udevadm trigger' <<<"$flat" || fail "haptics(1) does not say how to apply the udev rule"
for option in $("$bindir/hapticsd" --help | grep -o -- '--[a-z]*' | sort -u); do
    man -l "$share/man/man1/hapticsd.1.gz" | grep -q -- "$option" || fail "hapticsd(1) does not list $option"
done
man -l "$share/man/man5/haptics-patterns.5.gz" | grep -qw 'selection' || fail "haptics-patterns(5) does not list the presets"

# bash: the words offered for a command line whose last word is being completed.
completions() {
    bash -c '
        source /usr/share/bash-completion/bash_completion
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _haptics
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' bash "$share/bash-completion/completions/haptics" "$@"
}
expect() {
    local want=$1; shift
    local got; got=$(completions "$@")
    [ "$got" = "$want" ] || fail "completing '$*' offered '$got', not '$want'"
}
expect 'render ' haptics ren
expect '--locality --loop ' haptics play --lo
expect '--loop ' haptics play --loo
expect 'json svg text wav ' haptics render --format ''
expect 'stdout,evdev ' haptics play --driver stdout,ev
expect 'stdout,hidraw ' haptics play --driver stdout,hi
expect 'stdout,audio stdout,evdev stdout,hidraw ' haptics play --driver stdout,
expect 'dualsense dualsense-voice-coils dualshock4 ' haptics render --pad d
expect 'left-handle left-trackpad left-trigger ' haptics impact heavy --locality left-
expect 'success ' haptics play --gain 0.5 succ
expect 'heavy light medium rigid soft ' haptics impact ''
expect '--start --status --strength --strengths ' haptics trigger --st
# bash splits --format=json at the =: the value is still completed for the option, and is no
# positional argument.
expect 'json ' haptics render --format = j
expect 'success ' haptics render --format = json succ

command -v zsh >/dev/null && { zsh -n "$share/zsh/vendor-completions/_haptics" || fail "the zsh completion does not parse"; }
if command -v fish >/dev/null; then
    fish -n "$share/fish/vendor_completions.d/haptics.fish" || fail "the fish completion does not parse"
    # fish: the words offered for a command line, as `complete -C` gives them.
    fish_expect() {
        local want=$1 got
        got=$(fish --no-config -c 'source $argv[1]; complete -C $argv[2] | string replace -r "\t.*" "" | sort | string join " "' \
            "$share/fish/vendor_completions.d/haptics.fish" "$2")
        [ "$got" = "$want" ] || fail "fish completing '$2' offered '$got', not '$want'"
    }
    fish_expect 'stdout,audio stdout,evdev stdout,hidraw' 'haptics play --driver stdout,'
    fish_expect 'dualsense dualsense-voice-coils dualshock4' 'haptics render --pad d'
fi
echo "manual-test: ok (3 manual pages render without warnings; bash completes a subcommand, an option and values, fish values)"
