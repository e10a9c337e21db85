/// A parsed JSON value, as the pattern loaders see it.
///
/// Objects keep their members in file order; when a key repeats, lookups see the last one,
/// as most JSON readers do.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object, or `nil` when absent or when this is not an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// A few words naming the value found, for error messages: a number itself (`4000`, so
    /// that a range error shows it), a boolean or string with its value, else its kind
    /// ("an array").
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "the boolean \(value)"
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : JSONWriter.number(value)
        case .string(let value): "the string \"\(value.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}
