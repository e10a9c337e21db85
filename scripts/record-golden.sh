#!/usr/bin/env bash
# Usage: record-golden.sh LOG DIR
# Writes the golden files the kernel tests printed with --update-golden (each between a
# "@@GOLDEN KERNEL/PAD/PATTERN.txt@@" line and a "@@GOLDEN-END@@" line of LOG) under DIR,
# replacing the files of every KERNEL/PAD directory recorded, and says what changed. Kernel
# messages the VM's console interleaves ("[   12.345678] ...") are left out.
set -euo pipefail
log=$1
dir=$2
declare -A cleared
file=
count=0
while IFS= read -r line; do
    if [[ $line =~ ^@@GOLDEN\ ([A-Za-z0-9._-]+/[A-Za-z0-9._-]+/[A-Za-z0-9._-]+\.txt)@@$ ]]; then
        file=${BASH_REMATCH[1]}
        pad=$dir/$(dirname "$file")
        if [[ -z ${cleared[$pad]:-} ]]; then
            rm -rf "$pad"
            mkdir -p "$pad"
            cleared[$pad]=1
        fi
        : >"$dir/$file"
        count=$((count + 1))
    elif [[ $line == @@GOLDEN-END@@ ]]; then
        file=
    elif [[ -n $file && ! $line =~ ^\[\ *[0-9]+\.[0-9]+\]\  ]]; then
        printf '%s\n' "$line" >>"$dir/$file"
    fi
done <"$log"
if [[ $count -eq 0 ]]; then
    echo "golden: the kernel tests printed no golden file" >&2
    exit 1
fi
echo "golden: recorded $count files under ${dir#"$PWD"/}; review the change with git diff --stat -- ${dir#"$PWD"/}"
git -C "$dir" status --short -- . || true
