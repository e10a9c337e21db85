#ifndef HAPTICS_CFUTEX_SHIM_H
#define HAPTICS_CFUTEX_SHIM_H

// The timer thread's wait: a futex word waited on until an absolute CLOCK_MONOTONIC deadline
// (FUTEX_WAIT_BITSET), one system call per wait, as clock_nanosleep, and woken early only
// when a new earliest deadline arrives. Swift cannot call the variadic syscall(2), and
// glibc's sem_clockwait and pthread_cond_clockwait are hidden behind _GNU_SOURCE.
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// The word's value, read atomically.
static inline uint32_t cfutex_load(const uint32_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// Adds one to the word, atomically: whoever waits for its old value stops waiting.
static inline void cfutex_increment(uint32_t *word) {
    __atomic_add_fetch(word, 1, __ATOMIC_RELEASE);
}

/// Waits while the word holds `expected`, until `deadline` on CLOCK_MONOTONIC, or forever when
/// `deadline` is NULL. Returns 0 when woken, else the errno: ETIMEDOUT at the deadline, EAGAIN
/// when the word no longer held `expected`, EINTR on a signal. Any return may be spurious.
static inline int cfutex_wait_until(uint32_t *word, uint32_t expected, const struct timespec *deadline) {
    long status = syscall(SYS_futex, word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, expected, deadline, NULL,
                          FUTEX_BITSET_MATCH_ANY);
    return status == 0 ? 0 : errno;
}

/// Wakes one thread waiting on the word.
static inline void cfutex_wake_one(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, NULL, 0);
}

#endif
