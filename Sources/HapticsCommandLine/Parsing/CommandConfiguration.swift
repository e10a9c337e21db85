/// A command declared once, in the conventions of swift-argument-parser: its name, what it
/// does, its positional arguments and its options. Its help (`help`) and its parser
/// (`ArgumentReader`) both come from this value, so they cannot drift apart.
package struct CommandConfiguration: Sendable {
    /// The word that selects it, e.g. `render`, or the program's name for a top-level command.
    package let name: String
    /// The command it is a subcommand of, e.g. `haptics`; `nil` for a top-level command.
    package let parent: String?
    /// One line saying what it does: the top-level command's OVERVIEW, a subcommand's line in
    /// its parent's SUBCOMMANDS.
    package let abstract: String
    /// More about it, printed after the USAGE line; paragraphs separated by blank lines.
    package let discussion: String
    /// Its positional arguments, in order.
    package let arguments: [ArgumentDeclaration]
    /// Its options and flags, in the order the help lists them (`-h`/`--help` and `--version`
    /// come on their own).
    package let options: [OptionDeclaration]
    /// Whether it takes `--version` (top-level commands do).
    package let takesVersion: Bool
    /// Its subcommands, for the SUBCOMMANDS section.
    package let subcommands: [CommandConfiguration]

    /// Declares a command.
    package init(
        name: String, parent: String? = nil, abstract: String, discussion: String = "",
        arguments: [ArgumentDeclaration] = [], options: [OptionDeclaration] = [],
        takesVersion: Bool = false, subcommands: [CommandConfiguration] = []
    ) {
        self.name = name
        self.parent = parent
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.takesVersion = takesVersion
        self.subcommands = subcommands
    }

    /// How it is typed, e.g. `haptics render`.
    package var commandName: String {
        parent.map { "\($0) \(name)" } ?? name
    }

    /// The options every command of its kind takes: `--version` at the top level, `-h`/`--help`.
    package var standardOptions: [OptionDeclaration] {
        (takesVersion ? [Flag.version.declaration] : []) + [Flag.help.declaration]
    }

    /// Its help, for `-h` and after a usage error.
    package var help: String {
        HelpText.help(for: self)
    }

    /// Whether `option` is one of its options, standard ones included.
    package func declares(_ option: OptionDeclaration) -> Bool {
        options.contains(option) || standardOptions.contains(option)
    }
}
