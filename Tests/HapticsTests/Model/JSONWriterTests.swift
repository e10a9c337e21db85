import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct JSONWriterTests {
    @Test func numbersReadBackBitForBit() throws {
        var random = SeededRandom(seed: 7)
        var values: [Double] = [
            0, -0.0, 1, 0.1, 1e-5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123_456_789_012_345_680, 0.1 + 0.2, -2.5,
        ]
        for _ in 0..<2000 { values.append(Double(bitPattern: random.nextRaw())) }
        for value in values where value.isFinite {
            let text = JSONWriter.string(.number(value))
            guard case .number(let read) = try JSONParser.parse(Array(text.utf8)) else {
                Issue.record("\(text) did not read as a number")
                continue
            }
            #expect(read.bitPattern == value.bitPattern, "\(value) written as \(text)")
        }
    }

    @Test func writesNumbersAsAHAPWritesThem() {
        #expect(JSONWriter.number(1) == "1.0")
        #expect(JSONWriter.number(0.25) == "0.25")
        #expect(JSONWriter.number(1e-5) == "1e-05")
        #expect(JSONWriter.number(.infinity) == "null")
        #expect(JSONWriter.number(.nan) == "null")
    }

    @Test func escapesStringsAndReadsThemBack() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} delete \u{7F} é ✓ 🎮"
        let written = JSONWriter.string(.string(text))
        #expect(written == #""quote \" backslash \\ newline \n tab \t bell \u0007 delete \u007f é ✓ 🎮""#)
        #expect(try JSONParser.parse(Array(written.utf8)) == .string(text))
    }

    @Test func keepsKeyOrderAndLaysOutCompactOrPretty() throws {
        let value = JSONValue.object([
            ("b", .number(1)), ("a", .array([.bool(true), .null])),
            ("nested", .object([("list", .array([.object([("x", .string("y"))])])), ("empty", .array([]))])),
        ])
        #expect(JSONWriter.string(value, layout: .compact) == #"{"b":1.0,"a":[true,null],"nested":{"list":[{"x":"y"}],"empty":[]}}"#)
        #expect(
            JSONWriter.string(value) == """
                {
                  "b": 1.0,
                  "a": [true, null],
                  "nested": {
                    "list": [
                      {"x": "y"}
                    ],
                    "empty": []
                  }
                }
                """)
        #expect(try JSONParser.parse(Array(JSONWriter.string(value).utf8)) == value)
    }

    @Test func breaksALongContainerOfScalarsOverLines() {
        let long = JSONValue.array((0..<40).map { .number(Double($0)) })
        #expect(JSONWriter.string(long).contains("\n  0.0,\n  1.0,"))
    }

    @Test func linePerElementPutsEachElementCompactOnALineOfItsOwn() throws {
        let frames = JSONValue.array([
            .object([("t_ms", .number(0)), ("list", .array([.number(1)]))]),
            .object([("t_ms", .number(40))]),
        ])
        let written = JSONWriter.string(frames, layout: .linePerElement, numbers: .rounded(decimals: 5))
        #expect(written == "[\n  {\"t_ms\":0,\"list\":[1]},\n  {\"t_ms\":40}\n]")
        #expect(try JSONParser.parse(Array(written.utf8)) == frames)
        #expect(JSONWriter.string(.array([]), layout: .linePerElement) == "[\n]")
    }
}
