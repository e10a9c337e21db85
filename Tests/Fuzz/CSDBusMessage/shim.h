#ifndef HAPTICS_CSDBUSMESSAGE_SHIM_H
#define HAPTICS_CSDBUSMESSAGE_SHIM_H

// sd-bus (libsystemd), for a fuzzer that builds method calls in memory. sd-bus makes a
// message only on a bus that has started: the bus here runs over one end of a socket pair
// that nothing answers, and is never used to send.
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <systemd/sd-bus.h>

/// A new, empty call of `org.sigxcpu.Feedback.Call` in `*call`, on a bus made at the first
/// call and kept to the end of the process. Returns 0 or a negative errno.
static inline int csdbusmessage_new_call(sd_bus_message **call) {
    static sd_bus *bus = NULL;
    if (bus == NULL) {
        int sockets[2];
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) < 0) return -1;
        sd_bus *made = NULL;
        int r = sd_bus_new(&made);
        if (r >= 0) r = sd_bus_set_fd(made, sockets[0], sockets[0]);
        if (r >= 0) r = sd_bus_start(made);
        if (r < 0) {
            sd_bus_unref(made);
            return r;
        }
        bus = made;
    }
    return sd_bus_message_new_method_call(bus, call, "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", "org.sigxcpu.Feedback",
                                          "Call");
}

#endif
