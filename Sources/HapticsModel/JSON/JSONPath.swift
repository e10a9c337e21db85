/// A location inside a JSON document, written the way AHAP authors read it:
/// `Pattern[3].Event.EventDuration`.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    private var components: [Component] = []

    /// The document itself, `$`.
    package init() {}

    private enum Component: Hashable {
        case key(String)
        case index(Int)
    }

    /// The path one member deeper.
    package func appending(_ key: String) -> JSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// The path one array element deeper.
    package func appending(_ index: Int) -> JSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    /// Goes one member deeper, in place (the parser's path, one push per value).
    package mutating func append(_ key: String) {
        components.append(.key(key))
    }

    /// Goes one array element deeper, in place.
    package mutating func append(_ index: Int) {
        components.append(.index(index))
    }

    /// Goes back up one level, in place.
    package mutating func removeLast() {
        components.removeLast()
    }

    /// `$` for the document itself, else keys joined by dots and indices in brackets.
    package var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
