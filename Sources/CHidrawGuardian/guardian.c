#define _GNU_SOURCE
#include "hidraw_guardian.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <linux/hidraw.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// Reads exactly `count` bytes; 0 on success, -1 at the end of the pipe or on an error.
static int read_exactly(int fd, unsigned char *buffer, size_t count) {
    size_t done = 0;
    while (done < count) {
        ssize_t got = read(fd, buffer + done, count - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        done += (size_t)got;
    }
    return 0;
}

// Closes the descriptors `first` to `last` (close_range, Linux 5.9; else one by one, up to
// 65536 for an open-ended range).
static void close_span(unsigned int first, unsigned int last) {
    if (syscall(SYS_close_range, first, last, 0) == 0) return;
    unsigned int limit = last < 65535U ? last : 65535U;
    for (unsigned int fd = first; fd <= limit; fd++) close((int)fd);
}

// Closes every descriptor but `keep_a` and `keep_b`.
static void close_others(int keep_a, int keep_b) {
    unsigned int low = (unsigned int)(keep_a < keep_b ? keep_a : keep_b);
    unsigned int high = (unsigned int)(keep_a < keep_b ? keep_b : keep_a);
    if (low > 0) close_span(0, low - 1);
    if (high > low + 1) close_span(low + 1, high - 1);
    close_span(high + 1, ~0U);
}

int hidraw_set_feature(int hidraw_fd, const void *bytes, size_t length) {
    return ioctl(hidraw_fd, HIDIOCSFEATURE(length), bytes);
}

static void write_resets(int hidraw_fd, const unsigned char *resets, size_t length) {
    size_t offset = 0;
    while (offset + 2 <= length) {
        size_t size = (size_t)resets[offset] | ((size_t)resets[offset + 1] << 8);
        int feature = (size & HIDRAW_GUARDIAN_FEATURE) != 0;
        size &= ~(size_t)HIDRAW_GUARDIAN_FEATURE;
        offset += 2;
        if (offset + size > length) return;
        ssize_t written;
        do {
            written = feature ? hidraw_set_feature(hidraw_fd, resets + offset, size) : write(hidraw_fd, resets + offset, size);
        } while (written < 0 && errno == EINTR);
        offset += size;
    }
}

static void guard(int hidraw_fd, int control_fd) {
    unsigned char resets[HIDRAW_GUARDIAN_CAPACITY];
    unsigned char staged[HIDRAW_GUARDIAN_CAPACITY];
    size_t armed = 0;
    for (;;) {
        unsigned char command;
        if (read_exactly(control_fd, &command, 1) != 0) break;
        if (command == HIDRAW_GUARDIAN_DISARM) {
            armed = 0;
            continue;
        }
        if (command != HIDRAW_GUARDIAN_ARM) continue;
        unsigned char size[2];
        if (read_exactly(control_fd, size, 2) != 0) break;
        size_t length = (size_t)size[0] | ((size_t)size[1] << 8);
        if (length > sizeof(staged)) break;
        if (read_exactly(control_fd, staged, length) != 0) break;
        for (size_t i = 0; i < length; i++) resets[i] = staged[i];
        armed = length;
    }
    if (armed > 0) write_resets(hidraw_fd, resets, armed);
}

pid_t hidraw_guardian_spawn(int hidraw_fd, int *control_fd) {
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) return -1;
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) {
        struct sigaction ignore = {0};
        ignore.sa_handler = SIG_IGN;
        const int ignored[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGPIPE, SIGTTIN, SIGTTOU};
        for (size_t i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++) sigaction(ignored[i], &ignore, 0);
        struct sigaction standard = {0};
        standard.sa_handler = SIG_DFL;
        for (int signal = 1; signal < NSIG; signal++) {
            int skip = 0;
            for (size_t i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++) skip |= ignored[i] == signal;
            if (!skip && signal != SIGKILL && signal != SIGSTOP) sigaction(signal, &standard, 0);
        }
        close_others(hidraw_fd, pipe_fds[0]);
        prctl(PR_SET_NAME, (unsigned long)"haptics-guard", 0, 0, 0);
        sigset_t none;
        sigemptyset(&none);
        pthread_sigmask(SIG_SETMASK, &none, 0);
        guard(hidraw_fd, pipe_fds[0]);
        _exit(0);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &previous, 0);
    close(pipe_fds[0]);
    if (pid < 0) {
        close(pipe_fds[1]);
        errno = saved;
        return -1;
    }
    *control_fd = pipe_fds[1];
    return pid;
}
