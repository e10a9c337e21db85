import Foundation
import Testing

@testable import HapticsModel

/// `PatternFile`, the one way in for a pattern file: the file as a whole (read, size, empty,
/// JSON), and the format it is read in.
@Suite struct PatternFileTests {
    @Test func rejectsTextThatIsNotJSONWithItsPosition() throws {
        try Fixtures.withTemporaryFile("{\n  \"Pattern\": [\n    {\"Event\": nope}\n  ]\n}\n", name: "broken.ahap") { path in
            #expect {
                try PatternFile.load(contentsOf: path)
            } throws: { error in
                guard let error = error as? PatternLoadError else { return false }
                return error.file == path && error.path == "Pattern[0].Event"
                    && error.problem == .notJSON(line: 3, column: 15, expected: "a value")
                    && "\(error)".contains("line 3, column 15")
            }
        }
    }

    @Test func rejectsAnEmptyFile() throws {
        try Fixtures.withTemporaryFile("  \n") { path in
            #expect(throws: PatternLoadError(file: path, path: "$", problem: .empty(expected: PatternFile.expectedContent))) {
                try PatternFile.load(contentsOf: path)
            }
        }
    }

    @Test func refusesAFiftyMegabyteFileWithoutReadingIt() throws {
        try Fixtures.withTemporaryFile("") { path in
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 50 * 1024 * 1024)
            try handle.close()
            #expect(
                throws: PatternLoadError(
                    file: path, path: "$", problem: .tooLarge(bytes: 50 * 1024 * 1024, limit: AHAPLoader.maximumFileSize))
            ) {
                try PatternFile.load(contentsOf: path)
            }
        }
    }

    @Test func namesAMissingFileAndWhatToCheck() {
        #expect {
            try PatternFile.load(contentsOf: "/nonexistent/x.ahap")
        } throws: { error in
            "\(error)" == "/nonexistent/x.ahap: cannot read the file: No such file or directory; check the path and its permissions"
        }
    }

    /// A named format wins over the file name's extension: a clip's bytes under an AHAP name
    /// read as a clip, and an AHAP file read as a clip is refused where a clip's key is missing.
    @Test func aNamedFormatWinsOverTheExtension() throws {
        let clip = Fixtures.haptic("haptics-studio__Button_Hover_A.haptic")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: clip)))
        #expect(try PatternFile.decode(bytes, file: "clip.ahap", format: .haptic) == PatternFile.load(contentsOf: clip))
        #expect {
            try PatternFile.load(contentsOf: Fixtures.corpus("unityplugins__Bounce.ahap"), format: .haptic)
        } throws: { error in
            guard let error = error as? PatternLoadError, case .invalidValue = error.problem else { return false }
            return error.path == "version"
        }
    }

    /// `AHAPLoader.load(contentsOf:)` is `PatternFile.load(contentsOf:format: .ahap)`: an AHAP
    /// file loads as the front door loads it, and a clip is read as AHAP whatever its name.
    @Test func theAHAPLoadersFileEntryReadsAnyNameAsAHAP() throws {
        let path = Fixtures.corpus("unityplugins__Bounce.ahap")
        #expect(try AHAPLoader.load(contentsOf: path) == PatternFile.load(contentsOf: path))
        #expect {
            try AHAPLoader.load(contentsOf: Fixtures.haptic("haptics-studio__Button_Hover_A.haptic"))
        } throws: { error in
            (error as? PatternLoadError)?.path == "Pattern"
        }
    }
}
