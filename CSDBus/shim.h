#ifndef HAPTICS_CSDBUS_SHIM_H
#define HAPTICS_CSDBUS_SHIM_H

// sd-bus (libsystemd) for hapticsd. Its vtable macros are C initialisers and several of its
// calls are variadic, neither of which imports into Swift: the vtables are built here, and
// each entry calls back into Swift through one table of function pointers, the member named
// by a number.
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <systemd/sd-bus.h>

/// The members the vtables below route to Swift.
enum hapticsd_member {
    HAPTICSD_TRIGGER_FEEDBACK,
    HAPTICSD_END_FEEDBACK,
    HAPTICSD_PROFILE,
    HAPTICSD_VIBRATE,
    HAPTICSD_PLAY_AHAP,
    HAPTICSD_IMPACT,
    HAPTICSD_NOTIFY,
    HAPTICSD_SELECTION,
    HAPTICSD_PLAY_AHAP_AT,
    HAPTICSD_IMPACT_AT,
    HAPTICSD_NOTIFY_AT,
    HAPTICSD_SELECTION_AT,
    HAPTICSD_STOP,
    HAPTICSD_STOP_ALL,
    HAPTICSD_GAIN,
    HAPTICSD_DEVICES,
    HAPTICSD_VERSION,
};

/// A method call (`value` NULL, `reply` NULL), a property read (`reply` to append to) or a
/// property write (`value` to read from). Returns 0 or more on success, a negative errno or
/// the result of `sd_bus_error_set` on failure, as sd-bus handlers do.
typedef int (*hapticsd_callback)(void *context, int member, sd_bus_message *message, sd_bus_message *reply, sd_bus_error *error);

/// What a vtable's userdata points at: the Swift callback and its context.
struct hapticsd_target {
    hapticsd_callback callback;
    void *context;
};

#define HAPTICSD_METHOD_TRAMPOLINE(name, member)                                                       \
    static int name(sd_bus_message *message, void *userdata, sd_bus_error *error) {                  \
        struct hapticsd_target *target = userdata;                                                   \
        return target->callback(target->context, member, message, NULL, error);                     \
    }
#define HAPTICSD_GETTER_TRAMPOLINE(name, member)                                                       \
    static int name(sd_bus *bus, const char *path, const char *interface, const char *property,       \
                    sd_bus_message *reply, void *userdata, sd_bus_error *error) {                     \
        struct hapticsd_target *target = userdata;                                                   \
        return target->callback(target->context, member, NULL, reply, error);                       \
    }
#define HAPTICSD_SETTER_TRAMPOLINE(name, member)                                                       \
    static int name(sd_bus *bus, const char *path, const char *interface, const char *property,       \
                    sd_bus_message *value, void *userdata, sd_bus_error *error) {                     \
        struct hapticsd_target *target = userdata;                                                   \
        return target->callback(target->context, member, value, NULL, error);                       \
    }

HAPTICSD_METHOD_TRAMPOLINE(hapticsd_trigger_feedback, HAPTICSD_TRIGGER_FEEDBACK)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_end_feedback, HAPTICSD_END_FEEDBACK)
HAPTICSD_GETTER_TRAMPOLINE(hapticsd_get_profile, HAPTICSD_PROFILE)
HAPTICSD_SETTER_TRAMPOLINE(hapticsd_set_profile, HAPTICSD_PROFILE)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_vibrate, HAPTICSD_VIBRATE)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_play_ahap, HAPTICSD_PLAY_AHAP)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_impact, HAPTICSD_IMPACT)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_notify, HAPTICSD_NOTIFY)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_selection, HAPTICSD_SELECTION)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_play_ahap_at, HAPTICSD_PLAY_AHAP_AT)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_impact_at, HAPTICSD_IMPACT_AT)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_notify_at, HAPTICSD_NOTIFY_AT)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_selection_at, HAPTICSD_SELECTION_AT)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_stop, HAPTICSD_STOP)
HAPTICSD_METHOD_TRAMPOLINE(hapticsd_stop_all, HAPTICSD_STOP_ALL)
HAPTICSD_GETTER_TRAMPOLINE(hapticsd_get_gain, HAPTICSD_GAIN)
HAPTICSD_SETTER_TRAMPOLINE(hapticsd_set_gain, HAPTICSD_GAIN)
HAPTICSD_GETTER_TRAMPOLINE(hapticsd_get_devices, HAPTICSD_DEVICES)
HAPTICSD_GETTER_TRAMPOLINE(hapticsd_get_version, HAPTICSD_VERSION)

/// `org.sigxcpu.Feedback`, as feedbackd 0.0.3 defines it.
static inline const sd_bus_vtable *hapticsd_feedback_vtable(void) {
    static const sd_bus_vtable vtable[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_WRITABLE_PROPERTY("Profile", "s", hapticsd_get_profile, hapticsd_set_profile, 0,
                                 SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("TriggerFeedback", "ssa{sv}i",
                                 SD_BUS_PARAM(app_id) SD_BUS_PARAM(event) SD_BUS_PARAM(hints) SD_BUS_PARAM(timeout),
                                 "u", SD_BUS_PARAM(id), hapticsd_trigger_feedback, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("EndFeedback", "u", SD_BUS_PARAM(id), "", "", hapticsd_end_feedback,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_SIGNAL_WITH_NAMES("FeedbackEnded", "uu", SD_BUS_PARAM(id) SD_BUS_PARAM(reason), 0),
        SD_BUS_VTABLE_END,
    };
    return vtable;
}

/// `org.sigxcpu.Feedback.Haptic`, as feedbackd 0.6 and later define it.
static inline const sd_bus_vtable *hapticsd_haptic_vtable(void) {
    static const sd_bus_vtable vtable[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD_WITH_NAMES("Vibrate", "sa(du)", SD_BUS_PARAM(app_id) SD_BUS_PARAM(pattern),
                                 "b", SD_BUS_PARAM(success), hapticsd_vibrate, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_VTABLE_END,
    };
    return vtable;
}

/// The project's own interface (see the README's § Feedback for every app). D-Bus has no
/// optional arguments (sd-bus refuses a call whose signature is not the vtable's), so the
/// methods that play at a locality are methods of their own, each the method of the same name
/// with the locality as a last argument.
static inline const sd_bus_vtable *hapticsd_haptics_vtable(void) {
    static const sd_bus_vtable vtable[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_PROPERTY("Version", "u", hapticsd_get_version, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_WRITABLE_PROPERTY("Gain", "d", hapticsd_get_gain, hapticsd_set_gain, 0,
                                 SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_PROPERTY("Devices", "a(sss)", hapticsd_get_devices, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_METHOD_WITH_NAMES("PlayAHAP", "ssi", SD_BUS_PARAM(app_id) SD_BUS_PARAM(ahap) SD_BUS_PARAM(timeout),
                                 "u", SD_BUS_PARAM(id), hapticsd_play_ahap, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("Impact", "ssd", SD_BUS_PARAM(app_id) SD_BUS_PARAM(style) SD_BUS_PARAM(intensity),
                                 "u", SD_BUS_PARAM(id), hapticsd_impact, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("Notify", "ss", SD_BUS_PARAM(app_id) SD_BUS_PARAM(type),
                                 "u", SD_BUS_PARAM(id), hapticsd_notify, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("Selection", "s", SD_BUS_PARAM(app_id),
                                 "u", SD_BUS_PARAM(id), hapticsd_selection, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("PlayAHAPAt", "ssis",
                                 SD_BUS_PARAM(app_id) SD_BUS_PARAM(ahap) SD_BUS_PARAM(timeout) SD_BUS_PARAM(locality),
                                 "u", SD_BUS_PARAM(id), hapticsd_play_ahap_at, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("ImpactAt", "ssds",
                                 SD_BUS_PARAM(app_id) SD_BUS_PARAM(style) SD_BUS_PARAM(intensity) SD_BUS_PARAM(locality),
                                 "u", SD_BUS_PARAM(id), hapticsd_impact_at, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("NotifyAt", "sss", SD_BUS_PARAM(app_id) SD_BUS_PARAM(type) SD_BUS_PARAM(locality),
                                 "u", SD_BUS_PARAM(id), hapticsd_notify_at, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("SelectionAt", "ss", SD_BUS_PARAM(app_id) SD_BUS_PARAM(locality),
                                 "u", SD_BUS_PARAM(id), hapticsd_selection_at, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("Stop", "u", SD_BUS_PARAM(id), "", "", hapticsd_stop, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("StopAll", "", "", hapticsd_stop_all, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_VTABLE_END,
    };
    return vtable;
}

/// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`); wraps `sd_bus_open_user`.
static inline int hapticsd_open_user(sd_bus **bus) {
    return sd_bus_open_user(bus);
}

/// A method reply holding one basic value; wraps `sd_bus_reply_method_return`.
static inline int hapticsd_reply_basic(sd_bus_message *call, char type, const void *value) {
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(call, &reply);
    if (r >= 0 && type != 0) r = sd_bus_message_append_basic(reply, type, value);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

/// `FeedbackEnded(u id, u reason)`; wraps `sd_bus_emit_signal`.
static inline int hapticsd_emit_feedback_ended(sd_bus *bus, uint32_t id, uint32_t reason) {
    return sd_bus_emit_signal(bus, "/org/sigxcpu/Feedback", "org.sigxcpu.Feedback", "FeedbackEnded", "uu", id, reason);
}

/// `PropertiesChanged` for one property; wraps `sd_bus_emit_properties_changed`.
static inline int hapticsd_emit_property_changed(sd_bus *bus, const char *interface, const char *property) {
    return sd_bus_emit_properties_changed(bus, "/org/sigxcpu/Feedback", interface, property, NULL);
}

/// The unique name that owns `name` and its process id, as far as the bus tells
/// (`sd_bus_get_name_creds`). `*pid` is 0 when unknown; the returned name must be freed.
static inline char *hapticsd_name_owner(sd_bus *bus, const char *name, int *pid) {
    sd_bus_creds *creds = NULL;
    *pid = 0;
    if (sd_bus_get_name_creds(bus, name, SD_BUS_CREDS_UNIQUE_NAME | SD_BUS_CREDS_PID | SD_BUS_CREDS_AUGMENT, &creds) < 0) return NULL;
    const char *unique = NULL;
    pid_t owner = 0;
    sd_bus_creds_get_unique_name(creds, &unique);
    if (sd_bus_creds_get_pid(creds, &owner) >= 0) *pid = (int)owner;
    char *copy = unique ? strdup(unique) : NULL;
    sd_bus_creds_unref(creds);
    return copy;
}

#endif
