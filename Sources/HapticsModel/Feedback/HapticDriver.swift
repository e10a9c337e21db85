/// An output that turns frames into vibration (or text, or a record): a gamepad, a terminal,
/// a test's recorder.
///
/// A driver is told what to play and never times anything: the player calls `apply` at each
/// frame's deadline. Calls come from one player at a time, in order, but possibly from
/// different threads, so a driver is `Sendable` and guards its own state.
public protocol HapticDriver: Sendable {
    /// Gets the output ready so the next `apply` costs as little as possible (open the
    /// device, upload effects). Called before playback and again whenever feedback is likely;
    /// it must be cheap when the driver is already prepared.
    func prepare() throws
    /// Holds both motors at the frame's levels for its duration, replacing what was playing.
    /// A silent frame turns the motors off. The driver prepares itself if it has not been.
    func apply(_ frame: RumbleFrame) throws
    /// Turns the motors off now.
    func stop() throws
    /// Turns the motors off and releases the output (erasing uploaded effects). A later
    /// `prepare` or `apply` may open it again.
    func close()
}
