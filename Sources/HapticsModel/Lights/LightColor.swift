/// A light bar's colour: red, green and blue from 0 to 255, parsed from a name (`red`,
/// `green`, `blue`, `white`) or from `#RRGGBB`.
public struct LightColor: Sendable, Hashable, CustomStringConvertible {
    /// The red level, 0...255.
    public var red: UInt8
    /// The green level, 0...255.
    public var green: UInt8
    /// The blue level, 0...255.
    public var blue: UInt8

    /// The colours known by name, in the order the help lists them.
    public static let named: [(name: String, color: LightColor)] = [
        ("red", LightColor(red: 255, green: 0, blue: 0)), ("green", LightColor(red: 0, green: 255, blue: 0)),
        ("blue", LightColor(red: 0, green: 0, blue: 255)), ("white", LightColor(red: 255, green: 255, blue: 255)),
    ]

    /// Creates a colour from its three levels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses a name of `named` (any case) or `#RRGGBB` (hexadecimal digits, any case); `nil`
    /// for anything else.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if let known = Self.named.first(where: { $0.name == lowered }) {
            self = known.color
            return
        }
        let digits = Array(lowered.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
            digits.dropFirst().allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        var levels: [UInt8] = []
        for index in stride(from: 1, to: 7, by: 2) {
            guard let level = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            levels.append(level)
        }
        self.init(red: levels[0], green: levels[1], blue: levels[2])
    }

    /// `#rrggbb`.
    public var description: String {
        "#" + [red, green, blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
