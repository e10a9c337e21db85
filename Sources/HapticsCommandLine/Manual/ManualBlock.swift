/// One piece of a manual page's section.
package enum ManualBlock: Sendable, Equatable {
    /// A paragraph of plain text, filled by the formatter.
    case paragraph(String)
    /// A paragraph already in roff, its bold and italics set with `Roff` (a synopsis).
    case formatted(String)
    /// A term in bold and italics as roff already (see `Roff`), and its explanation, indented.
    case entry(term: String, body: String)
    /// Lines shown as typed, e.g. a shell session or a file.
    case example([String])
    /// A subsection's heading.
    case subsection(String)
}
