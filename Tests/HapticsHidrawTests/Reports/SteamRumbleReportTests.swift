import Testing

@testable import HapticsHidraw

/// The rumble command read back as hid-steam's `steam_haptic_rumble` lays it out: report
/// number 0, then 0xEB, length 9, type, intensity, left speed, right speed (u16 LE), gains.
@Suite struct SteamRumbleReportTests {
    @Test func theSpeedsSitWhereHidSteamPutsThem() {
        let bytes = SteamRumbleReport(leftSpeed: 0x1234, rightSpeed: 0xABCD).bytes
        #expect(bytes.count == 65)
        #expect(bytes[0] == 0 && bytes[1] == 0xEB && bytes[2] == 9)
        #expect(Int(bytes[6]) | Int(bytes[7]) << 8 == 0x1234)
        #expect(Int(bytes[8]) | Int(bytes[9]) << 8 == 0xABCD)
        #expect(bytes[3...5].allSatisfy { $0 == 0 } && bytes[10...].allSatisfy { $0 == 0 })
    }

    @Test func theStopHasBothSpeedsAtZero() {
        let bytes = SteamRumbleReport.stop.bytes
        #expect(bytes[1] == 0xEB && bytes[6...9].allSatisfy { $0 == 0 })
    }

    @Test func aLevelBecomesASixteenBitSpeed() {
        #expect(SteamRumbleReport.speed(1) == 65535)
        #expect(SteamRumbleReport.speed(0.5) == 32768)
        #expect(SteamRumbleReport.speed(0) == 0 && SteamRumbleReport.speed(.nan) == 0)
    }
}
