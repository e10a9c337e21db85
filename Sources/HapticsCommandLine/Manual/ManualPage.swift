/// A manual page, written as roff for the man macros (`man -l` shows it): its title line,
/// the NAME section from its name and summary, then its sections.
package struct ManualPage: Sendable, Equatable {
    /// The page's name, e.g. `haptics`.
    package let name: String
    /// The manual section, e.g. `1` for commands, `5` for file formats.
    package let section: Int
    /// The NAME section's line after the name.
    package let summary: String
    /// What the footer names as the source, e.g. `haptics 0.1.0`.
    package let source: String
    /// The sections after NAME.
    package let sections: [ManualSection]

    /// A page.
    package init(name: String, section: Int, summary: String, source: String, sections: [ManualSection]) {
        self.name = name
        self.section = section
        self.summary = summary
        self.source = source
        self.sections = sections
    }

    /// The manual's title of the section, as the header's centre shows it.
    private var manualTitle: String {
        section == 5 ? "File Formats" : "User Commands"
    }

    /// The page as roff.
    package var roff: String {
        var lines = [
            ".TH \(quoted(name.uppercased())) \(section) \"\" \(quoted(source)) \(quoted(manualTitle))",
            ".SH NAME",
            Roff.escape(name) + " \\- " + Roff.escape(summary),
        ]
        for section in sections {
            lines.append(".SH " + quoted(section.title))
            lines += section.blocks.flatMap(Self.lines(for:))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A macro's argument: escaped, in double quotes.
    private func quoted(_ text: String) -> String {
        "\"" + Roff.escape(text) + "\""
    }

    /// The roff lines of one block.
    private static func lines(for block: ManualBlock) -> [String] {
        switch block {
        case .paragraph(let text):
            [".PP", Roff.escape(text)]
        case .formatted(let roff):
            [".PP", roff]
        case .entry(let term, let body):
            [".TP", term, Roff.escape(body)]
        case .example(let lines):
            [".PP", ".RS 4", ".EX"] + lines.map(Roff.escape) + [".EE", ".RE"]
        case .subsection(let title):
            [".SS \"" + Roff.escape(title) + "\""]
        }
    }
}
