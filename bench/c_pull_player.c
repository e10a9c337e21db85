// The baseline of the pull latency benchmark (scripts/bench-latency-vm.sh): a plain C program
// doing what `haptics demo --input PAD --driver evdev --device PAD` does between a trigger's
// move and the pad's impact, and nothing else. It reads the pad's right trigger (ABS_RZ) from
// its event node, turns each position into the demo's pull (the fraction of the axis's range
// times 90 points; below 3 % the trigger is at rest), and when the pull crosses the 54 point
// threshold from below it updates its one effect in place to the first upload of the light
// impact Haptics makes (FF_RUMBLE with the given magnitudes and replay length, which the
// benchmark takes from Haptics' rendering) and writes the play event. Going back to the
// threshold or below re-arms it, as the demo's state machine does without hysteresis.
// Usage: c_pull_player /dev/input/eventN STRONG WEAK LENGTH_MS. Prints "ready" once its
// effect is uploaded; runs until SIGTERM or SIGINT, then erases it.
#include <fcntl.h>
#include <linux/input.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static volatile sig_atomic_t stopping = 0;

static void stop(int signal) {
    (void)signal;
    stopping = 1;
}

static void write_event(int fd, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = EV_FF;
    event.code = (unsigned short)code;
    event.value = value;
    if (write(fd, &event, sizeof event) != sizeof event) perror("write");
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s /dev/input/eventN STRONG WEAK LENGTH_MS\n", argv[0]);
        return 2;
    }
    unsigned short strong = (unsigned short)strtoul(argv[2], NULL, 10);
    unsigned short weak = (unsigned short)strtoul(argv[3], NULL, 10);
    unsigned short length = (unsigned short)strtoul(argv[4], NULL, 10);
    int fd = open(argv[1], O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        perror(argv[1]);
        return 1;
    }
    struct input_absinfo axis;
    if (ioctl(fd, EVIOCGABS(ABS_RZ), &axis) < 0 || axis.maximum <= axis.minimum) {
        fprintf(stderr, "%s has no right trigger (ABS_RZ)\n", argv[1]);
        return 1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = stop;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);

    // A silent effect first, as the driver prepares one: each impact is an update in place.
    struct ff_effect effect;
    memset(&effect, 0, sizeof effect);
    effect.type = FF_RUMBLE;
    effect.id = -1;
    effect.replay.length = 50;
    if (ioctl(fd, EVIOCSFF, &effect) < 0) {
        perror("EVIOCSFF");
        return 1;
    }
    printf("ready\n");
    fflush(stdout);

    const double full_pull = 90.0, threshold = 54.0, rest_below = 0.03;
    int value = axis.value, pulling = 0;
    struct input_event events[64];
    while (!stopping) {
        ssize_t count = read(fd, events, sizeof events);
        if (count <= 0) continue;
        for (size_t i = 0; i < (size_t)count / sizeof events[0]; i++) {
            if (events[i].type == EV_ABS && events[i].code == ABS_RZ) {
                value = events[i].value;
                continue;
            }
            if (events[i].type != EV_SYN || events[i].code != SYN_REPORT) continue;
            double fraction = (double)(value - axis.minimum) / (double)(axis.maximum - axis.minimum);
            double offset = fraction < rest_below ? 0 : fraction * full_pull;
            if (!pulling && offset > threshold) {
                pulling = 1;
                effect.u.rumble.strong_magnitude = strong;
                effect.u.rumble.weak_magnitude = weak;
                effect.replay.length = length;
                if (ioctl(fd, EVIOCSFF, &effect) < 0) perror("EVIOCSFF");
                write_event(fd, effect.id, 1);
            } else if (pulling && offset <= threshold) {
                pulling = 0;
            }
        }
    }
    ioctl(fd, EVIOCRMFF, effect.id);
    close(fd);
    return 0;
}
