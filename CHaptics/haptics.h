/*
 * haptics.h: the C interface of libhaptics, the Haptics engine for Linux.
 *
 * Impacts, notifications, the selection tick, authored patterns (AHAP, .haptic), Android's
 * primitives and envelopes, rendered to dual-motor rumble and played through a driver: a gamepad
 * through the kernel's evdev force-feedback interface, the terminal, or a recorder that a test
 * reads back; and the effects of a DualSense's adaptive triggers.
 *
 *     haptics_engine *engine;
 *     if (haptics_engine_open("auto", NULL, &engine) != HAPTICS_OK) {
 *         fprintf(stderr, "haptics: %s\n", haptics_last_error());
 *         return 1;
 *     }
 *     haptics_impact(engine, "heavy", 1.0);
 *     haptics_wait(engine);
 *     haptics_engine_close(engine);
 *
 * Build with `pkg-config --cflags --libs haptics`. The library carries its own Swift runtime:
 * a program needs nothing else.
 *
 * Return codes: every function but haptics_last_error and haptics_version returns HAPTICS_OK
 * (0) or a negative haptics_status; on an error, haptics_last_error() says what went wrong.
 * Every argument is checked (NULL pointers, NaN, values out of range, a pointer that is not an
 * open engine): a bad one is an error, HAPTICS_ERROR_INVALID_ARGUMENT, never a crash.
 *
 * Threads: every function may be called from any thread, on the same engine from several
 * threads at once. Playing never blocks (the frames are sent by the engine's own timer
 * thread); only haptics_wait and haptics_engine_close wait. Close an engine once, after its
 * other calls have returned.
 *
 * Strings are UTF-8 and NUL-terminated; the library copies what it keeps.
 */
#ifndef HAPTICS_H
#define HAPTICS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An engine: one driver, a mixer for overlapping playbacks and a master gain. Opaque. */
typedef struct haptics_engine haptics_engine;

/** What a function returns: HAPTICS_OK, or why it failed (always negative). */
typedef enum haptics_status {
    /** It worked. */
    HAPTICS_OK = 0,
    /** An argument is NULL, NaN, out of range, not one of the names allowed, or not an open
        engine. */
    HAPTICS_ERROR_INVALID_ARGUMENT = -1,
    /** What was named does not exist: no preset of that name, no file at that path. */
    HAPTICS_ERROR_NOT_FOUND = -2,
    /** The device cannot be driven: no gamepad that can vibrate, permission denied, unplugged,
        no free effect slot. */
    HAPTICS_ERROR_DEVICE = -3,
    /** A pattern does not load: not JSON, not AHAP or .haptic, a value of the wrong kind, an
        unreadable or too large file. The message names the file and the JSON path. */
    HAPTICS_ERROR_FORMAT = -4,
    /** The engine's driver does not offer this: recorded frames from an engine that does not
        record, waiting on a "record" engine for a playback that repeats forever, a trigger
        effect on an engine that reaches no adaptive trigger. */
    HAPTICS_ERROR_UNSUPPORTED = -5,
} haptics_status;

/** The `repeat` that plays a pattern until haptics_stop(). */
#define HAPTICS_REPEAT_FOREVER (-1)

/** One frame a "record" engine's driver received: both motors held at fixed levels. */
typedef struct haptics_frame {
    /** When the frame starts, in milliseconds from the engine's first playback. */
    double start_ms;
    /** How long the levels hold, in milliseconds; 0 on a silent frame means "until further
        notice" (the motors are off). */
    double duration_ms;
    /** The strong (low-frequency) motor's level, 0...1, the master gain applied. */
    double strong;
    /** The weak (high-frequency) motor's level, 0...1, the master gain applied. */
    double weak;
} haptics_frame;

/**
 * Opens an engine on a driver and stores it in *out (left untouched on an error).
 *
 * driver:
 *   "auto"    a rumble-capable gamepad when one is found, else the terminal ("stdout").
 *             With a device named, that device or an error, as "evdev".
 *   "evdev"   a gamepad through the kernel's evdev force-feedback interface; the device is
 *             opened now, and a missing or forbidden one is HAPTICS_ERROR_DEVICE.
 *   "hidraw"  a pad through its hidraw node, beside its kernel driver: the Switch Pro's HD
 *             Rumble (sharpness as carrier frequency), the DualSense's and the Xbox's triggers
 *             with the handles (see docs/pads.md, "Beyond rumble: hidraw"); a pad hidraw does not
 *             drive, or a node this user may not write, is HAPTICS_ERROR_DEVICE.
 *   "audio"   a DualSense's voice coils over USB audio: the frames as a waveform on channels
 *             3-4 of the pad's sound card (see docs/pads.md, "Voice coils"); a pad without a
 *             card (Bluetooth), or a card that is busy, is HAPTICS_ERROR_DEVICE. "auto" plays a
 *             USB DualSense's handles there too.
 *   "stdout"  one text line per frame on standard output, in real time.
 *   "record"  nothing plays: every frame is kept for haptics_recorded_frames, on virtual time.
 *             Playbacks started since the last haptics_wait all start at the same virtual
 *             instant (each one's first frame is recorded as it starts), and haptics_wait
 *             plays them to their end at once; nothing ever waits in real time. What a test
 *             of an app's haptics uses.
 * device: for "auto", "evdev", "hidraw" and "audio", which device: NULL or "auto" (the first rumble-capable
 *   gamepad), "all" (every device that can vibrate), a path ("/dev/input/event5" or a
 *   /dev/input/by-id link), an index into `haptics devices`' list ("0"), or part of a device's
 *   name ("DualSense"). Must be NULL for "stdout" and "record".
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (NULL driver or out, an unknown driver, a device for
 * a driver that takes none), HAPTICS_ERROR_DEVICE.
 */
int haptics_engine_open(const char *driver, const char *device, haptics_engine **out);

/**
 * Opens an engine as haptics_engine_open does, playing everything at `locality`: where on the
 * pad, as `haptics play --locality` takes it (Core Haptics' GCHapticsLocality names):
 *   "all"            every part the driver reaches (NULL means "all"): what
 *                    haptics_engine_open plays.
 *   "handles"        both handles' motors.
 *   "left-handle"    the left handle's motor alone (the strong one): each frame's larger level
 *                    on it, the other motor off. "right-handle" the same on the right (weak) one.
 *   "triggers"       both triggers' motors, which only "hidraw" reaches (and "auto" through it);
 *                    "left-trigger" and "right-trigger" one of them.
 * "stdout" shows the frames as `haptics play --locality ... --driver stdout` does; "record" keeps
 * the frames the engine plays, a handle locality's routed to its motor and a trigger locality's whole.
 *
 * Errors: those of haptics_engine_open; HAPTICS_ERROR_INVALID_ARGUMENT (a locality not among
 * these), HAPTICS_ERROR_DEVICE (a locality the driver or the pad cannot play: triggers on
 * "evdev", a part the pad lacks; the message names the localities it has).
 */
int haptics_engine_open_at(const char *driver, const char *device, const char *locality, haptics_engine **out);

/**
 * Stops everything, turns the motors and the trigger effects off, releases the device (erasing
 * what was uploaded to it) and frees the engine. The pointer is invalid afterwards; a later call with it is
 * HAPTICS_ERROR_INVALID_ARGUMENT. NULL does nothing and returns HAPTICS_OK, as free(NULL) does.
 */
int haptics_engine_close(haptics_engine *engine);

/**
 * Fires an impact: style is "light", "medium", "heavy", "soft" or "rigid" (as UIKit's
 * UIImpactFeedbackGenerator), intensity 0...1 scales its levels (1: the preset as authored).
 * Returns at once; the impact plays on, mixed with anything playing.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (an unknown style, intensity NaN or outside 0...1).
 */
int haptics_impact(haptics_engine *engine, const char *style, double intensity);

/**
 * Fires a notification: type is "success", "warning" or "error" (as UIKit's
 * UINotificationFeedbackGenerator). Returns at once.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (an unknown type).
 */
int haptics_notify(haptics_engine *engine, const char *type);

/** Fires the short tick that marks a change of selection. Returns at once. */
int haptics_selection(haptics_engine *engine);

/**
 * Plays a built-in preset, `repeat` times (1 or more) or HAPTICS_REPEAT_FOREVER. The presets:
 * the impacts "light", "medium", "heavy", "soft", "rigid", the "selection" tick, the
 * notifications "success", "warning", "error", and Android's primitives "click", "tick",
 * "low-tick", "thud", "spin", "quick-rise", "slow-rise", "quick-fall". Returns at once.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (NULL name, repeat 0 or below -1),
 * HAPTICS_ERROR_NOT_FOUND (no preset of that name).
 */
int haptics_play_preset(haptics_engine *engine, const char *name, int repeat);

/**
 * Plays a pattern file, `repeat` times or HAPTICS_REPEAT_FOREVER: Core Haptics AHAP (.ahap)
 * or a Lofelt / Meta Haptics Studio clip (.haptic); another extension is told from the
 * content. The file is read and rendered before this returns; then it plays on.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT, HAPTICS_ERROR_NOT_FOUND (no file at the path),
 * HAPTICS_ERROR_FORMAT (the message names the file, the JSON path and what was expected).
 */
int haptics_play_file(haptics_engine *engine, const char *path, int repeat);

/**
 * Plays an AHAP pattern given as JSON text (`{"Version": 1.0, "Pattern": [...]}`), `repeat`
 * times or HAPTICS_REPEAT_FOREVER.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT, HAPTICS_ERROR_FORMAT.
 */
int haptics_play_ahap_json(haptics_engine *engine, const char *json, int repeat);

/**
 * Plays a composition of Android's primitives, `repeat` times or HAPTICS_REPEAT_FOREVER, as
 * VibrationEffect.Composition's addPrimitive(id, scale, delay) calls written one after another:
 * "PRIMITIVE[:SCALE][+DELAYms][,PRIMITIVE...]", e.g. "click,tick:0.5+40ms". The primitives:
 * "click", "tick", "low-tick", "thud", "spin", "quick-rise", "slow-rise", "quick-fall"; SCALE
 * 0...1 (1 when absent) multiplies the primitive's intensity; DELAY is the pause after the
 * previous primitive ends (0 when absent). Returns at once.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (NULL composition, repeat 0 or below -1, an unknown
 * primitive, a scale outside 0...1 or a negative delay: the message names the primitive's position).
 */
int haptics_play_composition(haptics_engine *engine, const char *composition, int repeat);

/** The initial sharpness or frequency of an envelope that starts at its first control point's. */
#define HAPTICS_ENVELOPE_FIRST_POINT (-1.0)

/** One control point of a basic envelope (Android's BasicEnvelopeBuilder.addControlPoint). */
typedef struct haptics_basic_point {
    /** The intensity reached, 0...1. */
    double intensity;
    /** The sharpness reached, 0...1. */
    double sharpness;
    /** Seconds to reach them from the previous point (or the start), above 0. */
    double duration;
} haptics_basic_point;

/** One control point of a waveform envelope (Android's WaveformEnvelopeBuilder.addControlPoint). */
typedef struct haptics_waveform_point {
    /** The amplitude reached, 0...1. */
    double amplitude;
    /** The frequency reached, in Hz, above 0. */
    double frequency_hz;
    /** Seconds to reach them from the previous point (or the start), above 0. */
    double duration;
} haptics_waveform_point;

/**
 * Plays an effect drawn by its envelope, as Android's VibrationEffect.BasicEnvelopeBuilder:
 * `count` control points of intensity and sharpness, each reached over its duration from the
 * previous one, starting at intensity 0 and `initial_sharpness` (0...1, or
 * HAPTICS_ENVELOPE_FIRST_POINT: the first point's sharpness), linear between them; the last
 * point must be at intensity 0. It plays as one continuous event, `repeat` times or
 * HAPTICS_REPEAT_FOREVER, the same on every pad. Returns at once.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (points NULL with a count above 0, no point, an
 * intensity or sharpness NaN or outside 0...1, a duration that is not a number of seconds above
 * 0, a last point above intensity 0, repeat 0 or below -1: the message names the control point,
 * counted from 1: points[0] is control point 1).
 */
int haptics_play_basic_envelope(haptics_engine *engine, double initial_sharpness, const haptics_basic_point *points, size_t count,
                                int repeat);

/**
 * Plays an effect drawn by its envelope in the pad's own units, as Android's
 * VibrationEffect.WaveformEnvelopeBuilder: `count` control points of amplitude and frequency in
 * Hz, each reached over its duration from the previous one, starting at amplitude 0 and
 * `initial_frequency_hz` (above 0, or HAPTICS_ENVELOPE_FIRST_POINT: the first point's),
 * `repeat` times or HAPTICS_REPEAT_FOREVER. Returns at once.
 *
 * The frequencies are checked against the band of the actuators at the engine's locality (where
 * the path lets a pattern choose the frequency: HD Rumble, a DualSense's triggers, its voice
 * coils; `haptics devices --json` lists each one's "frequency_hz"). out_of_band says what a
 * frequency outside it does: "refuse" (an error naming the point and the band) or "nearest"
 * (it plays at the nearest frequency of the band).
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (points NULL with a count above 0, no point, an
 * amplitude NaN or outside 0...1, a frequency or duration that is not a number above 0, an
 * out_of_band other than "refuse" and "nearest", repeat 0 or below -1, and with "refuse" a
 * frequency outside the band: the message names the control point, counted from 1, and the
 * band), HAPTICS_ERROR_UNSUPPORTED (an engine whose actuators at its locality set no
 * frequency: the terminal, a recording, evdev rumble, a DualSense's handles through rumble).
 */
int haptics_play_waveform_envelope(haptics_engine *engine, double initial_frequency_hz, const haptics_waveform_point *points,
                                   size_t count, const char *out_of_band, int repeat);

/** Stops every playback at once and turns the motors and the trigger effects off. */
int haptics_stop(haptics_engine *engine);

/**
 * Sets the effect of an adaptive trigger (a DualSense's), as GCDualSenseAdaptiveTrigger does and
 * `haptics trigger` takes it: on "left", "right" or "both" triggers of every pad with adaptive
 * triggers the engine reaches. The effect holds, beside what the engine plays (a frame at a
 * trigger locality vibrates the trigger, then it returns to the effect), until another effect,
 * haptics_stop or haptics_engine_close; a process that dies without closing leaves the trigger
 * off too (the hidraw guardian resets it). Returns once the pads have been written.
 *
 * mode and its values, in this order, each 0...1 (a position 0 is the trigger at rest, 1 fully
 * pulled; a frequency 0 the slowest the trigger plays, 1 the fastest):
 *   "off"                   none: the trigger moves freely.
 *   "feedback"              start, strength: resistance from start to the end of the travel.
 *   "weapon"                start, end, strength: resistance from start that gives way at end.
 *   "vibration"             start, amplitude, frequency: vibration from start to the end.
 *   "slope"                 start, end, strength, end strength: resistance rising or falling
 *                           linearly from strength at start to end strength at end, held after.
 *   "positional-feedback"   10 strengths, one for each zone along the travel from rest (0) to
 *                           fully pulled (9); a zone of strength 0 moves freely.
 *   "positional-vibration"  10 amplitudes, one a zone as above, then the frequency.
 * values points to count doubles (NULL with count 0 for "off").
 *
 * Only a pad driven through its hidraw node has its triggers reached: an engine opened with
 * "hidraw", or "auto" on a DualSense where the locality holds the triggers ("all",
 * "triggers"...).
 *
 * An Xbox pad over Bluetooth has a rumble motor in each trigger: "vibration" and
 * "positional-vibration" play on it at the amplitude the trigger's position gives (read from the
 * pad's input on a thread of the engine's while the effect holds), the frequency not played;
 * the resistance modes are HAPTICS_ERROR_UNSUPPORTED, the message naming what the pad plays.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (an unknown side or mode, values NULL with a count
 * above 0, a count that is not the mode's, a value NaN or outside 0...1: the message names its
 * index and what it is), HAPTICS_ERROR_UNSUPPORTED (an engine that reaches no adaptive trigger:
 * "stdout", "record", "evdev", "audio", or pads without them: the message names what the pad
 * has), HAPTICS_ERROR_DEVICE (a pad that cannot be written: unplugged, say). The arguments are
 * checked first: bad ones change nothing on any pad.
 */
int haptics_set_trigger_effect(haptics_engine *engine, const char *side, const char *mode, const double *values, size_t count);

/** One adaptive trigger's status, as GCDualSenseAdaptiveTrigger reports it (haptics_trigger_status). */
typedef struct haptics_trigger_reading {
    /** What the effect is doing, Apple's status as `haptics trigger --status` prints it:
        "feedback-no-load", "feedback-load-applied", "weapon-ready", "weapon-firing",
        "weapon-fired", "vibration-not-vibrating", "vibration-is-vibrating",
        "slope-feedback-ready", "slope-feedback-applying-load", "slope-feedback-finished" or
        "unknown" (no effect, or one the pad reports no status for). The pad reports a slope as
        feedback. A string the library owns, valid as long as it is loaded. */
    const char *status;
    /** Where the trigger's stepped mechanical arm stands, 0...1 (Apple's armPosition: the
        motor's, not the finger's). */
    double arm_position;
    /** How far the finger pulls the trigger, 0 (rest) ... 1 (its analog value). */
    double position;
    /** The kind of effect the pad runs: "off", "feedback", "weapon" or "vibration" (slope and
        positional modes run as the kind they are sent as); NULL for one the library does not
        know. Owned by the library, as status. */
    const char *effect;
} haptics_trigger_reading;

/**
 * Stores in *out the status of the "left" or "right" adaptive trigger of the first pad with
 * adaptive triggers the engine reaches (as haptics_set_trigger_effect reaches them), as the
 * pad's last input report holds it. The first call starts reading the pad's input reports
 * (they arrive hundreds of times a second) and waits up to timeout_ms for the first one; later
 * calls return at once with the latest. Reading stops when the engine closes.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (an unknown side, a timeout NaN or below 0, out NULL),
 * HAPTICS_ERROR_UNSUPPORTED (an engine that reaches no adaptive trigger, as for
 * haptics_set_trigger_effect), HAPTICS_ERROR_DEVICE (the pad's node cannot be opened, or no
 * report came within timeout_ms).
 */
int haptics_trigger_status(haptics_engine *engine, const char *side, double timeout_ms, haptics_trigger_reading *out);

/**
 * Sets the master gain, 0...1, applied to everything played (1 when opened); what is playing
 * follows at once.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (gain NaN or outside 0...1).
 */
int haptics_set_gain(haptics_engine *engine, double gain);

/** Stores the master gain in *gain. */
int haptics_get_gain(haptics_engine *engine, double *gain);

/**
 * Waits until everything started on the engine so far has ended (played to its end, or
 * stopped by haptics_stop from another thread). On a "record" engine it waits for nothing:
 * virtual time runs through every playback to its end at once, and the frames are recorded.
 *
 * Errors: HAPTICS_ERROR_UNSUPPORTED (a "record" engine with a playback that repeats forever:
 * it would never end; stop it first), HAPTICS_ERROR_DEVICE (a playback failed: the device was
 * unplugged, say).
 */
int haptics_wait(haptics_engine *engine);

/**
 * Reads the frames a "record" engine has recorded so far, in order (of a playback started
 * since the last haptics_wait, only its first frame, until haptics_wait runs it). Stores the
 * number of frames recorded in *count and copies the first min(*count, capacity) of them into
 * out; so a call with out NULL and capacity 0 asks for the count alone, and *count > capacity
 * means out was too small.
 *
 * Errors: HAPTICS_ERROR_INVALID_ARGUMENT (count NULL, out NULL with a capacity above 0),
 * HAPTICS_ERROR_UNSUPPORTED (an engine whose driver is not "record").
 */
int haptics_recorded_frames(haptics_engine *engine, haptics_frame *out, size_t capacity, size_t *count);

/**
 * The message of the last call that failed on this thread (each thread has its own), in
 * English, on one line; "" when none has failed. Never NULL. Valid until the next failing call
 * on this thread.
 */
const char *haptics_last_error(void);

/** The library's version, e.g. "0.1.0". Never NULL; never freed. */
const char *haptics_version(void);

#ifdef __cplusplus
}
#endif

#endif
