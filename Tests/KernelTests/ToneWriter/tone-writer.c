/* A plain alsa-lib player: a sine tone into channels 3 and 4 (the DualSense's voice coils)
 * of a 4-channel S16_LE 48 kHz PCM, channels 1 and 2 silent, until killed or for a given
 * time. The kernel tests use it to check the USB DualSense emulator's audio path apart
 * from the haptics code.
 * Usage: tone-writer PCM FREQUENCY_HZ MILLISECONDS PERIOD_FRAMES */
#include <alsa/asoundlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: tone-writer PCM FREQUENCY_HZ MILLISECONDS PERIOD_FRAMES\n");
        return 2;
    }
    const unsigned rate = 48000, channels = 4;
    double frequency = atof(argv[2]);
    long frames_left = atol(argv[3]) * (long)rate / 1000;
    snd_pcm_uframes_t period = (snd_pcm_uframes_t)atol(argv[4]);
    snd_pcm_t *pcm;
    int error = snd_pcm_open(&pcm, argv[1], SND_PCM_STREAM_PLAYBACK, 0);
    if (error < 0) {
        fprintf(stderr, "cannot open %s: %s\n", argv[1], snd_strerror(error));
        return 1;
    }
    snd_pcm_hw_params_t *hw;
    snd_pcm_hw_params_alloca(&hw);
    snd_pcm_hw_params_any(pcm, hw);
    snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED);
    snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE);
    snd_pcm_hw_params_set_channels(pcm, hw, channels);
    snd_pcm_hw_params_set_rate(pcm, hw, rate, 0);
    snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, 0);
    snd_pcm_uframes_t buffer = period * 2;
    snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer);
    if ((error = snd_pcm_hw_params(pcm, hw)) < 0) {
        fprintf(stderr, "cannot set 4 x S16_LE at 48 kHz on %s: %s\n", argv[1], snd_strerror(error));
        return 1;
    }
    short *samples = calloc(period * channels, sizeof(short));
    long frame = 0;
    while (frames_left > 0) {
        for (snd_pcm_uframes_t i = 0; i < period; i++, frame++) {
            short value = (short)(16000 * sin(2 * M_PI * frequency * (double)frame / rate));
            samples[i * channels + 2] = value;
            samples[i * channels + 3] = value;
        }
        snd_pcm_sframes_t written = snd_pcm_writei(pcm, samples, period);
        if (written < 0 && snd_pcm_recover(pcm, (int)written, 1) < 0) {
            fprintf(stderr, "write failed: %s\n", snd_strerror((int)written));
            return 1;
        }
        frames_left -= (long)period;
    }
    snd_pcm_drain(pcm);
    snd_pcm_close(pcm);
    return 0;
}
