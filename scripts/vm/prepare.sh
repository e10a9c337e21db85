#!/usr/bin/env bash
# Caches what run.sh boots into .build/vm/KERNEL/: an uncompressed kernel, the input/HID
# modules in load order and a static busybox. Idempotent: a stamp records what was
# built, so a warm run only compares it. Exits 77 (caller: "skip") with a one-line
# reason on stderr if a host prerequisite is missing.
# Env: KERNEL  6.1 (default): Debian 12's own kernel, installed on this machine;
#              7.3: trixie-backports' newest 7.3 kernel, fetched from the Debian mirror
#              this machine uses (scripts/vm/fetch-debian.sh) into .build/debian/ and
#              kept there, so a warm run downloads nothing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
kernel=${KERNEL:-6.1}
out=$root/.build/vm/$kernel
# hid-playstation only knows the DualSense on 6.1; DualShock 3/4 are hid-sony's,
# which links against usbhid and so pulls in the USB core (~0.15 s of boot). hidraw needs
# no module of its own: both kernels build it into hid.ko (CONFIG_HIDRAW=y), so every HID
# device gets /dev/hidrawN from devtmpfs (the hidraw tests check that it does).
# vhci-hcd (USB/IP) carries the USB DualSense whose audio function snd-usb-audio binds.
modules=(evdev uinput uhid ff-memless hid-generic hid-playstation hid-sony hid-nintendo hid-microsoft vhci-hcd usbhid snd-usb-audio)

skip() { echo "vm: $*" >&2; exit 77; }

for tool in qemu-system-x86_64 modprobe cpio; do
    command -v $tool >/dev/null || skip "$tool not found (apt install qemu-system-x86 kmod cpio)"
done
busybox=/bin/busybox
if [[ ! -x $busybox ]] || ldd "$busybox" >/dev/null 2>&1; then
    skip "no static $busybox (apt install busybox-static)"
fi
case $kernel in
    6.1)
        # The host may run a different kernel: take the newest image whose modules exist.
        kver=$(printf '%s\n' /boot/vmlinuz-* | sed 's|^/boot/vmlinuz-||' | sort -V |
            while read -r v; do if [[ -f /lib/modules/$v/modules.dep ]]; then echo "$v"; fi; done | tail -n 1)
        [[ -n $kver ]] || skip "no /boot/vmlinuz-* with matching /lib/modules (apt install linux-image-amd64)"
        image=/boot/vmlinuz-$kver
        moddir=/
        ;;
    7.3)
        # linux-image-KV is an empty package depending on linux-binary-KV (the image, under
        # usr/lib/modules/KV/) and linux-modules-KV (.ko.xz files without modules.dep).
        suite=trixie-backports
        name=$("$root/scripts/vm/fetch-debian.sh" --newest "$suite" 'linux-image-7\.3\.[0-9.]+\+deb[0-9]+-amd64') ||
            skip "cannot look up the 7.3 kernel in $suite (see the line above)"
        kver=${name#linux-image-}
        moddir=$root/.build/debian/$kver
        escaped=${kver//./\\.}
        escaped=${escaped//+/\\+}
        "$root/scripts/vm/fetch-debian.sh" "$suite" "$moddir" "linux-binary-$escaped" "linux-modules-$escaped" >/dev/null ||
            skip "cannot fetch the $kver kernel from $suite (see the line above)"
        # depmod and modprobe look under BASE/lib/modules; the packages ship usr/lib/modules.
        [[ -e $moddir/lib ]] || ln -s usr/lib "$moddir/lib"
        [[ -f $moddir/lib/modules/$kver/modules.dep ]] || depmod -b "$moddir" "$kver"
        image=$moddir/lib/modules/$kver/vmlinuz
        ;;
    *) echo "vm: KERNEL must be 6.1 or 7.3, not '$kernel'" >&2; exit 2 ;;
esac
[[ -r $image ]] || skip "$image is not readable"

mkdir -p "$root/.build/vm"
exec 9>"$root/.build/vm/$kernel.lock" # parallel callers wait for one build instead of racing
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
    local pair tool offset
    for pair in '\xfd7zXZ\x00:xz -dc --single-stream' '\x28\xb5\x2f\xfd:zstd -dcq' '\x1f\x8b\x08:gzip -dcq'; do
        tool=${pair#*:}
        # Offsets only: bash's read stops at bytes that are no valid UTF-8 (zstd's magic).
        while read -r offset; do
            tail -c +$((offset + 1)) "$image" | $tool >"$out/kernel" 2>/dev/null || true
            is_elf "$out/kernel" && return 0
        done < <(LC_ALL=C grep -obUaP "${pair%%:*}" "$image" | cut -d: -f1)
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
done < <(modprobe -d "$moddir" -S "$kver" -a --show-depends "${modules[@]}" | grep '^insmod ')

cp "$busybox" "$out/busybox"

# Boot once. QEMU enters an ELF kernel through its PVH note (Xen ELF note 18); if
# that fails, the bzImage (slower: it decompresses itself under emulation) still works.
smoke() { VM_TIMEOUT=60 KERNEL=$kernel "$root/scripts/vm/run.sh" "$out/busybox" true >"$out/smoke.log" 2>&1; }
if ! smoke; then
    echo "vm: the ELF vmlinux did not boot (PVH), falling back to the bzImage" >&2
    cp "$image" "$out/kernel"
    smoke || { echo "vm: the guest does not boot, see $out/smoke.log" >&2; exit 1; }
fi
echo "$stamp" >"$out/stamp"
