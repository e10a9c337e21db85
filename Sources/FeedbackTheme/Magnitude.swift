/// A motor strength as feedbackd themes write it, in one of its two forms, and the level
/// (0...1 of the kernel's full scale) feedbackd plays for it.
///
/// - feedbackd 0.0.3 (Debian 12) reads `VibraPeriodic`'s `magnitude` and `fade-in-level` as
///   integers handed to the kernel's periodic effect, whose full scale is 0x7FFF (Debian's
///   theme writes `32767`: full strength). `fbd_dev_vibra_periodic` in src/fbd-dev-vibra.c
///   turns a magnitude of 0 into 0x7FFF and a fade-in level of 0 into the magnitude.
/// - feedbackd 0.8 reads them as 0...1 and hands the kernel `0x7FFF × value`. (0.8 reads an
///   integer above 1 as a fraction of 0xFFFF, playing Debian 12's `32767` at half strength;
///   a theme written with integers is a 0.0.3 theme, and plays here as 0.0.3 plays it.)
///
/// A theme is in the integer form when any `VibraPeriodic` magnitude or fade-in level in it
/// is above 1; otherwise in the 0...1 form.
enum Magnitude {
    /// The kernel's full periodic magnitude, 0x7FFF: feedbackd 0.0.3's scale.
    static let periodicFull = 32767.0
    /// The largest integer a 0.0.3 theme may give (`g_param_spec_uint (..., 0, 0xFFFF, ...)`).
    static let integerMaximum = 65535.0

    /// The level of a 0.0.3 integer: on the 0x7FFF scale, above it full. (The kernel would
    /// read 0x8000...0xFFFF as negative 16-bit values, nearly silent; this clamps instead.)
    static func integerLevel(_ value: Double) -> Double {
        min(value, periodicFull) / periodicFull
    }

    /// What the integer form accepts, for error messages.
    static let expectedInteger = "a magnitude: an integer from 0 to 65535 (this theme writes feedbackd 0.0.3's integers)"
}
