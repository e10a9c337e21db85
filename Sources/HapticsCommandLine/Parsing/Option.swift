/// An option taking a value, declared once: its name, value name, help and default, and how
/// its text reads as a `Value`. The command's help and its parser both come from it.
///
/// Only the name, the default and the reading are made when it is declared: its help (the
/// declaration, the text of what is expected) is made when asked for, by a help, a shell
/// completion or a usage error, so a command that parses well builds no help text.
///
/// `Value` is optional for an option without a default (`--to`, `--trace`): absent, it reads
/// as `nil`.
package struct Option<Value: Sendable>: Sendable {
    /// The long name, e.g. `--loop`.
    package let name: String
    /// The value when the option is absent.
    package let defaultValue: Value
    /// The value a text reads as, or `nil` when the text is not `expected`.
    package let read: @Sendable (String) -> Value?
    private let describe: @Sendable () -> OptionDeclaration
    private let describeExpected: @Sendable () -> String

    /// Declares an option; `defaultText` is how the help shows `defaultValue` (or, for an
    /// optional value, what its absence means), `nil` to show none; `completion` is what a
    /// shell offers for its value. The help's parts are evaluated when the help is asked for.
    package init(
        _ name: String, valueName: String, abstract: @autoclosure @escaping @Sendable () -> String,
        notes: @autoclosure @escaping @Sendable () -> [String] = [],
        default defaultValue: Value, defaultText: @autoclosure @escaping @Sendable () -> String?,
        completion: @autoclosure @escaping @Sendable () -> ValueCompletion = .none,
        expected: @autoclosure @escaping @Sendable () -> String, read: @escaping @Sendable (String) -> Value?
    ) {
        self.name = name
        describe = {
            OptionDeclaration(
                name, valueName: valueName, abstract: abstract(), notes: notes(), defaultText: defaultText(), completion: completion())
        }
        self.defaultValue = defaultValue
        describeExpected = expected
        self.read = read
    }

    /// How the option is written and explained.
    package var declaration: OptionDeclaration { describe() }

    /// What the value must be, for the error when it is not, e.g. `a number from 0 to 1`.
    package var expected: String { describeExpected() }
}

extension Option where Value == String {
    /// Any text, `defaultValue` when absent; a shell offers `completion` for it.
    package static func text(
        _ name: String, valueName: String, abstract: String, default defaultValue: String, completion: ValueCompletion = .none
    ) -> Self {
        Self(
            name, valueName: valueName, abstract: abstract, default: defaultValue, defaultText: defaultValue, completion: completion,
            expected: "a text"
        ) { $0 }
    }
}

extension Option where Value == String? {
    /// Any text, `nil` when absent; `absent` says in the help what that means; a shell offers
    /// `completion` for it.
    package static func text(
        _ name: String, valueName: String, abstract: String, absent: String? = nil, completion: ValueCompletion = .none
    ) -> Self {
        Self(name, valueName: valueName, abstract: abstract, default: nil, defaultText: absent, completion: completion, expected: "a text")
        {
            $0
        }
    }
}

extension Option where Value == Double {
    /// A number in `range`, `defaultValue` when absent.
    package static func number(
        _ name: String, valueName: String, in range: ClosedRange<Double>, abstract: String, default defaultValue: Double
    ) -> Self {
        Self(
            name, valueName: valueName, abstract: abstract, notes: [NumberText.range(range)],
            default: defaultValue, defaultText: NumberText.plain(defaultValue), expected: "a number " + NumberText.range(range)
        ) { text in
            Double(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension Option where Value == Double? {
    /// A number in `range`, `nil` when absent; `absent` says in the help what that means.
    package static func number(_ name: String, valueName: String, in range: ClosedRange<Double>, abstract: String, absent: String) -> Self {
        Self(
            name, valueName: valueName, abstract: abstract, notes: [NumberText.range(range)],
            default: nil, defaultText: absent, expected: "a number " + NumberText.range(range)
        ) { text in
            Double(text).flatMap { range.contains($0) ? .some($0) : nil }
        }
    }
}

extension Option where Value: RawRepresentable, Value.RawValue == String {
    /// One of `choices`, by raw value; `defaultValue` when absent, which the help shows as
    /// `defaultText` when the default depends on other options.
    package static func choice(
        _ name: String, valueName: String, of choices: [Value], abstract: String, default defaultValue: Value, defaultText: String? = nil
    ) -> Self {
        Self(
            name, valueName: valueName, abstract: abstract, notes: [ChoiceText.values(choices)],
            default: defaultValue, defaultText: defaultText ?? defaultValue.rawValue, completion: .words(choices.map(\.rawValue)),
            expected: ChoiceText.expected(choices)
        ) { text in
            choices.first { $0.rawValue == text }
        }
    }
}
