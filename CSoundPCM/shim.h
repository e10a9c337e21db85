#ifndef HAPTICS_CSOUNDPCM_SHIM_H
#define HAPTICS_CSOUNDPCM_SHIM_H

// The kernel's ALSA PCM interface (the uapi <sound/asound.h>), driven with ioctls on
// /dev/snd/pcmC<card>D<device>p as tinyalsa does: `haptics` is one static executable and
// Debian ships no static alsa-lib. Swift cannot call the variadic ioctl(2), nor build the
// hw_params masks and intervals easily: each helper is one call and returns 0 or the errno.
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sound/asound.h>

/// Restricts a mask parameter to one value.
static inline void csoundpcm_mask_set(struct snd_pcm_hw_params *params, int parameter, unsigned int value) {
    struct snd_mask *mask = &params->masks[parameter - SNDRV_PCM_HW_PARAM_FIRST_MASK];
    memset(mask->bits, 0, sizeof mask->bits);
    mask->bits[value >> 5] |= 1u << (value & 31);
}

/// Restricts an interval parameter to one integer value.
static inline void csoundpcm_interval_set(struct snd_pcm_hw_params *params, int parameter, unsigned int value) {
    struct snd_interval *interval = &params->intervals[parameter - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL];
    interval->min = value;
    interval->max = value;
    interval->integer = 1;
    interval->openmin = 0;
    interval->openmax = 0;
    interval->empty = 0;
}

/// Sets the hardware parameters: interleaved S16_LE, `channels`, `rate` Hz, `period` frames
/// per period and `periods` periods. Returns 0 or the errno.
static inline int csoundpcm_hw_params(int fd, unsigned int channels, unsigned int rate, unsigned int period,
                                      unsigned int periods) {
    struct snd_pcm_hw_params params;
    memset(&params, 0, sizeof params);
    for (int n = SNDRV_PCM_HW_PARAM_FIRST_MASK; n <= SNDRV_PCM_HW_PARAM_LAST_MASK; n++)
        memset(params.masks[n - SNDRV_PCM_HW_PARAM_FIRST_MASK].bits, 0xff,
               sizeof params.masks[n - SNDRV_PCM_HW_PARAM_FIRST_MASK].bits);
    for (int n = SNDRV_PCM_HW_PARAM_FIRST_INTERVAL; n <= SNDRV_PCM_HW_PARAM_LAST_INTERVAL; n++) {
        params.intervals[n - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL].min = 0;
        params.intervals[n - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL].max = UINT_MAX;
    }
    params.rmask = ~0u;
    params.info = ~0u;
    csoundpcm_mask_set(&params, SNDRV_PCM_HW_PARAM_ACCESS, SNDRV_PCM_ACCESS_RW_INTERLEAVED);
    csoundpcm_mask_set(&params, SNDRV_PCM_HW_PARAM_FORMAT, SNDRV_PCM_FORMAT_S16_LE);
    csoundpcm_mask_set(&params, SNDRV_PCM_HW_PARAM_SUBFORMAT, SNDRV_PCM_SUBFORMAT_STD);
    csoundpcm_interval_set(&params, SNDRV_PCM_HW_PARAM_CHANNELS, channels);
    csoundpcm_interval_set(&params, SNDRV_PCM_HW_PARAM_RATE, rate);
    csoundpcm_interval_set(&params, SNDRV_PCM_HW_PARAM_PERIOD_SIZE, period);
    csoundpcm_interval_set(&params, SNDRV_PCM_HW_PARAM_PERIODS, periods);
    return ioctl(fd, SNDRV_PCM_IOCTL_HW_PARAMS, &params) == 0 ? 0 : errno;
}

/// The boundary the kernel computes for a buffer of `buffer` frames: the buffer size doubled
/// while it stays below LONG_MAX less one buffer.
static inline unsigned long csoundpcm_boundary(unsigned long buffer) {
    unsigned long boundary = buffer;
    while (boundary * 2 <= LONG_MAX - buffer) boundary *= 2;
    return boundary;
}

/// Sets the software parameters: no start on writing (the writer starts the PCM itself once
/// it has queued an effect's samples), wake a poller at `avail_min` frames free, stop when the
/// queue runs dry (an underrun: the stream stops, silent, rather than go round the buffer
/// replaying what it holds), no silence filling. Returns 0 or the errno.
static inline int csoundpcm_sw_params(int fd, unsigned long avail_min, unsigned long buffer) {
    struct snd_pcm_sw_params params;
    memset(&params, 0, sizeof params);
    unsigned long boundary = csoundpcm_boundary(buffer);
    params.tstamp_mode = SNDRV_PCM_TSTAMP_NONE;
    params.period_step = 1;
    params.avail_min = avail_min;
    params.start_threshold = boundary;
    params.stop_threshold = buffer;
    params.silence_threshold = 0;
    params.silence_size = 0;
    params.boundary = boundary;
    return ioctl(fd, SNDRV_PCM_IOCTL_SW_PARAMS, &params) == 0 ? 0 : errno;
}

/// SNDRV_PCM_IOCTL_START. Returns 0 or the errno.
static inline int csoundpcm_start(int fd) {
    return ioctl(fd, SNDRV_PCM_IOCTL_START) == 0 ? 0 : errno;
}

/// SNDRV_PCM_IOCTL_PREPARE. Returns 0 or the errno.
static inline int csoundpcm_prepare(int fd) {
    return ioctl(fd, SNDRV_PCM_IOCTL_PREPARE) == 0 ? 0 : errno;
}

/// SNDRV_PCM_IOCTL_DROP: stops at once, discarding what is queued. Returns 0 or the errno.
static inline int csoundpcm_drop(int fd) {
    return ioctl(fd, SNDRV_PCM_IOCTL_DROP) == 0 ? 0 : errno;
}

/// SNDRV_PCM_IOCTL_WRITEI_FRAMES of `frames` interleaved frames; `written` gets the frames
/// taken. Returns 0 or the errno.
static inline int csoundpcm_writei(int fd, const void *samples, unsigned long frames, long *written) {
    struct snd_xferi transfer;
    memset(&transfer, 0, sizeof transfer);
    transfer.buf = (void *)samples;
    transfer.frames = frames;
    if (ioctl(fd, SNDRV_PCM_IOCTL_WRITEI_FRAMES, &transfer) != 0) return errno;
    *written = transfer.result;
    return 0;
}

/// SNDRV_PCM_IOCTL_DELAY: the frames written that have yet to be heard (in the buffer and
/// beyond it, in the USB transfers). Returns 0 or the errno.
static inline int csoundpcm_delay(int fd, long *delay) {
    snd_pcm_sframes_t frames = 0;
    if (ioctl(fd, SNDRV_PCM_IOCTL_DELAY, &frames) != 0) return errno;
    *delay = frames;
    return 0;
}

/// SNDRV_PCM_IOCTL_STATUS: the frames free for writing and whether the PCM stopped on an
/// underrun (SNDRV_PCM_STATE_XRUN). Returns 0 or the errno.
static inline int csoundpcm_status(int fd, unsigned long *avail, int *underrun) {
    struct snd_pcm_status status;
    memset(&status, 0, sizeof status);
    if (ioctl(fd, SNDRV_PCM_IOCTL_STATUS, &status) != 0) return errno;
    *avail = status.avail;
    *underrun = status.state == SNDRV_PCM_STATE_XRUN;
    return 0;
}

/// Waits until the PCM has `avail_min` frames free or `timeout` milliseconds pass: the
/// period interrupts wake it, not a timer. Returns 0 or the errno.
static inline int csoundpcm_wait(int fd, int timeout) {
    struct pollfd entry = {.fd = fd, .events = POLLOUT};
    return poll(&entry, 1, timeout) >= 0 ? 0 : errno;
}

#endif
