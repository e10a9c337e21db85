/// An option without a value, declared once: present or not.
package struct Flag: Sendable, Hashable {
    /// How the flag is written and explained.
    package let declaration: OptionDeclaration

    /// Declares a flag.
    package init(_ name: String, shortName: String? = nil, abstract: String) {
        declaration = OptionDeclaration(name, shortName: shortName, abstract: abstract)
    }

    /// `-h` and `--help`, which every command takes.
    package static let help = Flag("--help", shortName: "-h", abstract: "Show help information.")
    /// `--version`, which the top-level commands take.
    package static let version = Flag("--version", abstract: "Show the version.")
}
