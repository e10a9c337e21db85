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

/// How many effects the device can hold at once.
static inline int haptics_effect_slots(int fd, int *count) {
    return ioctl(fd, EVIOCGEFFECTS, count);
}

/// The EV_FF capability bits (FF_RUMBLE, FF_PERIODIC, FF_GAIN, ...).
static inline int haptics_ff_bits(int fd, unsigned long *bits, unsigned int size) {
    return ioctl(fd, EVIOCGBIT(EV_FF, size), bits);
}

#endif
