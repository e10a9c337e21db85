import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#"{"a": [1, -2.5e1, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}}"#)
        #expect(value["a"] == .array([.number(1), .number(-25), .bool(true), .bool(false), .null, .string("x\né😀")]))
        #expect(value["b"] == .object([]))
    }

    @Test(arguments: [
        (#""\ud83d\ude00""#, "😀"), (#""\uda0a\uda0au""#, "\u{FFFD}\u{FFFD}u"), (#""\ud800x""#, "\u{FFFD}x"),
        (#""\udc00""#, "\u{FFFD}"), (#""\ud800\n""#, "\u{FFFD}\n"),
    ])
    func surrogatesPairOrBecomeReplacementCharacters(_ text: String, _ expected: String) throws {
        #expect(try parse(text) == .string(expected))
    }

    @Test func acceptsTrailingCommasAsApplesFilesHaveThem() throws {
        let value = try parse(#"{"a": [1, 2,], "b": {"c": 3,},}"#)
        #expect(value["a"] == .array([.number(1), .number(2)]))
        #expect(value["b"]?["c"] == .number(3))
    }

    @Test func theLastOfRepeatedKeysWins() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#)["a"] == .number(2))
    }

    @Test func reportsLineColumnAndPathOfASyntaxError() {
        #expect(throws: JSONSyntaxError(path: JSONPath().appending("Pattern").appending(1), line: 3, column: 5, expected: "a value")) {
            try parse("{\"Pattern\": [\n  {},\n    oops\n]}")
        }
    }

    @Test(arguments: ["", "{", "[1 2]", "{\"a\" 1}", "\"open", "01x", "-", "1.", "tru", "{\"a\":1} extra", "\"\u{01}\""])
    func rejectsMalformedDocuments(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test func readsEveryNumberAsTheStandardLibraryDoes() throws {
        // Short decimals take a fast path; long ones, large exponents and the rest go to the
        // standard library: both must give the same double, bit for bit.
        var generator = SeededRandom(seed: 8)
        func digits(_ count: UInt64) -> String {
            String((0..<count).map { _ in Character(String(generator.nextRaw() % 10)) })
        }
        for _ in 0..<5_000 {
            var text = generator.nextRaw() % 2 == 0 ? "" : "-"
            let whole = digits(generator.nextRaw() % 21)
            text += whole.isEmpty ? "0" : whole
            if generator.nextRaw() % 2 == 0 { text += "." + digits(1 + generator.nextRaw() % 20) }
            if generator.nextRaw() % 3 == 0 {
                text += ["e", "E", "e+", "e-", "E-"][Int(generator.nextRaw() % 5)] + String(generator.nextRaw() % 40)
            }
            let expected = try #require(Double(text))
            guard case .number(let value) = try parse(text) else {
                Issue.record("\(text) did not parse as a number")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text)")
        }
        #expect(try parse("-0") == .number(-0.0))
        #expect(try parse("0.1") == .number(0.1))
        #expect(try parse("1e400") == .number(.infinity))
    }

    @Test func limitsNestingInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
    }
}
