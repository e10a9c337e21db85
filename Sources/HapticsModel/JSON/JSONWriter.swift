/// Writes a `JSONValue` as JSON text: the one serializer of the package, so every JSON output
/// escapes, formats numbers and orders keys the same way.
///
/// - Keys come out in the order the object holds them (`JSONValue.object` keeps file order).
/// - Strings escape `"`, `\` and the control characters (`\n`, `\t`, ... and `\u00XX`);
///   everything else, including non-ASCII text, is written as UTF-8.
/// - Numbers are written in the shortest form that reads back as the same `Double`, bit for
///   bit (`0.1`, `30.0`, `1e-05`, `-0.0`), as AHAP files write them (`"Version": 1.0`).
///   JSON has no infinity or NaN; they are written as `null`.
/// - Pretty output indents by two spaces and keeps an object or array of scalars that fits
///   on one line (`{"Time": 0.5, "ParameterValue": 1}`) on one line.
package enum JSONWriter {
    /// How the text is laid out.
    package enum Layout: Sendable {
        /// No white space at all.
        case compact
        /// Indented by two spaces, short containers of scalars on one line.
        case pretty
        /// The outer container's brackets on lines of their own (even when empty), and each
        /// of its elements compact on a line of its own, indented by two spaces.
        case linePerElement
    }

    /// The longest line a container of scalars may take to stay on one line when pretty.
    static let inlineWidth = 100

    /// How numbers are written.
    package enum Numbers: Sendable {
        /// The shortest text that reads back as the same `Double`, bit for bit (`30.0`, `0.1`).
        case exact
        /// Rounded to `decimals` places, whole numbers without a fraction (`40`, `0.16`): for
        /// figures a person or a script reads, such as frames and traces.
        case rounded(decimals: Int)
    }

    /// The JSON text of `value`.
    package static func string(_ value: JSONValue, layout: Layout = .pretty, numbers: Numbers = .exact) -> String {
        var output = ""
        write(value, layout: layout, numbers: numbers, indent: 0, to: &output)
        return output
    }

    /// The JSON text of one number, as `string` writes it.
    package static func number(_ value: Double, _ numbers: Numbers = .exact) -> String {
        guard value.isFinite else { return "null" }
        switch numbers {
        case .exact:
            return value.description
        case .rounded(let decimals):
            var scale = 1.0
            for _ in 0..<max(decimals, 0) { scale *= 10 }
            let rounded = (value * scale).rounded() / scale
            if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
            return rounded.description
        }
    }

    private static func write(_ value: JSONValue, layout: Layout, numbers: Numbers, indent: Int, to output: inout String) {
        let inner: Layout = layout == .linePerElement ? .compact : layout
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += self.number(number, numbers)
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            writeContainer(
                open: "[", close: "]", count: elements.count, layout: layout, indent: indent, inline: inline(value, numbers), to: &output
            ) { index, output in
                write(elements[index], layout: inner, numbers: numbers, indent: indent + 1, to: &output)
            }
        case .object(let members):
            writeContainer(
                open: "{", close: "}", count: members.count, layout: layout, indent: indent, inline: inline(value, numbers), to: &output
            ) { index, output in
                writeString(members[index].key, to: &output)
                output += layout == .compact ? ":" : ": "
                write(members[index].value, layout: inner, numbers: numbers, indent: indent + 1, to: &output)
            }
        }
    }

    private static func writeContainer(
        open: String, close: String, count: Int, layout: Layout, indent: Int, inline: String?,
        to output: inout String, element: (Int, inout String) -> Void
    ) {
        if layout == .pretty, let inline {
            output += inline
            return
        }
        output += open
        guard count > 0 else {
            output += layout == .linePerElement ? "\n" + close : close
            return
        }
        let inner = layout == .compact ? "" : "\n" + String(repeating: "  ", count: indent + 1)
        for index in 0..<count {
            if index > 0 { output += "," }
            output += inner
            element(index, &output)
        }
        output += layout == .compact ? "" : "\n" + String(repeating: "  ", count: indent)
        output += close
    }

    /// The one-line pretty form of a container holding only scalars, when it is short enough.
    private static func inline(_ value: JSONValue, _ numbers: Numbers) -> String? {
        var parts: [String] = []
        let open: String
        let close: String
        switch value {
        case .array(let elements):
            guard elements.allSatisfy(\.isScalar) else { return nil }
            parts = elements.map { string($0, layout: .compact, numbers: numbers) }
            (open, close) = ("[", "]")
        case .object(let members):
            guard members.allSatisfy({ $0.value.isScalar }) else { return nil }
            parts = members.map { string(.string($0.key), layout: .compact) + ": " + string($0.value, layout: .compact, numbers: numbers) }
            (open, close) = ("{", "}")
        default:
            return nil
        }
        let text = open + parts.joined(separator: ", ") + close
        return text.utf8.count <= inlineWidth ? text : nil
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue {
    /// Whether the value holds no other values.
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
