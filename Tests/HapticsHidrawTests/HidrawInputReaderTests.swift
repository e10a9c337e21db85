import Testing

@testable import HapticsHidraw

/// The input reader over recorded system calls.
@Suite struct HidrawInputReaderTests {
    /// A 64-byte report whose first byte is `tag`.
    private func report(_ tag: UInt8) -> [UInt8] { [tag] + [UInt8](repeating: 0, count: 63) }

    @Test func theReaderHandsOnEveryReportThenEndsWhenTheDeviceGoes() async throws {
        let fake = FakeHidraw()
        fake.queueInputs([report(1), report(2)])
        let reader = try HidrawInputReader(node: "/dev/hidraw8", name: "Steam Deck", system: fake.system)
        let (reports, sink) = AsyncStream.makeStream(of: [UInt8].self)
        reader.start { sink.yield($0) }
        var read: [[UInt8]] = []
        for await report in reports {
            read.append(report)
            if read.count == 2 { break }
        }
        #expect(read == [report(1), report(2)])
        for _ in 0..<100_000 where fake.closed.isEmpty { await Task.yield() }
        #expect(fake.closed.count == 1)
    }
}
