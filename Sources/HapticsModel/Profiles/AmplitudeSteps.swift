/// How a pad's kernel driver turns an `FF_RUMBLE` magnitude (0...65535) into the amplitude
/// steps the pad receives, and back.
///
/// Step 0 is silence; a level above zero always maps to step 1 or more (`nearestStep(to:)`),
/// so nothing that should be felt rounds to silence on the pad.
public enum AmplitudeSteps: Sendable, Hashable {
    /// The magnitude as sent, 0...65535: a driver Haptics knows nothing about resolves it
    /// itself.
    case magnitude
    /// The high byte, `magnitude / 256`, 0...255 (hid-playstation, hid-sony).
    case highByte
    /// `magnitude * 100 / 65535`, 0...100 (hid-microsoft).
    case percent
    /// `magnitude * 1003 / 65535`, rounded up to the next entry of hid-nintendo's 101-entry
    /// amplitude table (`joycon_rumble_amplitudes`, 0...1003).
    case nintendoTable

    /// hid-nintendo's amplitudes, in thousandths and a bit (1003 is full): the table entries
    /// its `joycon_find_rumble_amp` snaps to.
    static let nintendoAmplitudes: [Int] = [
        0, 10, 12, 14, 17, 20, 24, 28, 33, 40, 47, 56, 67, 80, 95, 112, 117, 123, 128, 134, 140, 146, 152, 159, 166, 173, 181, 189,
        198, 206, 215, 225, 230, 235, 240, 245, 251, 256, 262, 268, 273, 279, 286, 292, 298, 305, 311, 318, 325, 332, 340, 347, 355,
        362, 370, 378, 387, 395, 404, 413, 422, 431, 440, 450, 460, 470, 480, 491, 501, 512, 524, 535, 547, 559, 571, 584, 596, 609,
        623, 636, 650, 665, 679, 694, 709, 725, 741, 757, 773, 790, 808, 825, 843, 862, 881, 900, 920, 940, 960, 981, 1003,
    ]

    /// The highest step: full strength.
    public var topStep: Int {
        switch self {
        case .magnitude: 65535
        case .highByte: 255
        case .percent: 100
        case .nintendoTable: Self.nintendoAmplitudes.count - 1
        }
    }

    /// The step the pad receives for `magnitude`, as its driver computes it.
    public func step(forMagnitude magnitude: UInt16) -> Int {
        let value = Int(magnitude)
        switch self {
        case .magnitude: return value
        case .highByte: return value / 256
        case .percent: return value * 100 / 65535
        case .nintendoTable:
            let amplitude = value * 1003 / 65535
            guard amplitude > 0 else { return 0 }
            return Self.nintendoAmplitudes.firstIndex { $0 >= amplitude } ?? topStep
        }
    }

    /// The level the pad plays at `step`, 0...1 of its full strength.
    public func level(ofStep step: Int) -> Double {
        let step = min(max(step, 0), topStep)
        return switch self {
        case .nintendoTable: Double(Self.nintendoAmplitudes[step]) / 1003
        default: Double(step) / Double(topStep)
        }
    }

    /// A magnitude the driver turns into `step`: the top step is sent as 65535, any other as
    /// the smallest magnitude that reaches it (for `highByte`, `step * 257`, the magnitude of
    /// the level `step / 255`, which lies inside the step).
    public func magnitude(forStep step: Int) -> UInt16 {
        let step = min(max(step, 0), topStep)
        guard step > 0 else { return 0 }
        guard step < topStep else { return 65535 }
        return switch self {
        case .magnitude: UInt16(step)
        case .highByte: UInt16(step * 257)
        case .percent: UInt16((step * 65535 + 99) / 100)
        case .nintendoTable: UInt16(((Self.nintendoAmplitudes[step - 1] + 1) * 65535 + 1002) / 1003)
        }
    }

    /// The step whose level is nearest `level` (0...1); a level above zero gets step 1 at
    /// least, so it never rounds to silence.
    public func nearestStep(to level: Double) -> Int {
        guard level > 0, !level.isNaN else { return 0 }
        let level = min(level, 1)
        let step: Int
        switch self {
        case .nintendoTable:
            let amplitudes = Self.nintendoAmplitudes
            let target = level * 1003
            let above = amplitudes.firstIndex { Double($0) >= target } ?? topStep
            step = above > 0 && target - Double(amplitudes[above - 1]) < Double(amplitudes[above]) - target ? above - 1 : above
        default:
            step = Int((level * Double(topStep)).rounded())
        }
        return max(step, 1)
    }

    /// `level` as the pad plays it: the level of its nearest step.
    public func quantized(_ level: Double) -> Double {
        self.level(ofStep: nearestStep(to: level))
    }
}
