#ifndef HAPTICS_HIDRAW_GUARDIAN_H
#define HAPTICS_HIDRAW_GUARDIAN_H

// The hidraw guardian: a child process that outlives the player and resets a pad whose
// player died without resetting it (kill -9 included), since the kernel erases nothing a
// hidraw write set.
//
// The parent speaks to it through a pipe, one message per write(2):
//   'A', a little-endian 16-bit length n, then n bytes: armed, with these reset reports
//        (each a little-endian 16-bit length and the report's bytes; a length with bit 0x8000
//        set marks a FEATURE report, written with HIDIOCSFEATURE), which replace any before;
//   'D': disarmed, nothing to reset.
// When the pipe reaches its end (the parent closed it or died), an armed guardian writes each
// reset report to the hidraw node, one write(2) (or HIDIOCSFEATURE) each, and exits; a disarmed
// one just exits.

#include <sys/types.h>

/// The most bytes of reset reports a guardian holds.
#define HIDRAW_GUARDIAN_CAPACITY 1024

/// The guardian's message that arms it with reset reports.
#define HIDRAW_GUARDIAN_ARM 'A'
/// The guardian's message that disarms it.
#define HIDRAW_GUARDIAN_DISARM 'D'

/// The bit of a reset report's length that marks it a FEATURE report.
#define HIDRAW_GUARDIAN_FEATURE 0x8000

/// Forks a guardian holding `hidraw_fd`. On success returns its pid and stores the write end
/// of its control pipe (close-on-exec) in `control_fd`; on failure returns -1 with errno set.
/// The child calls only async-signal-safe functions: it ignores SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT, SIGTSTP, SIGPIPE, SIGTTIN and SIGTTOU, restores every other signal's default,
/// closes every other descriptor, names itself `haptics-guard` and waits on the pipe.
pid_t hidraw_guardian_spawn(int hidraw_fd, int *control_fd);

/// Sends `length` bytes (the report number first) as a FEATURE report: ioctl HIDIOCSFEATURE.
/// Returns the bytes sent, or -1 with errno set.
int hidraw_set_feature(int hidraw_fd, const void *bytes, size_t length);

#endif
