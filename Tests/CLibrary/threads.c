/*
 * haptics.h from several threads at once:
 * - eight threads fire impacts and presets on one "record" engine, and each gets its own
 *   error message (haptics_last_error is per thread) while the others fail differently;
 * - on a "stdout" engine (real time), haptics_wait returns once another thread stops a
 *   playback that repeats forever, and once a short preset has played to its end.
 * Frame lines of the stdout engine go to standard output; results go to standard error.
 * Exits 1 if a check failed.
 */
#include <haptics.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define THREADS 8
#define ROUNDS 200

static haptics_engine *shared;
static int failures = 0;
static pthread_mutex_t failures_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *message, const char *detail) {
    pthread_mutex_lock(&failures_lock);
    fprintf(stderr, "FAIL: %s: %s\n", message, detail);
    failures++;
    pthread_mutex_unlock(&failures_lock);
}

static void *fire(void *argument) {
    long index = (long)argument;
    char name[32];
    snprintf(name, sizeof name, "no-such-preset-%ld", index);
    for (int round = 0; round < ROUNDS; round++) {
        if (haptics_impact(shared, (round + index) % 2 ? "light" : "rigid", 0.5) != HAPTICS_OK) fail("impact", haptics_last_error());
        if (haptics_play_preset(shared, "selection", 1) != HAPTICS_OK) fail("preset", haptics_last_error());
        if (haptics_play_preset(shared, name, 1) != HAPTICS_ERROR_NOT_FOUND) fail("unknown preset", "not HAPTICS_ERROR_NOT_FOUND");
        /* Another thread's error in between must not show here. */
        if (strstr(haptics_last_error(), name) == NULL) fail("this thread's message names another preset", haptics_last_error());
        if (round % 50 == 0 && haptics_wait(shared) != HAPTICS_OK) fail("wait", haptics_last_error());
    }
    return NULL;
}

static void *stop_later(void *argument) {
    haptics_engine *engine = argument;
    usleep(150 * 1000);
    if (haptics_stop(engine) != HAPTICS_OK) fail("stop", haptics_last_error());
    return NULL;
}

static double now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

int main(void) {
    if (haptics_engine_open("record", NULL, &shared) != HAPTICS_OK) {
        fprintf(stderr, "FAIL: open: %s\n", haptics_last_error());
        return 1;
    }
    pthread_t threads[THREADS];
    for (long i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, fire, (void *)i);
    for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
    if (haptics_wait(shared) != HAPTICS_OK) fail("final wait", haptics_last_error());
    size_t count = 0;
    if (haptics_recorded_frames(shared, NULL, 0, &count) != HAPTICS_OK || count == 0) fail("frames", "none recorded");
    haptics_engine_close(shared);

    haptics_engine *terminal = NULL;
    if (haptics_engine_open("stdout", NULL, &terminal) != HAPTICS_OK) {
        fprintf(stderr, "FAIL: open stdout: %s\n", haptics_last_error());
        return 1;
    }
    double start = now_ms();
    if (haptics_play_preset(terminal, "selection", 1) != HAPTICS_OK) fail("play selection", haptics_last_error());
    if (haptics_wait(terminal) != HAPTICS_OK) fail("wait for selection", haptics_last_error());
    double played = now_ms() - start;
    /* The selection tick lasts 40 ms: waiting for it takes about that, in real time. */
    if (played < 35 || played > 2000) {
        char detail[64];
        snprintf(detail, sizeof detail, "%.1f ms", played);
        fail("waiting for a 40 ms preset took", detail);
    }
    if (haptics_play_preset(terminal, "heavy", HAPTICS_REPEAT_FOREVER) != HAPTICS_OK) fail("play forever", haptics_last_error());
    pthread_t stopper;
    pthread_create(&stopper, NULL, stop_later, terminal);
    if (haptics_wait(terminal) != HAPTICS_OK) fail("wait for the stopped playback", haptics_last_error());
    pthread_join(stopper, NULL);
    haptics_engine_close(terminal);

    fprintf(stderr, "threads: %d threads x %d rounds, %zu frames recorded; real-time wait %.1f ms; %d failed\n", THREADS,
            ROUNDS, count, played, failures);
    return failures == 0 ? 0 : 1;
}
