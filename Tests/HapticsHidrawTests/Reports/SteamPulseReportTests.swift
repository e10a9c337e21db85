import Testing

@testable import HapticsHidraw

/// The trackpad pulse read back as hid-steam's `steam_haptic_pulse` lays it out: report
/// number 0, then 0x8F, length 8, side (0 right, 1 left, 2 both), on µs, off µs, count (u16
/// LE), gain (signed dB).
@Suite struct SteamPulseReportTests {
    @Test func theFieldsSitWhereHidSteamPutsThem() {
        let bytes = SteamPulseReport(side: .right, onMicroseconds: 20_000, offMicroseconds: 5_000, count: 3, gain: -6).bytes
        #expect(bytes.count == 65)
        #expect(bytes[0] == 0 && bytes[1] == 0x8F && bytes[2] == 8)
        #expect(bytes[3] == 0)
        #expect(Int(bytes[4]) | Int(bytes[5]) << 8 == 20_000)
        #expect(Int(bytes[6]) | Int(bytes[7]) << 8 == 5_000)
        #expect(Int(bytes[8]) | Int(bytes[9]) << 8 == 3)
        #expect(Int8(bitPattern: bytes[10]) == -6)
        #expect(bytes[11...].allSatisfy { $0 == 0 })
    }

    @Test func theSideByteIsZeroRightOneLeftTwoBoth() {
        let side = { (side: SteamPulseReport.Side) in
            SteamPulseReport(side: side, onMicroseconds: 1, offMicroseconds: 0, count: 1, gain: 0).bytes[3]
        }
        #expect([side(.right), side(.left), side(.both)] == [0, 1, 2])
    }

    @Test func theGainRunsFromMinus24ToPlus6Decibels() {
        #expect(SteamPulseReport.gain(1) == 6)
        #expect(SteamPulseReport.gain(0) == -24)
        #expect(SteamPulseReport.gain(0.5) == -9)
        #expect(SteamPulseReport(side: .both, onMicroseconds: 1, offMicroseconds: 0, count: 1, gain: 20).gain == 6)
    }
}
