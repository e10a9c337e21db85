#ifndef HAPTICS_CSOUNDPCM_SHIM_H
#define HAPTICS_CSOUNDPCM_SHIM_H

// The kernel's ALSA PCM interface (the uapi <sound/asound.h>), driven with ioctls on
// /dev/snd/pcmC<card>D<device>p as tinyalsa does: `haptics` is one static executable and
// Debian ships no static alsa-lib. Swift cannot call the variadic ioctl(2), nor build the
// hw_params masks and intervals easily: each helper is one call and returns 0 or the errno.
#include <errno.h>
#include <limits.h>
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

/// Sets the software parameters: start once `start` frames are queued, wake at `period`
/// frames free, never stop on an underrun (stop threshold at the boundary) and fill what was
/// played with silence (silence size at the boundary, threshold 0), so stale samples never
/// play again. Returns 0 or the errno.
static inline int csoundpcm_sw_params(int fd, unsigned long period, unsigned long buffer, unsigned long start) {
    struct snd_pcm_sw_params params;
    memset(&params, 0, sizeof params);
    unsigned long boundary = csoundpcm_boundary(buffer);
    params.tstamp_mode = SNDRV_PCM_TSTAMP_NONE;
    params.period_step = 1;
    params.avail_min = period;
    params.start_threshold = start;
    params.stop_threshold = boundary;
    params.silence_threshold = 0;
    params.silence_size = boundary;
    params.boundary = boundary;
    return ioctl(fd, SNDRV_PCM_IOCTL_SW_PARAMS, &params) == 0 ? 0 : errno;
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

/// SNDRV_PCM_IOCTL_DELAY: the frames queued ahead of the hardware. Returns 0 or the errno.
static inline int csoundpcm_delay(int fd, long *delay) {
    snd_pcm_sframes_t frames = 0;
    if (ioctl(fd, SNDRV_PCM_IOCTL_DELAY, &frames) != 0) return errno;
    *delay = frames;
    return 0;
}

/// SNDRV_PCM_IOCTL_FORWARD: moves the application pointer `frames` ahead (over silence);
/// `moved` gets how far it moved. Returns 0 or the errno.
static inline int csoundpcm_forward(int fd, unsigned long frames, unsigned long *moved) {
    snd_pcm_uframes_t count = frames;
    if (ioctl(fd, SNDRV_PCM_IOCTL_FORWARD, &count) != 0) return errno;
    *moved = count;
    return 0;
}

#endif
