#!/usr/bin/env bash
# Usage: run.sh BINARY [ARGS...]
# Boots the kernel cached by prepare.sh under QEMU (TCG) from a throwaway initramfs
# holding BINARY, its shared libraries and the input modules; runs BINARY as root in
# the guest, streams the guest console to stdout and exits with BINARY's status, or
# 70 if the guest never reported one (timeout, kernel panic).
# Env: VM_TIMEOUT      seconds before the VM is killed (default 120)
#      VM_EXTRA_FILES  space-separated host paths, copied to the same paths in the
#                      guest (executables with their libraries)
#      VM_MEMORY       guest RAM in MiB (default: sized to the initramfs)
#      VM_CLOCK        `real-time` (default): the guest's clock is the host's; `instructions`:
#                      the guest's clock is its instruction count (QEMU -icount shift=0,
#                      sleep=off: 1 ns an instruction, and time jumps to the next timer while
#                      it idles), so that the host's stalls cannot reach what the guest measures
#      VM_APPEND       more kernel command-line parameters (e.g. nohz=off)
#      KERNEL          which kernel prepare.sh cached: 6.1 (default) or 7.3
set -euo pipefail

[[ $# -ge 1 && -f $1 ]] || { echo "usage: $0 BINARY [ARGS...] (BINARY must be a file)" >&2; exit 2; }
vm=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build/vm/${KERNEL:-6.1}
for f in kernel busybox modules; do
    [[ -e $vm/$f ]] || { echo "vm: $vm/$f missing, run KERNEL=${KERNEL:-6.1} scripts/vm/prepare.sh first" >&2; exit 2; }
done
case ${VM_CLOCK:-real-time} in
    real-time) clock=() ;;
    instructions) clock=(-icount shift=0,sleep=off) ;;
    *) echo "vm: VM_CLOCK must be real-time or instructions, not '$VM_CLOCK'" >&2; exit 2 ;;
esac
binary=$(realpath -s "$1")
shift

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rootfs=$tmp/root
mkdir -p "$rootfs"/{bin,dev,proc,sys}
# The initramfs root is already a writable tmpfs; mounting another tmpfs on /tmp
# would hide files the caller placed under /tmp (e.g. BINARY itself).
mkdir -m 1777 "$rootfs/tmp"
cp "$vm/busybox" "$rootfs/bin/busybox"
cp -r "$vm/modules" "$rootfs/modules"

# Copies a host path to the same path in the guest; for dynamic ELF files also
# every library ldd resolves, the loader included.
libdirs=()
add() {
    cp -rL --parents "$1" "$rootfs"
    [[ -f $1 && $(head -c 4 "$1" | od -An -tx1 | tr -d ' ') == 7f454c46 ]] || return 0
    local lib
    for lib in $(ldd "$1" 2>/dev/null | grep -o '/[^ ]*' || true); do
        cp -L --parents "$lib" "$rootfs"
        libdirs+=("$(dirname "$lib")")
    done
}
add "$binary"
for f in ${VM_EXTRA_FILES:-}; do add "$(realpath -s "$f")"; done
# Libraries ldd found through the host's LD_LIBRARY_PATH need it in the guest too.
ld_path=$(printf '%s\n' "${libdirs[@]}" | sort -u | paste -sd:)

cat >"$rootfs/init" <<INIT
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
for m in /modules/*.ko; do
    insmod "\$m" 2>/dev/null || echo "vm: warning: insmod \${m##*/} failed" >&2
done
# devtmpfs names them after the misc devices; should it be unavailable, /dev is the
# bare initramfs directory and the fixed misc minors are created by hand.
[ -e /dev/uinput ] || mknod /dev/uinput c 10 223
[ -e /dev/uhid ] || mknod /dev/uhid c 10 239
# Pseudo-terminals, for programs the guest runs as a person would in a terminal.
[ -e /dev/ptmx ] || mknod /dev/ptmx c 5 2
mkdir -p /dev/pts
mount -t devpts devpts /dev/pts
export PATH=/bin HOME=/tmp LD_LIBRARY_PATH=$ld_path
cd /tmp
$(printf '%q ' "$binary" "$@")
printf '\n@@VM-EXIT %d@@\n' \$?
poweroff -f
INIT
chmod +x "$rootfs/init"
(cd "$rootfs" && find . | cpio -o -H newc -R 0:0 --quiet) >"$tmp/initrd.cpio"

# The kernel unpacks the initramfs into a tmpfs capped at half the RAM while the
# archive itself still occupies memory: scale the RAM with the archive (free under
# TCG, QEMU only allocates what the guest touches).
memory=${VM_MEMORY:-$((256 + 3 * $(stat -c %s "$tmp/initrd.cpio") / 1048576))}
# -cpu max exposes RDRAND, which seeds the guest CRNG at once; without it the first
# getrandom() (the Swift runtime calls it at startup) blocks ~1 s on jitter entropy.
# qboot rather than SeaBIOS: as fast, but silent (SeaBIOS paints escape codes and a
# banner on the serial line). The serial console emits CRLF; callers get plain LF.
timeout -k 5 "${VM_TIMEOUT:-120}" qemu-system-x86_64 \
    -accel tcg "${clock[@]}" -cpu max -m "$memory" -smp 1 -nodefaults -nographic -serial stdio -no-reboot \
    -bios qboot.rom -kernel "$vm/kernel" -initrd "$tmp/initrd.cpio" \
    -append "console=ttyS0 panic=-1 quiet${VM_APPEND:+ $VM_APPEND}" </dev/null |
    sed -u 's/\r$//' | tee "$tmp/guest.log" || true

status=$(sed -n 's/^@@VM-EXIT \([0-9]*\)@@$/\1/p' "$tmp/guest.log" | tail -n 1)
if [[ -z $status ]]; then
    echo "vm: no exit marker from the guest (timeout after ${VM_TIMEOUT:-120} s, or kernel panic); last 50 lines:" >&2
    tail -n 50 "$tmp/guest.log" >&2
    exit 70
fi
exit "$status"
