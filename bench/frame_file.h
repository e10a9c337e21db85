#ifndef HAPTICS_BENCH_FRAME_FILE_H
#define HAPTICS_BENCH_FRAME_FILE_H

// The frame file the C benchmark programs read (written by haptics-bench and haptics-vm-bench):
// one frame a line, start_ms,duration_ms,strong,weak, levels 0..1. Read with fscanf, as a
// plain C program would.
#include <stdio.h>
#include <stdlib.h>

struct frame { double start_ms, duration_ms, strong, weak; };

// Every frame of `path`, their number in `count`; exits with status 2 when it cannot be opened.
static struct frame *read_frames(const char *path, int *count) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(2); }
    int capacity = 1024;
    struct frame *frames = malloc(sizeof *frames * capacity);
    *count = 0;
    struct frame f;
    while (fscanf(file, "%lf,%lf,%lf,%lf", &f.start_ms, &f.duration_ms, &f.strong, &f.weak) == 4) {
        if (*count == capacity) frames = realloc(frames, sizeof *frames * (capacity *= 2));
        frames[(*count)++] = f;
    }
    fclose(file);
    return frames;
}

#endif
