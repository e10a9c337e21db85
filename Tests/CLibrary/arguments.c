/*
 * Every function of haptics.h with bad arguments (NULL, NaN, infinities, out of range, unknown
 * names, a pointer that is no open engine, a closed engine): each must return its error and set
 * a message, never crash, and leave *out untouched; closing NULL does nothing, as free(NULL).
 * Then the good arguments, on a "record" engine, return HAPTICS_OK (a trigger effect
 * HAPTICS_ERROR_UNSUPPORTED: neither a record engine nor the terminal reaches a trigger), and an
 * engine opened at a handle plays on that handle's motor alone. Prints one line per failed check and exits 1 if
 * any failed.
 */
#include <haptics.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

/* Checks that `status` is `expected` and, for an error, that a message was set. */
static void expect(int status, int expected, const char *what, int line) {
    checks++;
    if (status != expected) {
        printf("FAIL line %d: %s returned %d, expected %d (%s)\n", line, what, status, expected, haptics_last_error());
        failures++;
        return;
    }
    if (expected != HAPTICS_OK && haptics_last_error()[0] == '\0') {
        printf("FAIL line %d: %s returned %d with no message\n", line, what, status);
        failures++;
    }
}

#define EXPECT(call, expected) expect((call), (expected), #call, __LINE__)

/* Checks that the last error contains `text`. */
static void expect_message(const char *text, int line) {
    checks++;
    if (strstr(haptics_last_error(), text) == NULL) {
        printf("FAIL line %d: the message '%s' does not say '%s'\n", line, haptics_last_error(), text);
        failures++;
    }
}

#define EXPECT_MESSAGE(text) expect_message((text), __LINE__)

/* haptics_set_trigger_effect on `engine`, a "record" engine: every bad argument is an invalid
   argument naming what is wrong; good ones are unsupported, as a record engine reaches no
   trigger. */
static void check_trigger_effects(haptics_engine *engine) {
    const int invalid = HAPTICS_ERROR_INVALID_ARGUMENT;
    const double feedback[] = {0.2, 0.8};
    EXPECT(haptics_set_trigger_effect(engine, NULL, "feedback", feedback, 2), invalid);
    EXPECT_MESSAGE("side is NULL");
    EXPECT(haptics_set_trigger_effect(engine, "", "feedback", feedback, 2), invalid);
    EXPECT(haptics_set_trigger_effect(engine, "Left", "feedback", feedback, 2), invalid);
    EXPECT(haptics_set_trigger_effect(engine, "middle", "feedback", feedback, 2), invalid);
    EXPECT_MESSAGE("side \"middle\" is not one of \"left\", \"right\", \"both\"");
    EXPECT(haptics_set_trigger_effect(engine, "left", NULL, feedback, 2), invalid);
    EXPECT(haptics_set_trigger_effect(engine, "left", "slope-feedback", feedback, 2), invalid);
    EXPECT_MESSAGE("mode \"slope-feedback\" is not one of");
    EXPECT(haptics_set_trigger_effect(engine, "left", "Feedback", feedback, 2), invalid);
    EXPECT(haptics_set_trigger_effect(engine, "left", "feedback", NULL, 2), invalid);
    EXPECT_MESSAGE("values is NULL");
    EXPECT(haptics_set_trigger_effect(engine, "left", "feedback", feedback, 1), invalid);
    EXPECT_MESSAGE("'feedback' takes 2 values: start, strength; 1 given");
    EXPECT(haptics_set_trigger_effect(engine, "left", "weapon", feedback, 2), invalid);
    EXPECT(haptics_set_trigger_effect(engine, "left", "off", feedback, 1), invalid);
    EXPECT(haptics_set_trigger_effect(engine, "left", "feedback", feedback, SIZE_MAX), invalid);

    /* Each value of each mode, NaN or out of range in turn, is named by its index. */
    static const struct {
        const char *mode;
        size_t count;
    } modes[] = {{"feedback", 2}, {"weapon", 3}, {"vibration", 3}, {"slope", 4}, {"positional-feedback", 10},
                 {"positional-vibration", 11}};
    const double bad_values[] = {NAN, INFINITY, -INFINITY, -0.001, 1.001};
    for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
        double values[11];
        EXPECT(haptics_set_trigger_effect(engine, "both", modes[m].mode, values, modes[m].count - 1), invalid);
        EXPECT(haptics_set_trigger_effect(engine, "both", modes[m].mode, values, modes[m].count + 1), invalid);
        for (size_t index = 0; index < modes[m].count; index++) {
            for (size_t b = 0; b < sizeof bad_values / sizeof *bad_values; b++) {
                for (size_t i = 0; i < modes[m].count; i++) values[i] = 0.5;
                values[index] = bad_values[b];
                EXPECT(haptics_set_trigger_effect(engine, "right", modes[m].mode, values, modes[m].count), invalid);
                char name[32];
                snprintf(name, sizeof name, "values[%zu]", index);
                EXPECT_MESSAGE(name);
            }
        }
        for (size_t i = 0; i < modes[m].count; i++) values[i] = i % 2 ? 1.0 : 0.0;
        EXPECT(haptics_set_trigger_effect(engine, "right", modes[m].mode, values, modes[m].count), HAPTICS_ERROR_UNSUPPORTED);
        EXPECT_MESSAGE("reaches no adaptive trigger");
    }
    const double slope[] = {0.1, 0.9, 0.2, 1.5};
    EXPECT(haptics_set_trigger_effect(engine, "left", "slope", slope, 4), invalid);
    EXPECT_MESSAGE("values[3] (slope: end strength) is 1.5");
    EXPECT(haptics_set_trigger_effect(engine, "left", "off", NULL, 0), HAPTICS_ERROR_UNSUPPORTED);

    /* haptics_trigger_status: the side (left or right), the timeout and out are checked; a
       record engine reaches no trigger, and *out is left untouched. */
    haptics_trigger_reading reading = {"untouched", -1, -1, NULL};
    EXPECT(haptics_trigger_status(engine, NULL, 0, &reading), invalid);
    EXPECT(haptics_trigger_status(engine, "both", 0, &reading), invalid);
    EXPECT_MESSAGE("side \"both\" is not one of \"left\", \"right\"");
    EXPECT(haptics_trigger_status(engine, "left", NAN, &reading), invalid);
    EXPECT_MESSAGE("timeout_ms is nan");
    EXPECT(haptics_trigger_status(engine, "left", -1, &reading), invalid);
    EXPECT(haptics_trigger_status(engine, "left", 0, NULL), invalid);
    EXPECT_MESSAGE("out is NULL");
    EXPECT(haptics_trigger_status(engine, "right", 0, &reading), HAPTICS_ERROR_UNSUPPORTED);
    EXPECT_MESSAGE("reaches no adaptive trigger");
    if (strcmp(reading.status, "untouched") != 0 || reading.arm_position != -1) {
        printf("line %d: haptics_trigger_status wrote *out on an error\n", __LINE__);
        failures++;
    }
}

/* haptics_play_basic_envelope and haptics_play_waveform_envelope on `engine`, a "record" engine:
   every bad argument is an invalid argument naming the control point; a good waveform envelope is
   unsupported, as a recording sets no frequency. Nothing plays. */
static void check_envelopes(haptics_engine *engine) {
    const int invalid = HAPTICS_ERROR_INVALID_ARGUMENT;
    const double first = HAPTICS_ENVELOPE_FIRST_POINT;
    const haptics_basic_point good[] = {{1, 0.5, 0.05}, {0, 0.5, 0.05}};
    EXPECT(haptics_play_basic_envelope(engine, first, NULL, 2, 1), invalid);
    EXPECT_MESSAGE("points is NULL");
    EXPECT(haptics_play_basic_envelope(engine, first, NULL, 0, 1), invalid);
    EXPECT_MESSAGE("the envelope has no control point");
    EXPECT(haptics_play_basic_envelope(engine, first, good, 2, 0), invalid);
    EXPECT(haptics_play_basic_envelope(engine, first, good, 1, 1), invalid);
    EXPECT_MESSAGE("control point 1: the envelope ends at intensity 1");
    const double bad_initial[] = {NAN, INFINITY, -0.5, 1.5};
    for (size_t i = 0; i < sizeof bad_initial / sizeof *bad_initial; i++) {
        EXPECT(haptics_play_basic_envelope(engine, bad_initial[i], good, 2, 1), invalid);
        EXPECT_MESSAGE("initial sharpness");
        EXPECT(haptics_play_waveform_envelope(engine, bad_initial[i] == 1.5 ? 0 : bad_initial[i], NULL, 0, "refuse", 1), invalid);
        EXPECT_MESSAGE("Hz; expected a number of Hz above 0");
    }
    const double bad_levels[] = {NAN, INFINITY, -0.01, 1.01};
    for (size_t i = 0; i < sizeof bad_levels / sizeof *bad_levels; i++) {
        haptics_basic_point basic[] = {{0.5, 0.5, 0.05}, {0, 0.5, 0.05}};
        basic[1].sharpness = bad_levels[i];
        EXPECT(haptics_play_basic_envelope(engine, first, basic, 2, 1), invalid);
        EXPECT_MESSAGE("control point 2: sharpness");
        basic[1].sharpness = 0.5;
        basic[0].intensity = bad_levels[i];
        EXPECT(haptics_play_basic_envelope(engine, first, basic, 2, 1), invalid);
        EXPECT_MESSAGE("control point 1: intensity");
        haptics_waveform_point waveform[] = {{0.5, 80, 0.05}, {bad_levels[i], 80, 0.05}};
        EXPECT(haptics_play_waveform_envelope(engine, first, waveform, 2, "refuse", 1), invalid);
        EXPECT_MESSAGE("control point 2: amplitude");
    }
    const double bad_positive[] = {NAN, INFINITY, 0, -0.05};
    for (size_t i = 0; i < sizeof bad_positive / sizeof *bad_positive; i++) {
        haptics_basic_point basic[] = {{0.5, 0.5, 0.05}, {0, 0.5, bad_positive[i]}};
        EXPECT(haptics_play_basic_envelope(engine, first, basic, 2, 1), invalid);
        EXPECT_MESSAGE("control point 2: a duration of");
        haptics_waveform_point waveform[] = {{0.5, bad_positive[i], 0.05}};
        EXPECT(haptics_play_waveform_envelope(engine, 80, waveform, 1, "nearest", 1), invalid);
        EXPECT_MESSAGE("control point 1: a frequency of");
        waveform[0] = (haptics_waveform_point){0.5, 80, bad_positive[i]};
        EXPECT(haptics_play_waveform_envelope(engine, 80, waveform, 1, "nearest", 1), invalid);
        EXPECT_MESSAGE("control point 1: a duration of");
    }
    const haptics_waveform_point waveform[] = {{1, 40, 0.05}, {0, 120, 0.05}};
    EXPECT(haptics_play_waveform_envelope(engine, first, waveform, 2, NULL, 1), invalid);
    EXPECT(haptics_play_waveform_envelope(engine, first, waveform, 2, "clamp", 1), invalid);
    EXPECT_MESSAGE("out_of_band \"clamp\" is not one of \"refuse\", \"nearest\"");
    EXPECT(haptics_play_waveform_envelope(engine, first, waveform, 2, "refuse", -2), invalid);
    EXPECT(haptics_play_waveform_envelope(engine, first, waveform, 2, "refuse", 1), HAPTICS_ERROR_UNSUPPORTED);
    EXPECT_MESSAGE("lets a pattern choose its frequency");
    EXPECT(haptics_play_waveform_envelope(engine, 60, waveform, 2, "nearest", HAPTICS_REPEAT_FOREVER), HAPTICS_ERROR_UNSUPPORTED);
}

/* A basic envelope on a record engine plays as the AHAP continuous event under the same intensity
   and sharpness curves: the same frames (but for the rounding of the times the durations add
   up to), rising to the peak and back to silence. */
static void check_basic_envelope_frames(void) {
    haptics_engine *engine = NULL;
    haptics_frame envelope[64], ahap[64];
    size_t envelope_count = 0, ahap_count = 0;
    const haptics_basic_point points[] = {{1, 0.2, 0.1}, {0.4, 0.9, 0.05}, {0, 0.9, 0.1}};
    EXPECT(haptics_engine_open("record", NULL, &engine), HAPTICS_OK);
    EXPECT(haptics_play_basic_envelope(engine, 0.6, points, 3, 1), HAPTICS_OK);
    EXPECT(haptics_wait(engine), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(engine, envelope, 64, &envelope_count), HAPTICS_OK);
    EXPECT(haptics_engine_close(engine), HAPTICS_OK);
    EXPECT(haptics_engine_open("record", NULL, &engine), HAPTICS_OK);
    EXPECT(haptics_play_ahap_json(engine,
                                  "{\"Version\": 1.0, \"Pattern\": ["
                                  "{\"Event\": {\"EventType\": \"HapticContinuous\", \"Time\": 0, \"EventDuration\": 0.25,"
                                  " \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1},"
                                  " {\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0}]}},"
                                  "{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 0,"
                                  " \"ParameterCurveControlPoints\": [{\"Time\": 0, \"ParameterValue\": 0},"
                                  " {\"Time\": 0.1, \"ParameterValue\": 1}, {\"Time\": 0.15, \"ParameterValue\": 0.4},"
                                  " {\"Time\": 0.25, \"ParameterValue\": 0}]}},"
                                  "{\"ParameterCurve\": {\"ParameterID\": \"HapticSharpnessControl\", \"Time\": 0,"
                                  " \"ParameterCurveControlPoints\": [{\"Time\": 0, \"ParameterValue\": 0.6},"
                                  " {\"Time\": 0.1, \"ParameterValue\": 0.2}, {\"Time\": 0.15, \"ParameterValue\": 0.9},"
                                  " {\"Time\": 0.25, \"ParameterValue\": 0.9}]}}]}",
                                  1),
           HAPTICS_OK);
    EXPECT(haptics_wait(engine), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(engine, ahap, 64, &ahap_count), HAPTICS_OK);
    EXPECT(haptics_engine_close(engine), HAPTICS_OK);
    checks++;
    if (envelope_count < 4 || envelope_count > 64 || envelope_count != ahap_count) {
        printf("FAIL: the envelope recorded %zu frames, its AHAP %zu\n", envelope_count, ahap_count);
        failures++;
        return;
    }
    size_t peak = 0;
    for (size_t i = 0; i < envelope_count; i++) {
        if (fabs(envelope[i].start_ms - ahap[i].start_ms) > 1e-9 || fabs(envelope[i].duration_ms - ahap[i].duration_ms) > 1e-9 ||
            fabs(envelope[i].strong - ahap[i].strong) > 1e-9 || fabs(envelope[i].weak - ahap[i].weak) > 1e-9) {
            printf("FAIL: frame %zu of the envelope %g ms %g/%g, of its AHAP %g ms %g/%g\n", i, envelope[i].start_ms,
                   envelope[i].strong, envelope[i].weak, ahap[i].start_ms, ahap[i].strong, ahap[i].weak);
            failures++;
        }
        if (fmax(envelope[i].strong, envelope[i].weak) > fmax(envelope[peak].strong, envelope[peak].weak)) peak = i;
    }
    const haptics_frame *last = &envelope[envelope_count - 1];
    double end = envelope[envelope_count - 2].start_ms + envelope[envelope_count - 2].duration_ms;
    if (envelope[0].start_ms != 0 || envelope[peak].start_ms < 80 || envelope[peak].start_ms > 110 || last->strong != 0 ||
        last->weak != 0 || end < 240 || end > 260) {
        printf("FAIL: the envelope starts at %g ms, peaks at %g ms and sounds until %g ms, then %g/%g\n", envelope[0].start_ms,
               envelope[peak].start_ms, end, last->strong, last->weak);
        failures++;
    }
}

int main(void) {
    const int invalid = HAPTICS_ERROR_INVALID_ARGUMENT;
    if (haptics_last_error() == NULL || haptics_last_error()[0] != '\0') {
        printf("FAIL: haptics_last_error is not \"\" before any error\n");
        failures++;
    }
    if (haptics_version() == NULL || haptics_version()[0] == '\0') {
        printf("FAIL: haptics_version is empty\n");
        failures++;
    }

    /* Opening. */
    haptics_engine *untouched = (haptics_engine *)(uintptr_t)0x1234;
    EXPECT(haptics_engine_open(NULL, NULL, &untouched), invalid);
    EXPECT(haptics_engine_open("record", NULL, NULL), invalid);
    EXPECT(haptics_engine_open("", NULL, &untouched), invalid);
    EXPECT(haptics_engine_open("RECORD", NULL, &untouched), invalid);
    EXPECT(haptics_engine_open("gamepad", NULL, &untouched), invalid);
    EXPECT(haptics_engine_open("record", "/dev/input/event0", &untouched), invalid);
    EXPECT(haptics_engine_open("stdout", "0", &untouched), invalid);
    EXPECT(haptics_engine_open("record", "\xff\xfe", &untouched), invalid);
    EXPECT(haptics_engine_open("evdev", "", &untouched), invalid);
    EXPECT(haptics_engine_open("evdev", "/nonexistent/event99", &untouched), HAPTICS_ERROR_DEVICE);
    EXPECT(haptics_engine_open("auto", "/nonexistent/event99", &untouched), HAPTICS_ERROR_DEVICE);
    EXPECT(haptics_engine_open_at(NULL, NULL, "all", &untouched), invalid);
    EXPECT(haptics_engine_open_at("record", NULL, "all", NULL), invalid);
    EXPECT(haptics_engine_open_at("record", NULL, "", &untouched), invalid);
    EXPECT(haptics_engine_open_at("record", NULL, "left-foot", &untouched), invalid);
    EXPECT(haptics_engine_open_at("record", NULL, "Left-Handle", &untouched), invalid);
    EXPECT(haptics_engine_open_at("record", NULL, "\xff", &untouched), invalid);
    EXPECT(haptics_engine_open_at("record", "0", "all", &untouched), invalid);
    EXPECT(haptics_engine_open_at("evdev", "/nonexistent/event99", "left-handle", &untouched), HAPTICS_ERROR_DEVICE);
    if (untouched != (haptics_engine *)(uintptr_t)0x1234) {
        printf("FAIL: a failed haptics_engine_open wrote to *out\n");
        failures++;
    }

    /* Every function on a NULL engine and on pointers that are no engine. */
    haptics_engine *bogus[] = {NULL, (haptics_engine *)(uintptr_t)0x1, (haptics_engine *)&failures};
    haptics_frame frame;
    size_t count = 0;
    double gain = 0;
    const haptics_basic_point basic_point = {0, 0.5, 0.1};
    const haptics_waveform_point waveform_point = {0, 80, 0.1};
    for (size_t i = 0; i < sizeof bogus / sizeof *bogus; i++) {
        haptics_engine *engine = bogus[i];
        EXPECT(haptics_impact(engine, "heavy", 1.0), invalid);
        EXPECT(haptics_notify(engine, "success"), invalid);
        EXPECT(haptics_selection(engine), invalid);
        EXPECT(haptics_play_preset(engine, "heavy", 1), invalid);
        EXPECT(haptics_play_file(engine, "/dev/null", 1), invalid);
        EXPECT(haptics_play_ahap_json(engine, "{}", 1), invalid);
        EXPECT(haptics_play_composition(engine, "click", 1), invalid);
        EXPECT(haptics_stop(engine), invalid);
        EXPECT(haptics_set_gain(engine, 0.5), invalid);
        EXPECT(haptics_get_gain(engine, &gain), invalid);
        EXPECT(haptics_wait(engine), invalid);
        EXPECT(haptics_recorded_frames(engine, &frame, 1, &count), invalid);
        EXPECT(haptics_set_trigger_effect(engine, "left", "off", NULL, 0), invalid);
        haptics_trigger_reading reading;
        EXPECT(haptics_trigger_status(engine, "left", 0, &reading), invalid);
        EXPECT(haptics_play_basic_envelope(engine, HAPTICS_ENVELOPE_FIRST_POINT, &basic_point, 1, 1), invalid);
        EXPECT(haptics_play_waveform_envelope(engine, HAPTICS_ENVELOPE_FIRST_POINT, &waveform_point, 1, "nearest", 1), invalid);
        EXPECT(haptics_engine_close(engine), engine == NULL ? HAPTICS_OK : invalid);
    }

    /* Bad arguments on a real engine. */
    haptics_engine *engine = NULL;
    EXPECT(haptics_engine_open("record", NULL, &engine), HAPTICS_OK);
    const double bad_levels[] = {NAN, -NAN, INFINITY, -INFINITY, -0.001, 1.001, -1, 2, 1e300};
    for (size_t i = 0; i < sizeof bad_levels / sizeof *bad_levels; i++) {
        EXPECT(haptics_impact(engine, "heavy", bad_levels[i]), invalid);
        EXPECT(haptics_set_gain(engine, bad_levels[i]), invalid);
    }
    EXPECT(haptics_impact(engine, NULL, 1.0), invalid);
    EXPECT(haptics_impact(engine, "", 1.0), invalid);
    EXPECT(haptics_impact(engine, "Heavy", 1.0), invalid);
    EXPECT(haptics_impact(engine, "success", 1.0), invalid);
    EXPECT(haptics_notify(engine, NULL), invalid);
    EXPECT(haptics_notify(engine, "heavy"), invalid);
    EXPECT(haptics_notify(engine, "\xc3\x28"), invalid);
    const int bad_repeats[] = {0, -2, -100, INT32_MIN};
    for (size_t i = 0; i < sizeof bad_repeats / sizeof *bad_repeats; i++) {
        EXPECT(haptics_play_preset(engine, "heavy", bad_repeats[i]), invalid);
        EXPECT(haptics_play_file(engine, "/dev/null", bad_repeats[i]), invalid);
        EXPECT(haptics_play_ahap_json(engine, "{\"Pattern\": []}", bad_repeats[i]), invalid);
        EXPECT(haptics_play_composition(engine, "click", bad_repeats[i]), invalid);
    }
    EXPECT(haptics_play_preset(engine, NULL, 1), invalid);
    EXPECT(haptics_play_preset(engine, "haevy", 1), HAPTICS_ERROR_NOT_FOUND);
    EXPECT(haptics_play_preset(engine, "", 1), HAPTICS_ERROR_NOT_FOUND);
    EXPECT(haptics_play_file(engine, NULL, 1), invalid);
    EXPECT(haptics_play_file(engine, "/nonexistent/pattern.ahap", 1), HAPTICS_ERROR_NOT_FOUND);
    EXPECT(haptics_play_file(engine, "/dev/null", 1), HAPTICS_ERROR_FORMAT);
    EXPECT(haptics_play_file(engine, "/", 1), HAPTICS_ERROR_FORMAT);
    EXPECT(haptics_play_ahap_json(engine, NULL, 1), invalid);
    EXPECT(haptics_play_ahap_json(engine, "", 1), HAPTICS_ERROR_FORMAT);
    EXPECT(haptics_play_ahap_json(engine, "{", 1), HAPTICS_ERROR_FORMAT);
    EXPECT(haptics_play_ahap_json(engine, "[1, 2]", 1), HAPTICS_ERROR_FORMAT);
    EXPECT(haptics_play_ahap_json(engine, "{\"Pattern\": [{\"Event\": {\"EventType\": \"HapticContinuous\", \"Time\": 0}}]}", 1),
           HAPTICS_ERROR_FORMAT);
    EXPECT(haptics_play_composition(engine, NULL, 1), invalid);
    EXPECT(haptics_play_composition(engine, "", 1), invalid);
    EXPECT(haptics_play_composition(engine, "clik", 1), invalid);
    EXPECT(haptics_play_composition(engine, "click:1.5", 1), invalid);
    EXPECT(haptics_play_composition(engine, "click+-5ms", 1), invalid);
    check_trigger_effects(engine);
    check_envelopes(engine);
    EXPECT(haptics_get_gain(engine, NULL), invalid);
    EXPECT(haptics_recorded_frames(engine, &frame, 1, NULL), invalid);
    EXPECT(haptics_recorded_frames(engine, NULL, 1, &count), invalid);
    EXPECT(haptics_recorded_frames(engine, NULL, SIZE_MAX, &count), invalid);

    /* A message per thread, kept until the next error: the last one here names the argument. */
    if (strstr(haptics_last_error(), "out") == NULL) {
        printf("FAIL: the last error does not name the NULL argument: %s\n", haptics_last_error());
        failures++;
    }

    /* Nothing above played: no frame recorded. Then the good arguments. */
    EXPECT(haptics_wait(engine), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(engine, NULL, 0, &count), HAPTICS_OK);
    if (count != 0) {
        printf("FAIL: a rejected call played: %zu frames recorded\n", count);
        failures++;
    }
    EXPECT(haptics_impact(engine, "light", 0.0), HAPTICS_OK);
    EXPECT(haptics_impact(engine, "rigid", 1.0), HAPTICS_OK);
    EXPECT(haptics_notify(engine, "error"), HAPTICS_OK);
    EXPECT(haptics_selection(engine), HAPTICS_OK);
    EXPECT(haptics_set_gain(engine, 0.0), HAPTICS_OK);
    EXPECT(haptics_set_gain(engine, 1.0), HAPTICS_OK);
    EXPECT(haptics_get_gain(engine, &gain), HAPTICS_OK);
    if (gain != 1.0) {
        printf("FAIL: the gain is %g after setting 1\n", gain);
        failures++;
    }
    EXPECT(haptics_play_ahap_json(engine,
                                  "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"EventType\": \"HapticTransient\", \"Time\": 0.0,"
                                  " \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.8}]}}]}",
                                  3),
           HAPTICS_OK);
    EXPECT(haptics_play_composition(engine, "click,tick:0.5+40ms", 2), HAPTICS_OK);
    EXPECT(haptics_play_preset(engine, "warning", HAPTICS_REPEAT_FOREVER), HAPTICS_OK);
    EXPECT(haptics_wait(engine), HAPTICS_ERROR_UNSUPPORTED);
    EXPECT(haptics_stop(engine), HAPTICS_OK);
    EXPECT(haptics_wait(engine), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(engine, NULL, 0, &count), HAPTICS_OK);
    if (count == 0) {
        printf("FAIL: nothing recorded\n");
        failures++;
    }
    size_t total = count;
    EXPECT(haptics_recorded_frames(engine, &frame, 1, &count), HAPTICS_OK);
    if (count != total) {
        printf("FAIL: a buffer of one frame changed the count from %zu to %zu\n", total, count);
        failures++;
    }

    /* Closed: every call is an invalid argument, and closing again too. */
    EXPECT(haptics_engine_close(engine), HAPTICS_OK);
    EXPECT(haptics_impact(engine, "heavy", 1.0), invalid);
    EXPECT(haptics_wait(engine), invalid);
    EXPECT(haptics_engine_close(engine), invalid);

    /* Only a record engine keeps frames; the terminal reaches no trigger either. */
    haptics_engine *terminal = NULL;
    EXPECT(haptics_engine_open("stdout", NULL, &terminal), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(terminal, NULL, 0, &count), HAPTICS_ERROR_UNSUPPORTED);
    EXPECT(haptics_set_trigger_effect(terminal, "both", "off", NULL, 0), HAPTICS_ERROR_UNSUPPORTED);
    EXPECT(haptics_engine_close(terminal), HAPTICS_OK);

    /* Localities: NULL is "all"; a handle plays the frame's larger level on its motor alone. */
    haptics_frame everywhere[8], left[8], right[8];
    size_t everywhere_count = 0, left_count = 0, right_count = 0;
    haptics_engine *at = NULL;
    EXPECT(haptics_engine_open_at("record", NULL, NULL, &at), HAPTICS_OK);
    EXPECT(haptics_play_preset(at, "soft", 1), HAPTICS_OK);
    EXPECT(haptics_wait(at), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(at, everywhere, 8, &everywhere_count), HAPTICS_OK);
    EXPECT(haptics_engine_close(at), HAPTICS_OK);
    EXPECT(haptics_engine_open_at("record", NULL, "left-handle", &at), HAPTICS_OK);
    EXPECT(haptics_play_preset(at, "soft", 1), HAPTICS_OK);
    EXPECT(haptics_wait(at), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(at, left, 8, &left_count), HAPTICS_OK);
    EXPECT(haptics_engine_close(at), HAPTICS_OK);
    EXPECT(haptics_engine_open_at("record", NULL, "right-handle", &at), HAPTICS_OK);
    EXPECT(haptics_play_preset(at, "soft", 1), HAPTICS_OK);
    EXPECT(haptics_wait(at), HAPTICS_OK);
    EXPECT(haptics_recorded_frames(at, right, 8, &right_count), HAPTICS_OK);
    EXPECT(haptics_engine_close(at), HAPTICS_OK);
    checks++;
    if (everywhere_count == 0 || everywhere_count > 8 || left_count != everywhere_count || right_count != everywhere_count) {
        printf("FAIL: soft recorded %zu frames at all, %zu at the left handle, %zu at the right one\n", everywhere_count, left_count,
               right_count);
        failures++;
    } else {
        for (size_t i = 0; i < everywhere_count; i++) {
            double amplitude = fmax(everywhere[i].strong, everywhere[i].weak);
            if (left[i].strong != amplitude || left[i].weak != 0 || right[i].weak != amplitude || right[i].strong != 0 ||
                left[i].start_ms != everywhere[i].start_ms || right[i].duration_ms != everywhere[i].duration_ms) {
                printf("FAIL: frame %zu at the handles: left %g/%g, right %g/%g, at all %g/%g\n", i, left[i].strong, left[i].weak,
                       right[i].strong, right[i].weak, everywhere[i].strong, everywhere[i].weak);
                failures++;
            }
        }
    }

    check_basic_envelope_frames();

    printf("arguments: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
