/// Text written for roff's man macros: escaped so that every character prints as itself,
/// whatever the line it lands on.
package enum Roff {
    /// `text` as roff prints it literally: backslashes and hyphens escaped, characters outside
    /// ASCII as `\[uXXXX]`, and a line starting with `.` or `'` guarded by `\&` so that it is
    /// not read as a request.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default: escaped += "\\[u" + hex(scalar.value) + "]"
            }
        }
        return escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }

    /// `text` in bold, escaped.
    package static func bold(_ text: String) -> String {
        "\\fB" + escape(text) + "\\fR"
    }

    /// `text` in italics, escaped.
    package static func italic(_ text: String) -> String {
        "\\fI" + escape(text) + "\\fR"
    }

    /// A Unicode scalar's value as roff's `\[u...]` names it: at least four upper-case hex digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
