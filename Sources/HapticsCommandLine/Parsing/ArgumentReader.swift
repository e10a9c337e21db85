/// Takes a command's declared options, flags and positional arguments off its command line,
/// in the conventions of swift-argument-parser: `--name value` or `--name=value`,
/// `-h`/`--help`, and `--` ending the options. Whatever the command does not take is an
/// error: an option it did not declare is unknown.
package struct ArgumentReader {
    private var arguments: [String]
    private var positionalsOnly: [String] = []
    /// The command being read, whose declaration says what it takes: made when a usage error
    /// names the command (and, in debug builds, to check each option read is declared), so
    /// a command line that parses well builds no help text.
    private let command: () -> CommandConfiguration

    /// A reader of `arguments` (without the program's and the subcommand's names) for `command`.
    package init(_ arguments: [String], for command: @autoclosure @escaping () -> CommandConfiguration) {
        if let end = arguments.firstIndex(of: "--") {
            self.arguments = Array(arguments[..<end])
            positionalsOnly = Array(arguments[(end + 1)...])
        } else {
            self.arguments = arguments
        }
        self.command = command
    }

    /// Whether `flag` is present (and takes it off).
    package mutating func flag(_ flag: Flag) -> Bool {
        assert(command().declares(flag.declaration), "\(command().commandName) reads \(flag.declaration.name) without declaring it")
        let found = arguments.contains(where: flag.declaration.isNamed)
        arguments.removeAll(where: flag.declaration.isNamed)
        return found
    }

    /// The value of `option` (the last one given), or its default when absent.
    package mutating func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        try valueIfPresent(option) ?? option.defaultValue
    }

    /// The value of `option` (the last one given), or `nil` when absent, for an option whose
    /// default depends on the others.
    package mutating func valueIfPresent<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        assert(command().declares(option.declaration), "\(command().commandName) reads \(option.name) without declaring it")
        guard let text = try text(of: option.name) else { return nil }
        guard let value = option.read(text) else {
            throw error("the value '\(text)' of '\(option.name)' is not \(option.expected)")
        }
        return value
    }

    /// Everything left, which must all be positional; an unknown option is an error.
    package mutating func positionals() throws(UsageError) -> [String] {
        if let unknown = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw error("unknown option '\(unknown)'")
        }
        defer {
            arguments = []
            positionalsOnly = []
        }
        return arguments + positionalsOnly
    }

    /// Exactly the positional arguments `declared`, in order; the first missing one, or the
    /// first extra value, is an error.
    package mutating func values(of declared: [ArgumentDeclaration]) throws(UsageError) -> [String] {
        let values = try positionals()
        if values.count < declared.count { throw error("missing \(declared[values.count].label)") }
        if values.count > declared.count { throw error("unexpected argument '\(values[declared.count])'") }
        return values
    }

    /// Exactly one positional argument, `argument`.
    package mutating func single(_ argument: ArgumentDeclaration) throws(UsageError) -> String {
        try values(of: [argument])[0]
    }

    /// Nothing left: whatever the command did not take (an unknown option, an extra argument)
    /// is an error. `ParsableArguments.parse(_:)` calls it once a command has read its own.
    package mutating func finish() throws(UsageError) {
        _ = try values(of: [])
    }

    /// A usage error for the command being read.
    package func error(_ message: String) -> UsageError {
        UsageError(message: message, command: command().commandName)
    }

    /// The text of the option `name` (the last one given), taken off, or `nil` when absent.
    private mutating func text(of name: String) throws(UsageError) -> String? {
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
}
