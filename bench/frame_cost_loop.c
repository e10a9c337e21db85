// The baseline of the per-frame cost benchmark (haptics-bench's `frame cost` section): a plain
// C loop making, for every frame, the two system calls the Haptics evdev driver makes, on
// /dev/null: the one effect updated in place (ioctl EVIOCSFF, which fails there with ENOTTY:
// ignored, the call is what counts) and the play event written. Then one stop event, as the
// driver writes when the track ends. No waiting: the count is the work per frame.
// Usage: frame_cost_loop FRAMES.csv play|load   (lines: start_ms,duration_ms,strong,weak)
// `load` reads the frames and opens the device but plays nothing: what `play` costs beyond it,
// divided by the frame count, is the cost per frame.
#include <fcntl.h>
#include <linux/input.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "frame_file.h"

static void write_event(int fd, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = EV_FF;
    event.code = (unsigned short)code;
    event.value = value;
    if (write(fd, &event, sizeof event) != sizeof event) perror("write");
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[2], "play") != 0 && strcmp(argv[2], "load") != 0)) {
        fprintf(stderr, "usage: %s FRAMES.csv play|load\n", argv[0]);
        return 2;
    }
    int count;
    struct frame *frames = read_frames(argv[1], &count);
    int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (fd < 0) { perror("/dev/null"); return 1; }
    if (strcmp(argv[2], "play") == 0) {
        for (int i = 0; i < count; i++) {
            struct ff_effect effect;
            memset(&effect, 0, sizeof effect);
            effect.type = FF_RUMBLE;
            effect.id = 0;
            effect.replay.length = (unsigned short)(frames[i].duration_ms + 50);
            effect.u.rumble.strong_magnitude = (unsigned short)round(frames[i].strong * 65535);
            effect.u.rumble.weak_magnitude = (unsigned short)round(frames[i].weak * 65535);
            ioctl(fd, EVIOCSFF, &effect);
            write_event(fd, effect.id, 1);
        }
        write_event(fd, 0, 0);
    }
    close(fd);
    free(frames);
    printf("frame_cost_loop: %s %d frames\n", argv[2], count);
    return 0;
}
