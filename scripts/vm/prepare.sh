#!/usr/bin/env bash
# Caches what run.sh boots into .build/vm/: an uncompressed kernel, the input/HID
# modules in load order and a static busybox. Idempotent: a stamp records what was
# built, so a warm run only compares it. Exits 77 (caller: "skip") with a one-line
# reason on stderr if a host prerequisite is missing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$root/.build/vm
# hid-playstation only knows the DualSense on 6.1; DualShock 3/4 are hid-sony's,
# which links against usbhid and so pulls in the USB core (~0.15 s of boot).
modules=(evdev uinput uhid ff-memless hid-generic hid-playstation hid-sony hid-nintendo hid-microsoft)

skip() { echo "vm: $*" >&2; exit 77; }

for tool in qemu-system-x86_64 modprobe cpio; do
    command -v $tool >/dev/null || skip "$tool not found (apt install qemu-system-x86 kmod cpio)"
done
busybox=/bin/busybox
if [[ ! -x $busybox ]] || ldd "$busybox" >/dev/null 2>&1; then
    skip "no static $busybox (apt install busybox-static)"
fi
# The host may run a different kernel: take the newest image whose modules exist.
kver=$(printf '%s\n' /boot/vmlinuz-* | sed 's|^/boot/vmlinuz-||' | sort -V |
    while read -r v; do if [[ -f /lib/modules/$v/modules.dep ]]; then echo "$v"; fi; done | tail -n 1)
[[ -n $kver ]] || skip "no /boot/vmlinuz-* with matching /lib/modules (apt install linux-image-amd64)"
image=/boot/vmlinuz-$kver
[[ -r $image ]] || skip "$image is not readable"

mkdir -p "$root/.build"
exec 9>"$root/.build/vm.lock" # parallel callers wait for one build instead of racing
flock 9
stamp="$kver ${modules[*]} $(stat -c %Y "$image" "$busybox" | tr '\n' ' ')"
[[ -f $out/stamp && $(<"$out/stamp") == "$stamp" ]] && exit 0

rm -rf "$out"
mkdir -p "$out/modules"

# A bzImage is a decompressor stub followed by the compressed ELF vmlinux. Unpack from
# each offset where a known magic occurs (it may also occur by chance in the stub)
# until the result is an ELF. Trailing data after the stream makes the tools complain.
is_elf() { [[ $(head -c 4 "$1" | od -An -tx1 | tr -d ' ') == 7f454c46 ]]; }
extract() {
    local pair tool offset _
    for pair in '\xfd7zXZ\x00:xz -dc --single-stream' '\x28\xb5\x2f\xfd:zstd -dcq' '\x1f\x8b\x08:gzip -dcq'; do
        tool=${pair#*:}
        while IFS=: read -r offset _; do
            tail -c +$((offset + 1)) "$image" | $tool >"$out/kernel" 2>/dev/null || true
            is_elf "$out/kernel" && return 0
        done < <(LC_ALL=C grep -obUaP "${pair%%:*}" "$image")
    done
    return 1
}
extract || { echo "vm: no ELF vmlinux inside $image, using the bzImage" >&2; cp "$image" "$out/kernel"; }

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

# Boot once. QEMU enters an ELF kernel through its PVH note (Xen ELF note 18); if
# that fails, the bzImage (slower: it decompresses itself under emulation) still works.
smoke() { VM_TIMEOUT=60 "$root/scripts/vm/run.sh" "$out/busybox" true >"$out/smoke.log" 2>&1; }
if ! smoke; then
    echo "vm: the ELF vmlinux did not boot (PVH), falling back to the bzImage" >&2
    cp "$image" "$out/kernel"
    smoke || { echo "vm: the guest does not boot, see $out/smoke.log" >&2; exit 1; }
fi
echo "$stamp" >"$out/stamp"
