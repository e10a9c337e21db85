/// Takes options, flags and positional arguments off a command line, in the conventions of
/// swift-argument-parser: `--name value` or `--name=value`, `-h`/`--help`, and `--` ending
/// the options.
package struct ArgumentReader {
    private var arguments: [String]
    private var positionalsOnly: [String] = []
    /// The usage text of the command being read, for errors.
    package let usage: String

    package init(_ arguments: [String], usage: String) {
        if let end = arguments.firstIndex(of: "--") {
            self.arguments = Array(arguments[..<end])
            positionalsOnly = Array(arguments[(end + 1)...])
        } else {
            self.arguments = arguments
        }
        self.usage = usage
    }

    /// Whether one of `names` is present (and takes it off).
    package mutating func flag(_ names: String...) -> Bool {
        let found = arguments.contains { names.contains($0) }
        arguments.removeAll { names.contains($0) }
        return found
    }

    /// The value of the option `name` (the last one given), or `nil` when absent.
    package mutating func option(_ name: String) throws(UsageError) -> String? {
        var value: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == name {
                guard index + 1 < arguments.count else { throw error("missing value for '\(name)'") }
                value = arguments[index + 1]
                arguments.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                value = String(argument.dropFirst(name.count + 1))
                arguments.remove(at: index)
            } else {
                index += 1
            }
        }
        return value
    }

    /// The value of `name` read as a number in `range`, or `nil` when absent.
    package mutating func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = try option(name) else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw error("the value '\(text)' of '\(name)' is not a number from \(format(range.lowerBound)) to \(format(range.upperBound))")
        }
        return value
    }

    /// The value of `name` as one of `choices`, or `nil` when absent.
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, of type: Choice.Type) throws(UsageError) -> Choice? where Choice.RawValue == String {
        guard let text = try option(name) else { return nil }
        guard let value = Choice(rawValue: text) else {
            throw error("the value '\(text)' of '\(name)' is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// Everything left, which must all be positional; an unknown option is an error.
    package mutating func positionals() throws(UsageError) -> [String] {
        if let unknown = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw error("unknown option '\(unknown)'")
        }
        defer { arguments = []; positionalsOnly = [] }
        return arguments + positionalsOnly
    }

    /// Exactly one positional argument, named `name` in the error when missing or extra.
    package mutating func single(_ name: String) throws(UsageError) -> String {
        let values = try positionals()
        guard values.count == 1, let value = values.first else {
            throw error(values.isEmpty ? "missing \(name)" : "unexpected argument '\(values[1])'")
        }
        return value
    }

    /// A usage error for the command being read.
    package func error(_ message: String) -> UsageError {
        UsageError(message: message, usage: usage)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
