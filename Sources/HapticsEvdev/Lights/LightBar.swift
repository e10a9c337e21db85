public import HapticsModel

/// A pad's light bar in the kernel's LED class, found beside its input device: a multicolour
/// LED `...:rgb:indicator` (hid-playstation: `multi_intensity` "R G B" and `brightness`) or three
/// LEDs `...:red`, `...:green`, `...:blue` (hid-sony's DualShock 4). Every read and write goes
/// through a `LightSystem`.
public struct LightBar: Sendable {
    /// How the colour is set.
    public enum Kind: Sendable, Hashable {
        /// One multicolour LED, its directory.
        case multicolor(String)
        /// Three LEDs, their directories.
        case separate(red: String, green: String, blue: String)
    }

    /// The input device's node, e.g. `/dev/input/event5`.
    public let node: String
    /// Its LEDs.
    public let kind: Kind
    private let system: any LightSystem

    /// The light bar of the input device at `node`, `nil` when its HID device has none. The
    /// LEDs are the HID device's, listed in `<sysfs>/class/input/eventN/device/device/leds`.
    public init?(node: String, sysfs: String = "/sys", system: any LightSystem = SysfsLights()) {
        let event = node.split(separator: "/").last.map(String.init) ?? node
        let directory = "\(sysfs)/class/input/\(event)/device/device/leds"
        let names = system.names(in: directory).sorted()
        if let multicolor = names.first(where: { $0.hasSuffix(":rgb:indicator") }) {
            kind = .multicolor("\(directory)/\(multicolor)")
        } else if let red = names.first(where: { $0.hasSuffix(":red") }) {
            let prefix = red.dropLast("red".count)
            guard names.contains(prefix + "green"), names.contains(prefix + "blue") else { return nil }
            kind = .separate(red: "\(directory)/\(red)", green: "\(directory)/\(prefix)green", blue: "\(directory)/\(prefix)blue")
        } else {
            return nil
        }
        self.node = node
        self.system = system
    }

    /// Whether it is one multicolour LED.
    public var isMulticolor: Bool {
        if case .multicolor = kind { true } else { false }
    }

    /// What the LEDs read now; levels that cannot be read count as 0.
    public func read() -> LightBarReading {
        switch kind {
        case .multicolor(let led):
            let levels = (system.read("\(led)/multi_intensity") ?? "").split(whereSeparator: \.isWhitespace).compactMap { UInt8($0) }
            let color =
                levels.count == 3 ? LightColor(red: levels[0], green: levels[1], blue: levels[2]) : LightColor(red: 0, green: 0, blue: 0)
            return LightBarReading(color: color, brightness: level("\(led)/brightness"))
        case .separate(let red, let green, let blue):
            return LightBarReading(
                color: LightColor(red: level("\(red)/brightness"), green: level("\(green)/brightness"), blue: level("\(blue)/brightness")))
        }
    }

    /// Shows `color` at full brightness.
    public func show(_ color: LightColor) throws(LightError) {
        try write(LightBarReading(color: color))
    }

    /// Writes `reading`: a multicolour LED's levels, then its brightness; separate LEDs' levels.
    public func write(_ reading: LightBarReading) throws(LightError) {
        let color = reading.color
        switch kind {
        case .multicolor(let led):
            try system.write("\(color.red) \(color.green) \(color.blue)", to: "\(led)/multi_intensity")
            try system.write("\(reading.brightness)", to: "\(led)/brightness")
        case .separate(let red, let green, let blue):
            try system.write("\(color.red)", to: "\(red)/brightness")
            try system.write("\(color.green)", to: "\(green)/brightness")
            try system.write("\(color.blue)", to: "\(blue)/brightness")
        }
    }

    /// What to write back after showing colours: `read()` taken through `LightBarReading.restoring`.
    public func restorable() -> LightBarReading {
        read().restoring(multicolor: isMulticolor)
    }

    private func level(_ path: String) -> UInt8 {
        system.read(path)?.split(whereSeparator: \.isWhitespace).first.flatMap { UInt8($0) } ?? 0
    }
}
