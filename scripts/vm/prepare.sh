#!/usr/bin/env bash
# Caches what run.sh boots into .build/vm/: an uncompressed kernel, the input/HID
# modules in load order and a static busybox. Idempotent: a stamp records what was
# built, so a warm run only compares it. Exits 77 (caller: "skip") if a host
# prerequisite is missing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$root/.build/vm
# hid-sony is left out: it links against usbhid, which drags in the whole USB core.
modules=(evdev uinput uhid ff-memless hid-generic hid-playstation hid-nintendo hid-microsoft hid-sony)

skip() { echo "vm: $*" >&2; exit 77; }

command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 not found (apt install qemu-system-x86)"
busybox=/bin/busybox
[[ -x $busybox ]] && ! ldd "$busybox" >/dev/null 2>&1 ||
    skip "no static $busybox (apt install busybox-static)"
# The host may run another kernel (or none from Debian): use the newest installed
# image that has its modules next to it.
kver=
for image in $(ls -v /boot/vmlinuz-* 2>/dev/null); do
    v=${image#/boot/vmlinuz-}
    [[ -f /lib/modules/$v/modules.dep ]] && kver=$v
done
[[ -n $kver ]] || skip "no /boot/vmlinuz-* with matching /lib/modules (apt install linux-image-amd64)"
image=/boot/vmlinuz-$kver
[[ -r $image ]] || skip "$image is not readable"

stamp="$kver ${modules[*]} $(stat -c %Y "$image" "$busybox" | tr '\n' ' ')"
[[ -f $out/stamp && $(<"$out/stamp") == "$stamp" ]] && exit 0

rm -rf "$out"
mkdir -p "$out/modules"

# The bzImage is a decompressor stub plus a compressed ELF vmlinux. Find the payload's
# magic and unpack from there; the first candidate that yields an ELF wins (a magic
# can also occur by chance inside the stub).
extract() {
    local magic tool offset
    for pair in '\xfd7zXZ\x00:xz -dc --single-stream' '\x28\xb5\x2f\xfd:zstd -dcq' '\x1f\x8b\x08:gzip -dcq'; do
        magic=${pair%%:*} tool=${pair#*:}
        for offset in $(LC_ALL=C grep -obUaP "$magic" "$image" | cut -d: -f1); do
            tail -c +$((offset + 1)) "$image" | $tool >"$out/kernel" 2>/dev/null || true
            [[ $(head -c 4 "$out/kernel" | od -An -tx1 | tr -d ' ') == 7f454c46 ]] && return 0
        done
    done
    return 1
}
extract || { echo "vm: no ELF found in $image, using the bzImage" >&2; cp "$image" "$out/kernel"; }

# --show-depends prints "insmod <path>" per module, dependencies first, repeating
# shared ones. -a is needed: without it the extra names are taken as parameters.
# Newer Debian kernels compress modules; busybox insmod wants them plain.
declare -A seen
n=0
while read -r _ ko _; do
    name=$(basename "${ko%.ko*}")
    [[ -n ${seen[$name]:-} ]] && continue
    seen[$name]=1
    ((++n))
    dest=$out/modules/$(printf %02d $n)-$name.ko
    case $ko in
        *.xz) xz -dc "$ko" >"$dest" ;;
        *.zst) zstd -dcq "$ko" >"$dest" ;;
        *.gz) gzip -dc "$ko" >"$dest" ;;
        *) cp "$ko" "$dest" ;;
    esac
done < <(modprobe -S "$kver" -a --show-depends "${modules[@]}" | grep '^insmod ')

cp "$busybox" "$out/busybox"

# Prove the kernel boots; QEMU's PVH entry needs an ELF with a PVH note, so if the
# ELF fails, the bzImage (slower, real-mode setup) is the fallback.
smoke() { VM_TIMEOUT=60 "$root/scripts/vm/run.sh" "$out/busybox" true >/dev/null 2>&1; }
if ! smoke; then
    echo "vm: $out/kernel (ELF) did not boot, falling back to the bzImage" >&2
    cp "$image" "$out/kernel"
    smoke || { echo "vm: the guest does not boot even from $image" >&2; exit 1; }
fi
echo "$stamp" >"$out/stamp"
