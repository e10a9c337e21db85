@testable import Haptics
import Testing

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

    @Test func limitsNestingInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
    }
}
