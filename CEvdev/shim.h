#ifndef HAPTICS_CEVDEV_SHIM_H
#define HAPTICS_CEVDEV_SHIM_H

// libevdev opens devices and reads names, ids and capability bits; the force-feedback
// ioctls below are not wrapped by libevdev, and their macros do not import into Swift.
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <sys/ioctl.h>

/// Uploads (id == -1) or updates in place (id >= 0) an effect; writes the id back.
static inline int haptics_upload_effect(int fd, struct ff_effect *effect) {
    return ioctl(fd, EVIOCSFF, effect);
}

/// Erases the effect with this id from the device.
static inline int haptics_erase_effect(int fd, int id) {
    return ioctl(fd, EVIOCRMFF, id);
}

/// Revokes this descriptor's access: it reads nothing more, and a read waiting on it returns
/// ENODEV.
static inline int haptics_revoke(int fd) {
    return ioctl(fd, EVIOCREVOKE, 0);
}

/// How many effects the device can hold at once.
static inline int haptics_effect_slots(int fd, int *count) {
    return ioctl(fd, EVIOCGEFFECTS, count);
}

/// The EV_FF capability bits (FF_RUMBLE, FF_PERIODIC, FF_GAIN, ...).
static inline int haptics_ff_bits(int fd, unsigned long *bits, unsigned int size) {
    return ioctl(fd, EVIOCGBIT(EV_FF, size), bits);
}

// Haptic touchpads (FF_HAPTIC, Linux 6.18). The values and the layout are those of the
// uapi header linux/input.h and linux/input-event-codes.h of Linux 7.3 (Debian's
// linux-libc-dev 7.3.4), written out here so the build does not need headers that new.
/// The effect type of haptic touchpads, `FF_HAPTIC` (linux/input.h).
#define HAPTICS_FF_HAPTIC 0x4f
/// The property of touchpads that click by pressure, `INPUT_PROP_PRESSUREPAD`
/// (linux/input-event-codes.h).
#define HAPTICS_INPUT_PROP_PRESSUREPAD 0x07

/// `struct ff_haptic_effect` (linux/input.h), the member `u.haptic` of `struct ff_effect`.
struct haptics_ff_haptic_effect {
    __u16 hid_usage;
    __u16 vendor_id;
    __u8 vendor_waveform_page;
    __u16 intensity;
    __u16 repeat_count;
    __u16 retrigger_period;
};

_Static_assert(sizeof(struct haptics_ff_haptic_effect) == 12, "ff_haptic_effect is 12 bytes");
_Static_assert(sizeof(((struct ff_effect *)0)->u) >= sizeof(struct haptics_ff_haptic_effect), "u holds it");
_Static_assert(sizeof(struct ff_effect) == 48, "ff_effect stays 48 bytes");

/// Writes `haptic` into `effect->u`, where a 7.3 kernel reads `u.haptic`.
static inline void haptics_set_haptic(struct ff_effect *effect, struct haptics_ff_haptic_effect haptic) {
    __builtin_memcpy(&effect->u, &haptic, sizeof haptic);
}

/// Reads `effect->u` as `u.haptic`.
static inline struct haptics_ff_haptic_effect haptics_get_haptic(const struct ff_effect *effect) {
    struct haptics_ff_haptic_effect haptic;
    __builtin_memcpy(&haptic, &effect->u, sizeof haptic);
    return haptic;
}

#endif
