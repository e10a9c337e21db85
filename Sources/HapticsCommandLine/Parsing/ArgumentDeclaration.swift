/// A positional argument of a command, e.g. `<pattern>`: its name and help, for the USAGE line,
/// the ARGUMENTS section and the errors naming it.
package struct ArgumentDeclaration: Sendable, Hashable {
    /// The name of its value, e.g. `pattern` for `<pattern>`.
    package let valueName: String
    /// What it is.
    package let help: String
    /// Whether it may be given several times (`<file> ...`).
    package let isRepeated: Bool
    /// What a shell offers for it.
    package let completion: ValueCompletion

    /// Declares a positional argument.
    package init(_ valueName: String, help: String, isRepeated: Bool = false, completion: ValueCompletion = .none) {
        self.valueName = valueName
        self.help = help
        self.isRepeated = isRepeated
        self.completion = completion
    }

    /// Its name as help and errors show it, e.g. `<pattern>`.
    package var label: String { "<\(valueName)>" }

    /// How the USAGE line shows it, e.g. `<file> ...`.
    package var usage: String { isRepeated ? label + " ..." : label }
}
