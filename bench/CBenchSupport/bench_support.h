#ifndef HAPTICS_BENCH_SUPPORT_H
#define HAPTICS_BENCH_SUPPORT_H

// The per-frame cost benchmark's system calls, made as the evdev driver makes them: the
// force-feedback structs and constants, and the EVIOCSFF ioctl, whose macro does not import
// into Swift. Used by haptics-frame-cost, and by haptics-pull-latency for the input constants.
#include <linux/input.h>
#include <sys/ioctl.h>

/// Uploads (id == -1) or updates in place (id >= 0) an effect; writes the id back.
static inline int bench_upload_effect(int fd, struct ff_effect *effect) {
    return ioctl(fd, EVIOCSFF, effect);
}

#endif
