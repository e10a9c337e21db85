import Haptics
import HapticsEvdev
import Testing

@Suite struct LightBarTests {
    static let leds = "/sys/class/input/event5/device/device/leds"
    static let rgb = "\(leds)/input7:rgb:indicator"

    static func dualSense(intensity: String = "0 0 0", failing: String? = nil) -> FakeLights {
        FakeLights(
            files: ["\(rgb)/multi_intensity": intensity + "\n", "\(rgb)/brightness": "255\n"],
            directories: [leds: ["input7:white:player-1", "input7:rgb:indicator", "input7:white:player-2"]], failing: failing)
    }

    static func dualShock4() -> FakeLights {
        let prefix = "\(leds)/0003:054C:05C4.0001:"
        return FakeLights(
            files: ["\(prefix)red/brightness": "0\n", "\(prefix)green/brightness": "0\n", "\(prefix)blue/brightness": "64\n"],
            directories: [
                leds: ["0003:054C:05C4.0001:global", "0003:054C:05C4.0001:blue", "0003:054C:05C4.0001:red", "0003:054C:05C4.0001:green"]
            ])
    }

    @Test func findsTheMulticolourLedBesideTheInputDevice() throws {
        let bar = try #require(LightBar(node: "/dev/input/event5", system: Self.dualSense()))
        #expect(bar.kind == .multicolor(Self.rgb))
    }

    @Test func findsTheThreeLedsOfADualShock4() throws {
        let bar = try #require(LightBar(node: "/dev/input/event5", system: Self.dualShock4()))
        let prefix = "\(Self.leds)/0003:054C:05C4.0001:"
        #expect(bar.kind == .separate(red: prefix + "red", green: prefix + "green", blue: prefix + "blue"))
        #expect(bar.read() == LightBarReading(color: LightColor(red: 0, green: 0, blue: 64)))
    }

    @Test func aPadWithoutLedsHasNone() {
        #expect(
            LightBar(node: "/dev/input/event5", system: FakeLights(files: [:], directories: [Self.leds: ["input7:white:player-1"]])) == nil)
        #expect(LightBar(node: "/dev/input/event6", system: Self.dualSense()) == nil)
    }

    @Test func showWritesTheLevelsThenFullBrightness() throws {
        let lights = Self.dualSense()
        let bar = try #require(LightBar(node: "/dev/input/event5", system: lights))
        try bar.show(LightColor(red: 255, green: 0, blue: 0))
        #expect(lights.writes == ["\(Self.rgb)/multi_intensity=255 0 0", "\(Self.rgb)/brightness=255"])
    }

    @Test func aNeverWrittenDualSenseBarIsRestoredToTheProbeBlue() throws {
        let bar = try #require(LightBar(node: "/dev/input/event5", system: Self.dualSense()))
        #expect(bar.restorable() == LightBarReading.dualSenseProbe)
        #expect(LightBarReading.dualSenseProbe.color == LightColor(red: 0, green: 0, blue: 128))
    }

    @Test func aWrittenBarIsRestoredAsRead() throws {
        let lights = Self.dualSense(intensity: "10 20 30")
        let bar = try #require(LightBar(node: "/dev/input/event5", system: lights))
        let before = bar.restorable()
        try bar.show(LightColor(red: 0, green: 255, blue: 0))
        try bar.write(before)
        #expect(lights.file("\(Self.rgb)/multi_intensity") == "10 20 30\n")
    }

    @Test func separateLedsAreRestoredAsRead() throws {
        let lights = Self.dualShock4()
        let bar = try #require(LightBar(node: "/dev/input/event5", system: lights))
        #expect(bar.restorable() == LightBarReading(color: LightColor(red: 0, green: 0, blue: 64)))
    }

    @Test func aFailedWriteNamesThePath() throws {
        let lights = Self.dualSense(failing: "\(Self.rgb)/multi_intensity")
        let bar = try #require(LightBar(node: "/dev/input/event5", system: lights))
        #expect(throws: LightError.write(path: "\(Self.rgb)/multi_intensity", reason: "open: Permission denied")) {
            try bar.show(LightColor(red: 1, green: 2, blue: 3))
        }
    }
}
