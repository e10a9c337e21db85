import HapticsCommandLine
import HapticsEvdev

/// The gamepad axis the demo reads as a pull, and how its raw values map to 0...1.
struct PullAxis: Sendable, Hashable {
    /// The `ABS_*` code.
    let code: UInt16
    /// The axis's smallest raw value.
    let minimum: Int32
    /// The axis's largest raw value.
    let maximum: Int32
    /// Whether the axis rests in the middle (a stick, pulled down) rather than at its minimum
    /// (a trigger).
    let isCentered: Bool

    /// The axes tried, best first: the right trigger (`ABS_RZ`), the left trigger (`ABS_Z`),
    /// the left stick down (`ABS_Y`); codes from `linux/input-event-codes.h`.
    static let preference: [(code: UInt16, isCentered: Bool)] = [(0x05, false), (0x02, false), (0x01, true)]

    /// The most preferred of `axes`, or `nil` when the device has none of them.
    static func best(of axes: [AbsoluteAxis]) -> PullAxis? {
        for candidate in preference {
            if let axis = axes.first(where: { $0.code == candidate.code }) {
                return PullAxis(code: axis.code, minimum: axis.minimum, maximum: axis.maximum, isCentered: candidate.isCentered)
            }
        }
        return nil
    }

    /// How far `value` pulls, 0 (at rest) to 1 (fully pulled). A stick counts only below
    /// its centre.
    func fraction(_ value: Int32) -> Double {
        let low = Double(minimum)
        let high = Double(maximum)
        guard high > low else { return 0 }
        let rest = isCentered ? (low + high) / 2 : low
        return min(max((Double(value) - rest) / (high - rest), 0), 1)
    }
}
