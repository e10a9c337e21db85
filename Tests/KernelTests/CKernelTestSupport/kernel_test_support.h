#ifndef HAPTICS_KERNEL_TEST_SUPPORT_H
#define HAPTICS_KERNEL_TEST_SUPPORT_H

// The device side of the kernel tests: uinput and uhid ioctls whose macros do not import
// into Swift, wrapped as small functions, and the pseudo-terminal ioctls the interactive
// demo's test needs (Swift's Glibc leaves out posix_openpt and its friends). Used only by the
// kernel test program and its virtual devices.
#include <linux/input.h>
#include <linux/uhid.h>
#include <linux/uinput.h>
#include <sys/ioctl.h>

static inline int kt_set_bit(int fd, unsigned long request, int bit) { return ioctl(fd, request, bit); }
static inline unsigned long kt_ui_set_evbit(void) { return UI_SET_EVBIT; }
static inline unsigned long kt_ui_set_keybit(void) { return UI_SET_KEYBIT; }
static inline unsigned long kt_ui_set_absbit(void) { return UI_SET_ABSBIT; }
static inline unsigned long kt_ui_set_ffbit(void) { return UI_SET_FFBIT; }
static inline unsigned long kt_ui_set_propbit(void) { return UI_SET_PROPBIT; }

static inline int kt_ui_dev_setup(int fd, struct uinput_setup *setup) { return ioctl(fd, UI_DEV_SETUP, setup); }
static inline int kt_ui_abs_setup(int fd, struct uinput_abs_setup *setup) { return ioctl(fd, UI_ABS_SETUP, setup); }
static inline int kt_ui_dev_create(int fd) { return ioctl(fd, UI_DEV_CREATE); }
static inline int kt_ui_dev_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }
static inline int kt_ui_get_sysname(int fd, char *name, unsigned int length) { return ioctl(fd, UI_GET_SYSNAME(length), name); }

static inline int kt_ui_begin_ff_upload(int fd, struct uinput_ff_upload *upload) { return ioctl(fd, UI_BEGIN_FF_UPLOAD, upload); }
static inline int kt_ui_end_ff_upload(int fd, struct uinput_ff_upload *upload) { return ioctl(fd, UI_END_FF_UPLOAD, upload); }
static inline int kt_ui_begin_ff_erase(int fd, struct uinput_ff_erase *erase) { return ioctl(fd, UI_BEGIN_FF_ERASE, erase); }
static inline int kt_ui_end_ff_erase(int fd, struct uinput_ff_erase *erase) { return ioctl(fd, UI_END_FF_ERASE, erase); }

// Haptic touchpads, from the uapi headers of Linux 7.3 (linux/input.h,
// linux/input-event-codes.h), written out so the tests build against older headers.
#define KT_FF_HAPTIC 0x4f
#define KT_INPUT_PROP_PRESSUREPAD 0x07

/// `struct ff_haptic_effect` (linux/input.h), read from `struct ff_effect`'s `u`.
struct kt_ff_haptic_effect {
    __u16 hid_usage;
    __u16 vendor_id;
    __u8 vendor_waveform_page;
    __u16 intensity;
    __u16 repeat_count;
    __u16 retrigger_period;
};

/// `effect->u` read as `u.haptic`.
static inline struct kt_ff_haptic_effect kt_haptic(const struct ff_effect *effect) {
    struct kt_ff_haptic_effect haptic;
    __builtin_memcpy(&haptic, &effect->u, sizeof haptic);
    return haptic;
}

/// Unlocks the other side of the pseudo-terminal opened from /dev/ptmx (unlockpt).
static inline int kt_pty_unlock(int fd) { int locked = 0; return ioctl(fd, TIOCSPTLCK, &locked); }
/// The number N of the other side, /dev/pts/N (ptsname).
static inline int kt_pty_number(int fd, unsigned int *number) { return ioctl(fd, TIOCGPTN, number); }

#endif
