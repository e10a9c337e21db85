import HapticsCommandLine

/// How `haptics render` prints a track (`--format`).
enum RenderFormat: String, Sendable, CaseIterable {
    /// One human line per frame, with bars.
    case text
    /// A JSON array of `{"t_ms", "duration_ms", "strong", "weak"}` objects.
    case json
    /// An SVG drawing of both motor lanes over time.
    case svg
    /// A RIFF WAVE file, 48,000 Hz, signed 16-bit, two channels: the left and right voice
    /// coils' waveform (`WaveformSynthesizer`), as the audio driver plays it.
    case wav
}
