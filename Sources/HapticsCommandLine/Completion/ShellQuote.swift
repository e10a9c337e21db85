/// Text quoted for the shells the completion scripts are written for.
package enum ShellQuote {
    /// `text` in single quotes, for bash and zsh: each `'` closed, escaped and reopened.
    package static func single(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// `text` in single quotes, for fish: `\` and `'` escaped with a backslash.
    package static func fish(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// A function or variable name made from a command's name: what is not a letter or a
    /// digit becomes `_`.
    package static func identifier(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
