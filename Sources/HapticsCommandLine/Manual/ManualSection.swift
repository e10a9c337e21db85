/// A section of a manual page: its heading (`OPTIONS`) and what it holds.
package struct ManualSection: Sendable, Equatable {
    /// The heading, in capitals by convention.
    package let title: String
    /// Its paragraphs, entries, examples and subsections, in order.
    package let blocks: [ManualBlock]

    /// A section.
    package init(_ title: String, _ blocks: [ManualBlock]) {
        self.title = title
        self.blocks = blocks
    }
}
