import Glibc

/// The sine of `radians`: the C library's `sin`, for the model's waveform synthesizer, which
/// otherwise imports nothing of the platform. Wraps `sin`.
package func sine(_ radians: Double) -> Double {
    sin(radians)
}
