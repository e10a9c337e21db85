import Testing

@testable import HapticsModel
@testable import HapticsPlayback

/// A frame written compactly in a test: start and duration in milliseconds, then levels.
struct ExpectedFrame: CustomStringConvertible, Hashable {
    var startMs: Int
    var durationMs: Int
    var strong: Double
    var weak: Double

    init(_ startMs: Int, _ durationMs: Int, _ strong: Double, _ weak: Double) {
        self.startMs = startMs
        self.durationMs = durationMs
        self.strong = strong
        self.weak = weak
    }

    var description: String { "(\(startMs) ms, \(durationMs) ms, \(strong), \(weak))" }

    func matches(_ frame: RumbleFrame) -> Bool {
        frame.start == .milliseconds(startMs) && frame.duration == .milliseconds(durationMs)
            && abs(frame.strong - strong) < 1e-9 && abs(frame.weak - weak) < 1e-9
    }
}

/// Expects `frames` to be exactly `expected`: same times, levels within 1e-9.
func expectFrames(_ frames: [RumbleFrame], _ expected: [ExpectedFrame], sourceLocation: SourceLocation = #_sourceLocation) {
    let matches = frames.count == expected.count && zip(frames, expected).allSatisfy { $1.matches($0) }
    #expect(
        matches,
        "got \(frames.map { ExpectedFrame(Int($0.start.inMilliseconds.rounded()), Int($0.duration.inMilliseconds.rounded()), $0.strong, $0.weak) }), expected \(expected)",
        sourceLocation: sourceLocation)
}

extension RumbleTrack {
    /// Energy as the tests order the presets by: the sum of (strong² + weak²) × seconds.
    var energy: Double {
        frames.reduce(0) { sum, frame in
            sum + (frame.strong * frame.strong + frame.weak * frame.weak) * frame.duration.inSeconds
        }
    }
}
