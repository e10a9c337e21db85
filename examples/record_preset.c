/*
 * Records a preset's frames on a "record" engine and prints them, one JSON object a line, as
 * `haptics play PRESET --driver record` prints them:
 *
 *     cc record_preset.c $(pkg-config --cflags --libs haptics) -o record_preset
 *     ./record_preset success
 *
 * The engine plays on virtual time: nothing waits in real time, and haptics_wait runs the
 * preset to its end at once.
 */
#include <haptics.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    const char *preset = argc > 1 ? argv[1] : "heavy";
    haptics_engine *engine = NULL;
    if (haptics_engine_open("record", NULL, &engine) != HAPTICS_OK) {
        fprintf(stderr, "record_preset: %s\n", haptics_last_error());
        return 1;
    }
    int status = haptics_play_preset(engine, preset, 1);
    if (status == HAPTICS_OK) status = haptics_wait(engine);
    size_t count = 0;
    if (status == HAPTICS_OK) status = haptics_recorded_frames(engine, NULL, 0, &count);
    haptics_frame *frames = calloc(count ? count : 1, sizeof *frames);
    if (status == HAPTICS_OK && frames == NULL) {
        fprintf(stderr, "record_preset: out of memory\n");
        haptics_engine_close(engine);
        return 1;
    }
    if (status == HAPTICS_OK) status = haptics_recorded_frames(engine, frames, count, &count);
    if (status != HAPTICS_OK) {
        fprintf(stderr, "record_preset: %s\n", haptics_last_error());
        free(frames);
        haptics_engine_close(engine);
        return 1;
    }
    for (size_t i = 0; i < count; i++) {
        printf("{\"t_ms\":%g,\"duration_ms\":%g,\"strong\":%g,\"weak\":%g}\n", frames[i].start_ms, frames[i].duration_ms,
               frames[i].strong, frames[i].weak);
    }
    free(frames);
    return haptics_engine_close(engine) == HAPTICS_OK ? 0 : 1;
}
