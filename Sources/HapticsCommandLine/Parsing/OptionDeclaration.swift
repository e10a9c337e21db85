/// How one option of a command is written and explained: what the parser accepts and what
/// the help lists come from this one value.
package struct OptionDeclaration: Sendable, Hashable {
    /// The long name, e.g. `--loop`.
    package let name: String
    /// The short name, e.g. `-h`, if any.
    package let shortName: String?
    /// The name of its value, e.g. `count` for `--loop <count>`; `nil` for a flag.
    package let valueName: String?
    /// What it does, as the author wrote it.
    package let abstract: String
    /// What the declaration adds to the help before the default: the accepted values, the range.
    package let notes: [String]
    /// How the help shows the default (or what the option's absence means); `nil` for none.
    package let defaultText: String?
    /// What a shell offers for its value.
    package let completion: ValueCompletion

    /// Declares an option (with `valueName`) or a flag (without).
    package init(
        _ name: String, shortName: String? = nil, valueName: String? = nil, abstract: String, notes: [String] = [],
        defaultText: String? = nil, completion: ValueCompletion = .none
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.abstract = abstract
        self.notes = notes
        self.defaultText = defaultText
        self.completion = completion
    }

    /// Its names as the help's OPTIONS section shows them, e.g. `-h, --help` or `--loop <count>`.
    package var label: String {
        (shortName.map { $0 + ", " } ?? "") + name + (valueName.map { " <\($0)>" } ?? "")
    }

    /// How the USAGE line shows it, e.g. `[--loop <count>]`.
    package var usage: String {
        "[" + name + (valueName.map { " <\($0)>" } ?? "") + "]"
    }

    /// Its help: the abstract, then the notes and the default in parentheses.
    package var help: String {
        let notes = notes + (defaultText.map { ["default: \($0)"] } ?? [])
        return notes.isEmpty ? abstract : abstract + " (" + notes.joined(separator: "; ") + ")"
    }

    /// Whether `argument` names it, by its long or its short name.
    package func isNamed(_ argument: String) -> Bool {
        argument == name || argument == shortName
    }
}
