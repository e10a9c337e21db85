/// Where and why a document is not JSON.
package struct JSONSyntaxError: Error, Equatable {
    /// The JSON path of the value being read when the problem was found.
    package var path: JSONPath
    /// 1-based line of the offending byte.
    package var line: Int
    /// 1-based column of the offending byte.
    package var column: Int
    /// What the parser expected there.
    package var expected: String
}

/// A strict JSON parser with one tolerance: a trailing comma before `]` or `}` is accepted,
/// because Apple ships AHAP files written that way.
///
/// It works on UTF-8 bytes, tracks the JSON path for error messages, and limits nesting so
/// that hostile input cannot exhaust the stack.
package struct JSONParser {
    /// The deepest nesting accepted; AHAP needs five levels.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var position = 0
    private var path = JSONPath()
    private var depth = 0

    /// Parses `bytes` as one JSON document.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error(expecting: "the end of the document") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error(expecting: "a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(expecting: "a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { break }
            guard peek() == UInt8(ascii: "\"") else {
                throw error(expecting: members.isEmpty ? "a quoted key or '}'" : "a quoted key")
            }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error(expecting: "':' after the key \"\(key)\"") }
            // The path grows and shrinks in place: no copy of it per member.
            path.append(key)
            members.append((key, try parseValue()))
            path.removeLast()
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard peek() == UInt8(ascii: "}") else { throw error(expecting: "',' or '}' after a member") }
        }
        position += 1
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { break }
            path.append(elements.count)
            elements.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard peek() == UInt8(ascii: "]") else { throw error(expecting: "',' or ']' after an element") }
        }
        position += 1
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error(expecting: "at most \(Self.maximumDepth) levels of nesting")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        // Most strings have no escape: decoded straight from the document's bytes.
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: bytes[start..<position - 1], as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try parseEscapedString(from: start)
            case 0..<0x20:
                throw error(expecting: "a closing '\"' (control characters must be escaped)")
            default:
                position += 1
            }
        }
        throw error(expecting: "a closing '\"'")
    }

    /// The rest of a string from its first escape on; `start` is its first byte.
    private mutating func parseEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var scalars = String.UnicodeScalarView()
        var runStart = start
        func flushRun(upTo end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(upTo: position)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun(upTo: position)
                position += 1
                scalars.append(try parseEscape())
                runStart = position
            case 0..<0x20:
                throw error(expecting: "a closing '\"' (control characters must be escaped)")
            default:
                position += 1
            }
        }
        throw error(expecting: "a closing '\"'")
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error(expecting: "an escape sequence") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            // A high surrogate pairs with a following \uDC00-\uDFFF escape; anything unpaired
            // becomes U+FFFD, and an escape that does not complete a pair is read on its own.
            let first = try parseHexQuad()
            guard (0xD800..<0xDC00).contains(first) else {
                return Unicode.Scalar(first) ?? "\u{FFFD}"
            }
            let pairStart = position
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                position = pairStart
                return "\u{FFFD}"
            }
            let second = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(second) else {
                position = pairStart
                return "\u{FFFD}"
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
        default:
            position -= 1
            throw error(expecting: "a valid escape sequence")
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexDigit(byte) else { throw error(expecting: "four hex digits") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        let negative = consume(UInt8(ascii: "-"))
        var significand: UInt64 = 0
        var significantDigits = 0
        let integerDigits = consumeDigits(into: &significand, counting: &significantDigits)
        guard integerDigits > 0 else { throw error(expecting: "a digit") }
        var fractionDigits = 0
        if consume(UInt8(ascii: ".")) {
            fractionDigits = consumeDigits(into: &significand, counting: &significantDigits)
            guard fractionDigits > 0 else { throw error(expecting: "a digit after the decimal point") }
        }
        var exponent = 0
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            let negativeExponent = !consume(UInt8(ascii: "+")) && consume(UInt8(ascii: "-"))
            var digits = 0
            while let byte = peek(), let digit = decimalDigit(byte) {
                // Beyond any double's range already; more digits change nothing but the text.
                if exponent < 100_000 { exponent = exponent * 10 + digit }
                digits += 1
                position += 1
            }
            guard digits > 0 else { throw error(expecting: "a digit in the exponent") }
            if negativeExponent { exponent = -exponent }
        }
        if let value = Self.exactDouble(significand, digits: significantDigits, exponent: exponent - fractionDigits) {
            return .number(negative ? -value : value)
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            position = start
            throw error(expecting: "a number")
        }
        return .number(value)
    }

    /// `significand × 10^exponent`, when one correctly rounded operation gives it (Clinger's
    /// fast path: the significand and the power of ten both exact in a double); `nil` otherwise,
    /// for the standard library's conversion to work out.
    private static func exactDouble(_ significand: UInt64, digits: Int, exponent: Int) -> Double? {
        guard digits <= 15, (-22...22).contains(exponent) else { return nil }
        let value = Double(significand)
        return exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
    }

    /// 10^0 through 10^22, each exact in a double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Consumes decimal digits, adding them to `significand` while it stays exact (leading
    /// zeros do not count towards `significantDigits`); returns how many it consumed.
    private mutating func consumeDigits(into significand: inout UInt64, counting significantDigits: inout Int) -> Int {
        let start = position
        while let byte = peek(), let digit = decimalDigit(byte) {
            if significantDigits > 0 || digit != 0 {
                significantDigits += 1
                if significantDigits <= 19 { significand = significand &* 10 &+ UInt64(digit) }
            }
            position += 1
        }
        return position - start
    }

    private func decimalDigit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[position...].starts(with: expected) else { throw error(expecting: "a value") }
        position += expected.count
        return value
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
        {
            position += 1
        }
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    private func error(expecting expected: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(path: path, line: line, column: position - lineStart + 1, expected: expected)
    }
}
