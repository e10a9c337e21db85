import HapticsPlatform

/// Reads a JSON document for a loader: the file's bytes up to a size limit, then the parsed
/// value, each failure a `JSONDocumentError` naming the file.
package enum JSONDocument {
    /// The bytes of the file at `path`, at most `limit` of them.
    package static func bytes(atPath path: String, limit: Int) throws(JSONDocumentError) -> [UInt8] {
        do {
            return try FileReader.bytes(atPath: path, limit: limit)
        } catch {
            switch error {
            case .system(_, let errno):
                throw JSONDocumentError(file: path, path: "$", problem: .unreadable(reason: errno.description))
            case .tooLarge(let size):
                throw JSONDocumentError(file: path, path: "$", problem: .tooLarge(bytes: size, limit: limit))
            }
        }
    }

    /// The JSON value in `bytes`, refusing more than `limit` bytes, nothing but white space,
    /// and anything not JSON; `file` names the source in errors, and `expected` says, for an
    /// empty file, what the document should hold.
    package static func parse(_ bytes: [UInt8], file: String, limit: Int, expected: String) throws(JSONDocumentError) -> JSONValue {
        guard bytes.count <= limit else {
            throw JSONDocumentError(file: file, path: "$", problem: .tooLarge(bytes: bytes.count, limit: limit))
        }
        guard bytes.contains(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            throw JSONDocumentError(file: file, path: "$", problem: .empty(expected: expected))
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw JSONDocumentError(
                file: file,
                path: error.path.description,
                problem: .notJSON(line: error.line, column: error.column, expected: error.expected)
            )
        }
    }
}
