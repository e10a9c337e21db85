import Testing

@testable import HapticsModel

/// Reading a JSON document for a loader, and the one-line error naming what is wrong with it.
@Suite struct JSONDocumentTests {
    @Test func refusesMoreBytesThanTheLimitNamingBoth() {
        #expect {
            try JSONDocument.parse(Array("[1, 2, 3]".utf8), file: "big.json", limit: 4, expected: "a list")
        } throws: { error in
            error as? JSONDocumentError == JSONDocumentError(file: "big.json", path: "$", problem: .tooLarge(bytes: 9, limit: 4))
                && "\(error)" == "big.json: the file is 9 bytes; the limit is 4 bytes"
        }
    }

    @Test func refusesWhiteSpaceAloneAsEmpty() {
        #expect {
            try JSONDocument.parse(Array(" \t\r\n".utf8), file: "blank.json", limit: 100, expected: "a list")
        } throws: { error in
            error as? JSONDocumentError == JSONDocumentError(file: "blank.json", path: "$", problem: .empty(expected: "a list"))
                && "\(error)" == "blank.json: the file is empty; expected a list"
        }
    }

    @Test func namesTheLineColumnAndPathOfTextThatIsNotJSON() {
        #expect {
            try JSONDocument.parse(Array("{\"a\": [1,\n x]}".utf8), file: "bad.json", limit: 100, expected: "a list")
        } throws: { error in
            "\(error)" == "bad.json: line 2, column 2 (in a[1]): not valid JSON: expected a value"
        }
    }

    @Test func namesAnUnreadableFileWithTheSystemsReason() {
        #expect(
            throws: JSONDocumentError(file: "/nonexistent/x.json", path: "$", problem: .unreadable(reason: "No such file or directory"))
        ) {
            try JSONDocument.bytes(atPath: "/nonexistent/x.json", limit: 100)
        }
    }

    @Test func describesAnInvalidValueWithThePathWhatWasExpectedAndWhatWasFound() {
        let error = JSONDocumentError(file: "t.json", path: "a[0].b", problem: .invalidValue(expected: "a number", found: "a string"))
        #expect(error.description == "t.json: a[0].b: expected a number, found a string")
    }
}
