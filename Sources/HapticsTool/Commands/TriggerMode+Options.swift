import HapticsModel

/// The options `haptics trigger` takes for each mode.
extension TriggerMode {
    /// The options it needs, all of them, by name.
    var options: [String] {
        switch self {
        case .off: []
        case .feedback: ["--start", "--strength"]
        case .weapon: ["--start", "--end", "--strength"]
        case .vibration: ["--start", "--amplitude", "--frequency"]
        case .slope: ["--start", "--end", "--strength", "--end-strength"]
        case .positionalFeedback: ["--strengths"]
        case .positionalVibration: ["--amplitudes", "--frequency"]
        }
    }

    /// The effect of the mode with its options' values: `number` and `list` give an option's
    /// value by name (only the names in `options` are asked for).
    func effect(number: (String) -> Double, list: (String) -> [Double]) -> TriggerEffect {
        switch self {
        case .off: .off
        case .feedback: .feedback(start: number("--start"), strength: number("--strength"))
        case .weapon: .weapon(start: number("--start"), end: number("--end"), strength: number("--strength"))
        case .vibration: .vibration(start: number("--start"), amplitude: number("--amplitude"), frequency: number("--frequency"))
        case .slope:
            .slopeFeedback(
                start: number("--start"), end: number("--end"), strength: number("--strength"), endStrength: number("--end-strength"))
        case .positionalFeedback: .positionalFeedback(strengths: list("--strengths"))
        case .positionalVibration: .positionalVibration(amplitudes: list("--amplitudes"), frequency: number("--frequency"))
        }
    }
}
