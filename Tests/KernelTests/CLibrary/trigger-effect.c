/*
 * libhaptics on a DualSense, for the kernel tests (LibraryTriggerTests): `trigger-effect DEVICE`
 * sets the right trigger's effects through a "hidraw" engine (weapon, then positional
 * feedback, 300 ms each, then a NaN that must change nothing) and closes it; then plays a
 * waveform envelope rising from 40 to 150 Hz on a "right-trigger" engine, after one at 200 Hz
 * that must be refused naming the band. With `--exit-unclosed`, sets a feedback effect and exits
 * without closing the engine (the pad's guardian must turn it off). With `--status`, prints
 * both triggers' status (haptics_trigger_status, waiting up to 3 s for the first report) as
 * `right weapon-fired 1.00 1.00 weapon`, then checks that a side "middle" is refused. With
 * `--trigger-motors` (an Xbox pad): feedback must be refused as unsupported, then vibration from
 * 0.5 at 0.6 holds on the right trigger's motor for 800 ms before the engine closes. Prints each
 * step; exits 1 at the first that does not return what it must.
 */
#include <haptics.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int step(const char *what, int status, int expected) {
    printf("%s: %d%s%s\n", what, status, status == HAPTICS_OK ? "" : ": ", status == HAPTICS_OK ? "" : haptics_last_error());
    return status == expected;
}

static void pause_ms(long ms) {
    struct timespec time = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&time, NULL);
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[2], "--exit-unclosed") == 0) {
        haptics_engine *engine = NULL;
        const double feedback[] = {0.3, 1.0};
        int set = step("open hidraw", haptics_engine_open("hidraw", argv[1], &engine), HAPTICS_OK) &&
                  step("feedback", haptics_set_trigger_effect(engine, "right", "feedback", feedback, 2), HAPTICS_OK);
        pause_ms(200);
        return set ? 0 : 1;
    }
    if (argc == 3 && strcmp(argv[2], "--status") == 0) {
        haptics_engine *engine = NULL;
        if (!step("open hidraw", haptics_engine_open("hidraw", argv[1], &engine), HAPTICS_OK)) return 1;
        const char *sides[] = {"right", "left"};
        for (int index = 0; index < 2; index++) {
            haptics_trigger_reading reading;
            if (!step(sides[index], haptics_trigger_status(engine, sides[index], 3000, &reading), HAPTICS_OK)) return 1;
            printf("%s %s %.2f %.2f %s\n", sides[index], reading.status, reading.arm_position, reading.position,
                   reading.effect ? reading.effect : "(none)");
        }
        haptics_trigger_reading unused;
        if (!step("middle", haptics_trigger_status(engine, "middle", 0, &unused), HAPTICS_ERROR_INVALID_ARGUMENT)) return 1;
        return step("close", haptics_engine_close(engine), HAPTICS_OK) ? 0 : 1;
    }
    if (argc == 3 && strcmp(argv[2], "--trigger-motors") == 0) {
        haptics_engine *engine = NULL;
        const double feedback[] = {0.3, 1.0};
        const double vibration[] = {0.5, 0.6, 0.5};
        if (!step("open hidraw", haptics_engine_open("hidraw", argv[1], &engine), HAPTICS_OK) ||
            !step("feedback", haptics_set_trigger_effect(engine, "right", "feedback", feedback, 2), HAPTICS_ERROR_UNSUPPORTED) ||
            !step("vibration", haptics_set_trigger_effect(engine, "right", "vibration", vibration, 3), HAPTICS_OK))
            return 1;
        pause_ms(800);
        return step("close", haptics_engine_close(engine), HAPTICS_OK) ? 0 : 1;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: trigger-effect DEVICE [--exit-unclosed | --status | --trigger-motors]\n");
        return 2;
    }
    haptics_engine *engine = NULL;
    if (!step("open hidraw", haptics_engine_open("hidraw", argv[1], &engine), HAPTICS_OK)) return 1;
    const double weapon[] = {0.2, 0.6, 1.0};
    if (!step("weapon", haptics_set_trigger_effect(engine, "right", "weapon", weapon, 3), HAPTICS_OK)) return 1;
    pause_ms(300);
    const double strengths[] = {0, 0, 0.2, 0.4, 0.6, 0.8, 1, 0, 0, 0.5};
    if (!step("positional-feedback", haptics_set_trigger_effect(engine, "right", "positional-feedback", strengths, 10), HAPTICS_OK))
        return 1;
    pause_ms(300);
    const double nan_strength[] = {0.3, NAN};
    if (!step("feedback NaN", haptics_set_trigger_effect(engine, "right", "feedback", nan_strength, 2), HAPTICS_ERROR_INVALID_ARGUMENT))
        return 1;
    pause_ms(100);
    if (!step("close", haptics_engine_close(engine), HAPTICS_OK)) return 1;
    pause_ms(200);

    if (!step("open right-trigger", haptics_engine_open_at("hidraw", argv[1], "right-trigger", &engine), HAPTICS_OK)) return 1;
    const haptics_waveform_point too_high[] = {{1, 200, 0.1}, {0, 100, 0.1}};
    if (!step("200 Hz", haptics_play_waveform_envelope(engine, HAPTICS_ENVELOPE_FIRST_POINT, too_high, 2, "refuse", 1),
              HAPTICS_ERROR_INVALID_ARGUMENT) ||
        strstr(haptics_last_error(), "control point 1: 200 Hz is outside the 10-160 Hz band at right-trigger") == NULL)
        return 1;
    const haptics_waveform_point rising[] = {{1, 40, 0.15}, {0, 150, 0.15}};
    if (!step("40 to 150 Hz", haptics_play_waveform_envelope(engine, HAPTICS_ENVELOPE_FIRST_POINT, rising, 2, "refuse", 1), HAPTICS_OK))
        return 1;
    if (!step("wait", haptics_wait(engine), HAPTICS_OK)) return 1;
    pause_ms(100);
    return step("close", haptics_engine_close(engine), HAPTICS_OK) ? 0 : 1;
}
