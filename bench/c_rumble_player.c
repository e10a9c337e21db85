// The side-by-side benchmark's plain C player: the least a program can do to play a rumble
// track on evdev, and the yardstick Haptics' CPU time and timing are held to. As the Haptics
// evdev driver does: one FF_RUMBLE effect, uploaded once and updated in place by its id
// (ioctl EVIOCSFF), and the play event written after every update; a silent frame writes the
// stop event; every upload lasts the frame plus 50 ms. Paced on absolute deadlines with
// clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME), so it does not drift.
// Usage: c_rumble_player DEVICE FRAMES.csv   (lines: start_ms,duration_ms,strong,weak; levels 0..1)
// Prints one line: frames played, wall and CPU time (user and system, and how much of it
// before the first frame).
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "frame_file.h"

static void write_event(int fd, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = EV_FF;
    event.code = (unsigned short)code;
    event.value = value;
    if (write(fd, &event, sizeof event) != sizeof event) { perror("c: write"); exit(1); }
}

// Sleeps until `start` plus `offset_ms`, on the monotonic clock.
static void sleep_until(struct timespec start, double offset_ms) {
    long long nanoseconds = start.tv_nsec + (long long)llround(offset_ms * 1e6);
    struct timespec deadline = { start.tv_sec + nanoseconds / 1000000000, nanoseconds % 1000000000 };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {}
}

static double milliseconds(struct timeval time) { return time.tv_sec * 1e3 + time.tv_usec / 1e3; }

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s DEVICE FRAMES.csv\n", argv[0]); return 2; }
    int count;
    struct frame *frames = read_frames(argv[2], &count);
    int fd = open(argv[1], O_RDWR | O_CLOEXEC);
    if (fd < 0) { perror(argv[1]); return 1; }
    struct ff_effect effect;
    memset(&effect, 0, sizeof effect);
    effect.type = FF_RUMBLE;
    effect.id = -1;
    int playing = 0;

    struct rusage ready;
    getrusage(RUSAGE_SELF, &ready);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < count; i++) {
        sleep_until(start, frames[i].start_ms);
        if (frames[i].strong == 0 && frames[i].weak == 0) {
            if (playing) write_event(fd, effect.id, 0);
            playing = 0;
            continue;
        }
        effect.replay.length = (unsigned short)fmin(frames[i].duration_ms + 50, 32767);
        effect.u.rumble.strong_magnitude = (unsigned short)round(frames[i].strong * 65535);
        effect.u.rumble.weak_magnitude = (unsigned short)round(frames[i].weak * 65535);
        if (ioctl(fd, EVIOCSFF, &effect) < 0) { perror("c: EVIOCSFF"); return 1; }
        write_event(fd, effect.id, 1);
        playing = 1;
    }
    // Hold the last frame for its length, as the other players do, then stop and erase.
    if (count > 0) sleep_until(start, frames[count - 1].start_ms + frames[count - 1].duration_ms);
    struct timespec end;
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (effect.id >= 0) {
        if (playing) write_event(fd, effect.id, 0);
        ioctl(fd, EVIOCRMFF, effect.id);
    }
    close(fd);

    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double wall_ms = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    printf("c: %d frames in %.0f ms, cpu %.1f ms (user %.1f, system %.1f), of which %.1f ms (user %.1f, system %.1f) before the first frame\n",
           count, wall_ms, milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime), milliseconds(usage.ru_utime), milliseconds(usage.ru_stime),
           milliseconds(ready.ru_utime) + milliseconds(ready.ru_stime), milliseconds(ready.ru_utime), milliseconds(ready.ru_stime));
    free(frames);
    return 0;
}
