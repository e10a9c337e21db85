import HapticsCommandLine

/// The SEE ALSO line of a manual page.
enum SeeAlso {
    /// `pages` (each as `name(section)`) in bold with their sections, separated by commas.
    static func references(_ pages: [String]) -> String {
        pages.map { page in
            let name = page.prefix { $0 != "(" }
            return Roff.bold(String(name)) + Roff.escape(String(page.dropFirst(name.count)))
        }.joined(separator: ", ")
    }
}
