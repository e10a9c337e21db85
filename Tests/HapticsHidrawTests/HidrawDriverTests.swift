import Glibc
import HapticsEvdev
import HapticsModel
import HapticsPlatform
import Synchronization
import Testing

@testable import HapticsHidraw

/// The driver over recorded system calls: which reports each pad receives, and when.
@Suite struct HidrawDriverTests {
    private func frame(_ milliseconds: Int, strong: Double, weak: Double, at start: Int = 0) -> RumbleFrame {
        RumbleFrame(start: .milliseconds(start), duration: .milliseconds(milliseconds), strong: strong, weak: weak)
    }

    private let silence = RumbleFrame(start: .zero, duration: .zero, strong: 0, weak: 0)

    // MARK: - Choosing pads

    @Test func noPadOrAPadHidrawDoesNotDrive() {
        let fake = FakeHidraw()
        #expect(throws: HidrawError.noPad(selection: .auto)) { try fake.driver([]).prepare() }
        #expect(throws: HidrawError.unsupportedPad(name: "Wireless Controller", profile: "dualshock4")) {
            try fake.driver([Pads.dualShock4]).prepare()
        }
    }

    @Test func aLocalityThePadLacksNamesTheOnesItHas() {
        let fake = FakeHidraw()
        #expect(
            throws: HidrawError.localityUnavailable(
                locality: .rightTrigger, name: "Nintendo Switch Pro Controller",
                available: [.all, .handles, .leftHandle, .rightHandle])
        ) { try fake.driver([Pads.switchPro], locality: .rightTrigger).prepare() }
    }

    @Test func withoutWriteAccessThePermissionError() {
        #expect(throws: HidrawError.permissionDenied(node: "/dev/hidraw3", name: "DualSense Wireless Controller")) {
            try FakeHidraw(writable: false).driver([Pads.dualSense]).prepare()
        }
        #expect(throws: HidrawError.permissionDenied(node: "/dev/hidraw3", name: "DualSense Wireless Controller")) {
            try FakeHidraw(openError: Errno(13)).driver([Pads.dualSense]).prepare()
        }
    }

    @Test func autoPicksThePadHidrawDrivesAndSeveralPadsLeaveOutThoseThatCannotPlay() throws {
        let fake = FakeHidraw()
        let auto = fake.driver([Pads.dualShock4, Pads.switchPro])
        try auto.prepare()
        #expect(auto.pads.map(\.model) == [.switchPro])
        let all = fake.driver([Pads.switchPro, Pads.dualSense], locality: .triggers, selection: .all)
        try all.prepare()
        #expect(all.pads.map(\.model) == [.dualSense])
        #expect(throws: HidrawError.unsupportedPad(name: "Wireless Controller", profile: "dualshock4")) {
            try fake.driver([Pads.dualShock4, Pads.switchPro], selection: .index(0)).prepare()
        }
    }

    @Test func anUnpluggedPadIsDroppedAndTheOthersPlayOn() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSense, Pads.xbox], locality: .triggers, selection: .all)
        try driver.apply(frame(100, strong: 1, weak: 0))
        fake.unplug("/dev/hidraw3")
        fake.advance(by: .milliseconds(60))
        try driver.apply(frame(100, strong: 0.5, weak: 0))
        #expect(driver.pads.map(\.model) == [.xboxBluetooth])
        #expect(fake.reports(to: "/dev/hidraw6").count == 2)
        #expect(try fake.closed.contains(#require(fake.fd(of: "/dev/hidraw3"))))
    }

    @Test func renderProfilePerPad() throws {
        let fake = FakeHidraw()
        let switchPro = fake.driver([Pads.switchPro])
        #expect(switchPro.renderProfile == nil)
        try switchPro.prepare()
        #expect(switchPro.renderProfile == .switchProHD)
        #expect(switchPro.pads.map(\.node) == ["/dev/hidraw5"])
        let dualSense = fake.driver([Pads.dualSense])
        try dualSense.prepare()
        #expect(dualSense.renderProfile == .dualSense)
        let xbox = fake.driver([Pads.xbox])
        try xbox.prepare()
        #expect(xbox.renderProfile == .xboxBluetooth)
    }

    // MARK: - DualSense

    @Test func aRightTriggerVibratesWithTheFrameAndIsOffAfterClose() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSense], locality: .rightTrigger)
        try driver.apply(frame(100, strong: 0.2, weak: 1))
        try driver.apply(silence)
        driver.close()
        let reports = fake.reports(to: "/dev/hidraw3").map(\.bytes)
        try #require(reports.count == 3)
        // Only the right trigger's bit; motors and their bits untouched.
        #expect(reports.allSatisfy { $0.count == 63 && $0[0] == 0x02 && $0[1] == 0x04 && $0[2] == 0 && $0[3] == 0 && $0[4] == 0 })
        // Full amplitude, sharpness 1 - 0.5 · 0.2 = 0.9 (the split's crossover 0.5): 10 + 135 Hz.
        #expect(Array(reports[0][11..<22]) == DualSenseTriggerBlock(.vibration(start: 0, amplitude: 1, frequency: 0.9)).bytes)
        #expect(reports[0][20] == 145)
        #expect(Array(reports[1][11..<22]) == DualSenseTriggerBlock.off.bytes)
        #expect(Array(reports[2][11..<22]) == DualSenseTriggerBlock.off.bytes)
        // The left trigger's block is never set.
        #expect(reports.allSatisfy { $0[22..<33].allSatisfy { $0 == 0 } })
        #expect(try fake.closed.contains(#require(fake.fd(of: "/dev/hidraw3"))))
    }

    @Test func theGuardianIsArmedWithTheResetWhileSomethingIsSet() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSense], locality: .triggers)
        try driver.apply(frame(100, strong: 1, weak: 0))
        try driver.apply(frame(100, strong: 0.5, weak: 0))
        driver.close()
        let reset = DualSenseOutputReport(rightTrigger: .off, leftTrigger: .off).usb
        // Armed once (the reset did not change), disarmed by close.
        #expect(fake.guardianMessages == [HidrawGuardian.armMessage([reset]), HidrawGuardian.disarmMessage])
    }

    @Test func stopResetsAndDisarmsSoCloseHasNothingLeft() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSense], locality: .leftTrigger)
        try driver.apply(frame(100, strong: 1, weak: 0))
        try driver.stop()
        #expect(fake.guardianMessages.map(\.first) == [0x41, 0x44])
        driver.close()
        #expect(fake.reports(to: "/dev/hidraw3").count == 2)
    }

    @Test func aSoundingFrameEndsOnItsOwnWhenNoNewerFrameComes() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSense], locality: .rightTrigger)
        let start = fake.now
        try driver.apply(frame(100, strong: 1, weak: 1))
        fake.advance(by: .milliseconds(80))
        // A newer frame moves the end on.
        try driver.apply(frame(100, strong: 0.5, weak: 0.5))
        fake.advance(by: .milliseconds(400))
        let reports = fake.reports(to: "/dev/hidraw3")
        #expect(reports.map { $0.at - start } == [.zero, .milliseconds(80), .milliseconds(230)])
        #expect(reports.last.map { Array($0.bytes[11..<22]) } == DualSenseTriggerBlock.off.bytes)
    }

    @Test func bluetoothReportsCountTheirSequenceAndCheckTheirCRC() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSenseBluetooth], locality: .leftTrigger)
        for _ in 0..<17 { try driver.apply(frame(20, strong: 0.5, weak: 0.5)) }
        let reports = fake.reports(to: "/dev/hidraw4").map(\.bytes)
        #expect(reports.count == 17)
        #expect(reports.map { $0[1] >> 4 } == (0..<17).map { UInt8($0 % 16) })
        for report in reports {
            #expect(report.count == 78 && report[0] == 0x31 && report[2] == 0x10 && report[3] == 0x08)
            let crc = CRC32.checksum([0xA2] + report[..<74])
            #expect(Array(report[74...]) == (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) })
        }
    }

    @Test func handlesThroughHidrawSetTheMotorBits() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSense], locality: .handles)
        try driver.apply(frame(100, strong: 1, weak: 0.2))
        try driver.stop()
        let reports = fake.reports(to: "/dev/hidraw3").map(\.bytes)
        #expect(reports.map { Array($0[1...4]) } == [[0x03, 0, 51, 255], [0x03, 0, 0, 0]])
    }

    @Test func aSetTriggerEffectHoldsUntilStopAndSilenceReturnsToIt() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.dualSense], locality: .rightTrigger)
        let weapon = TriggerEffect.weapon(start: 0.3, end: 0.6, strength: 1)
        try driver.setTriggerEffect(weapon, on: .right)
        try driver.apply(frame(50, strong: 1, weak: 1))
        try driver.apply(silence)
        try driver.stop()
        let blocks = fake.reports(to: "/dev/hidraw3").map { Array($0.bytes[11..<22]) }
        #expect(blocks.count == 4)
        #expect(blocks[0] == DualSenseTriggerBlock(weapon).bytes)
        #expect(blocks[1][0] == 0x26)
        #expect(blocks[2] == DualSenseTriggerBlock(weapon).bytes)
        #expect(blocks[3] == DualSenseTriggerBlock.off.bytes)
    }

    @Test func triggerEffectsNeedNumbersAndAdaptiveTriggers() {
        let fake = FakeHidraw()
        let bad = TriggerEffect.feedback(start: .nan, strength: 1)
        // NaN equals nothing, so the case is matched rather than compared.
        let error = #expect(throws: HidrawError.self) { try fake.driver([Pads.dualSense]).setTriggerEffect(bad, on: .left) }
        guard case .invalidTriggerEffect(.feedback(let start, 1)) = error, start.isNaN else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(fake.reports(to: "/dev/hidraw3").isEmpty)
        #expect(throws: HidrawError.noAdaptiveTriggers(name: "Nintendo Switch Pro Controller")) {
            try fake.driver([Pads.switchPro]).setTriggerEffect(.off, on: .left)
        }
        #expect(fake.reports(to: "/dev/hidraw5").isEmpty)
    }

    // MARK: - Switch Pro

    @Test func aSoundingFrameIsFedEveryFiftyMillisecondsUntilItEnds() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.switchPro])
        let start = fake.now
        try driver.apply(frame(200, strong: 0.5, weak: 0.5))
        fake.advance(by: .milliseconds(400))
        let reports = fake.reports(to: "/dev/hidraw5")
        #expect(reports.map { $0.at - start } == [0, 50, 100, 150].map { .milliseconds($0) })
        #expect(reports.map { $0.bytes[1] } == [0, 1, 2, 3])
        // The same levels each time: the frame's.
        let rumble = SwitchHDRumble(frame(200, strong: 0.5, weak: 0.5))
        #expect(reports.allSatisfy { Array($0.bytes[2...]) == rumble.bytes + rumble.bytes })
    }

    @Test func aNewFrameReplacesTheFeedAndStopSilencesBothActuators() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.switchPro])
        try driver.apply(frame(500, strong: 1, weak: 0))
        fake.advance(by: .milliseconds(60))
        try driver.apply(frame(500, strong: 0, weak: 1))
        fake.advance(by: .milliseconds(20))
        try driver.stop()
        fake.advance(by: .milliseconds(500))
        let reports = fake.reports(to: "/dev/hidraw5").map(\.bytes)
        #expect(reports.count == 4)
        #expect(reports.last.map { Array($0[2...]) } == SwitchHDRumble.silence.bytes + SwitchHDRumble.silence.bytes)
        // Counters run on, one a report.
        #expect(reports.map { $0[1] } == [0, 1, 2, 3])
    }

    @Test func theCounterWrapsAfterFifteen() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.switchPro])
        for _ in 0..<18 { try driver.apply(frame(20, strong: 0.5, weak: 0.5)) }
        #expect(fake.reports(to: "/dev/hidraw5").map { $0.bytes[1] } == (0..<18).map { UInt8($0 % 16) })
    }

    @Test func oneHandleCarriesTheFrameAndTheOtherIsSilent() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.switchPro], locality: .leftHandle)
        try driver.apply(frame(20, strong: 0.8, weak: 0.1))
        let report = try #require(fake.reports(to: "/dev/hidraw5").first).bytes
        #expect(Array(report[2..<6]) == SwitchHDRumble(frame(20, strong: 0.8, weak: 0.1)).bytes)
        #expect(Array(report[6..<10]) == SwitchHDRumble.silence.bytes)
    }

    @Test func closeWritesTheSilencesTheGuardianHolds() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.switchPro])
        try driver.apply(frame(20, strong: 0.5, weak: 0.5))
        driver.close()
        let reports = fake.reports(to: "/dev/hidraw5").map(\.bytes)
        #expect(reports.count == 4)
        #expect(reports.dropFirst().allSatisfy { Array($0[2...]) == SwitchHDRumble.silence.bytes + SwitchHDRumble.silence.bytes })
        #expect(fake.guardianMessages.last == HidrawGuardian.disarmMessage)
    }

    // MARK: - Xbox

    @Test func reportsKeepFiftyMillisecondsApartAndTheLastSilenceGoesOut() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.xbox])
        let start = fake.now
        try driver.apply(frame(40, strong: 1, weak: 0.5))
        fake.advance(by: .milliseconds(20))
        try driver.apply(frame(40, strong: 0.2, weak: 0.2))
        fake.advance(by: .milliseconds(10))
        try driver.stop()
        fake.advance(by: .milliseconds(100))
        let reports = fake.reports(to: "/dev/hidraw6")
        #expect(reports.map { $0.at - start } == [.zero, .milliseconds(50)])
        #expect(reports.first?.bytes == [0x03, 0x0F, 100, 50, 100, 50, 4, 0, 0])
        // The frame waiting was replaced by the newer silence.
        #expect(reports.last?.bytes == XboxRumbleReport.silence.bytes)
        #expect(fake.pendingTimers == 0)
    }

    /// The spacing counts from when a write returned, so a slow write (or a thread held up
    /// between reading the clock and writing) cannot bring the next report closer.
    @Test func theSpacingCountsFromTheEndOfTheLastWrite() throws {
        let fake = FakeHidraw(writeCost: .milliseconds(30))
        let driver = fake.driver([Pads.xbox])
        try driver.apply(frame(100, strong: 1, weak: 0))
        fake.advance(by: .milliseconds(25))
        try driver.apply(frame(100, strong: 0.5, weak: 0))
        fake.advance(by: .milliseconds(100))
        let reports = fake.reports(to: "/dev/hidraw6")
        try #require(reports.count == 2)
        #expect(reports[1].at - (reports[0].at + .milliseconds(30)) >= .milliseconds(50))
    }

    @Test func handleLocalitiesLeaveTheTriggersAtZero() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.xbox], locality: .rightHandle)
        try driver.apply(frame(3000, strong: 0.3, weak: 0.6))
        #expect(fake.reports(to: "/dev/hidraw6").first?.bytes == [0x03, 0x0F, 0, 0, 0, 60, 255, 0, 0])
    }

    @Test func closeWaitsOutTheSpacingThenHandsTheMotorsBack() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.xbox], locality: .triggers)
        try driver.apply(frame(100, strong: 1, weak: 0))
        fake.advance(by: .milliseconds(10))
        driver.close()
        let reports = fake.reports(to: "/dev/hidraw6")
        #expect(fake.sleeps == [.milliseconds(40)])
        #expect(reports.map(\.bytes) == [[0x03, 0x0F, 100, 0, 0, 0, 10, 0, 0], XboxRumbleReport.silence.bytes])
        #expect(reports[1].at - reports[0].at >= .milliseconds(50))
    }

    @Test func aSteamDeckGetsFeatureReportsAndItsGuardianResetsWithOne() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.steamDeck], locality: .handles)
        try driver.apply(frame(100, strong: 1, weak: 0))
        fake.advance(by: .milliseconds(100))
        driver.close()
        let reports = fake.reports(to: "/dev/hidraw8")
        #expect(reports.allSatisfy { $0.isFeature })
        #expect(reports.map { $0.bytes[1] } == [0xEB, 0xEB])
        #expect(reports[1].bytes == SteamRumbleReport.stop.bytes && reports[1].at == reports[0].at + .milliseconds(100))
        let arm = try #require(fake.guardianMessages.first)
        // 'A', the body's length, then the reset's length with the FEATURE bit 0x8000.
        #expect(arm[0] == 0x41 && arm[3] == 65 && arm[4] == 0x80 && Array(arm[5...]) == SteamRumbleReport.stop.bytes)
        #expect(fake.guardianMessages.last == HidrawGuardian.disarmMessage)
    }

    @Test func aSteamDecksNodeIsClosedWhileIdleAndOpenedAgainForTheNextReport() throws {
        let fake = FakeHidraw()
        let closedNodes = { fake.closed.filter { $0 < FakeHidraw.firstControl } }
        let driver = fake.driver([Pads.steamDeck], locality: .handles)
        try driver.apply(frame(100, strong: 1, weak: 0))
        let first = try #require(fake.reports(to: "/dev/hidraw8").first?.fd)
        fake.advance(by: .milliseconds(100))
        fake.advance(by: HidrawDriver.idleRelease - .milliseconds(1))
        #expect(closedNodes().isEmpty)
        fake.advance(by: .milliseconds(1))
        #expect(closedNodes() == [first])
        try driver.apply(frame(50, strong: 0.5, weak: 0))
        let reopened = fake.reports(to: "/dev/hidraw8")
        #expect(reopened.count == 1 && reopened[0].fd != first && reopened[0].bytes[1] == 0xEB)
        #expect(driver.pads.map(\.model) == [.steamDeck])
        fake.advance(by: .milliseconds(20))
        try driver.apply(frame(50, strong: 0.5, weak: 0))
        fake.advance(by: .milliseconds(50) + HidrawDriver.idleRelease - .milliseconds(1))
        #expect(closedNodes() == [first])
        driver.close()
        #expect(closedNodes() == [first, reopened[0].fd])
    }

    @Test func aPadThatKeepsItsInputKeepsItsNodeOpenWhileIdle() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.switchPro])
        try driver.apply(frame(100, strong: 1, weak: 0))
        fake.advance(by: .seconds(2))
        #expect(fake.closed.filter { $0 < FakeHidraw.firstControl }.isEmpty)
        driver.close()
    }

    @Test func theRightTrackpadAlonePulsesTheRightSide() throws {
        let fake = FakeHidraw()
        let driver = fake.driver([Pads.steamDeck], locality: .rightTrackpad)
        try driver.apply(frame(20, strong: 1, weak: 0))
        driver.close()
        let reports = fake.reports(to: "/dev/hidraw8")
        #expect(reports.count == 1 && reports[0].isFeature)
        #expect(reports[0].bytes[1] == 0x8F && reports[0].bytes[3] == 0)
    }
}

// MARK: - Xbox trigger motors

extension HidrawDriverTests {
    /// An Xbox input report 1 with the right trigger at `right` (0...1023).
    private func xboxInput(right: UInt16) -> [UInt8] {
        [0x01, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0, UInt8(right & 0xFF), UInt8(right >> 8), 0, 0, 0]
    }

    @Test func theXboxTriggerMotorsFollowTheTriggerThroughItsInput() throws {
        let fake = FakeHidraw()
        let notices = Mutex<[String]>([])
        let driver = HidrawDriver(
            selection: .auto, locality: .all, devices: { [Pads.xbox] },
            discovery: HidrawDiscovery(sysfs: "/sys", devices: "/dev", system: fake.system), system: fake.system,
            notice: { line in notices.withLock { $0.append(line) } })
        fake.queueInputs([xboxInput(right: 716)])
        // Set twice: the frequency is told about once.
        try driver.setTriggerEffect(.vibration(start: 0.5, amplitude: 0.8, frequency: 0.3), on: .right)
        try driver.setTriggerEffect(.vibration(start: 0.5, amplitude: 0.8, frequency: 0.3), on: .right)
        // The reader's thread reads the queued report: 716 / 1023 ≈ 0.7, past the start.
        let deadline = ContinuousClock.now + .seconds(5)
        while fake.reportsThroughAnyDescriptor(to: "/dev/hidraw6").isEmpty && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        #expect(fake.reportsThroughAnyDescriptor(to: "/dev/hidraw6").map(\.bytes) == [[0x03, 0x0F, 0, 80, 0, 0, 25, 0, 0]])
        fake.advance(by: XboxBluetoothPad.refresh)
        #expect(fake.reportsThroughAnyDescriptor(to: "/dev/hidraw6").map(\.bytes).last == [0x03, 0x0F, 0, 80, 0, 0, 25, 0, 0])
        #expect(fake.reportsThroughAnyDescriptor(to: "/dev/hidraw6").count == 2)
        try driver.setTriggerEffect(.off, on: .right)
        // The silence waits out the spacing; the refresh due meanwhile finds nothing to send.
        fake.advance(by: XboxBluetoothPad.refresh)
        #expect(fake.reportsThroughAnyDescriptor(to: "/dev/hidraw6").map(\.bytes).dropFirst(2) == [XboxRumbleReport.silence.bytes])
        #expect(fake.pendingTimers == 0)
        #expect(notices.withLock { $0 }.count == 1)
        #expect(notices.withLock { $0 }.first?.contains("no frequency") == true)
    }

    @Test func theXboxRefusesTheResistanceModesNamingWhatItPlays() {
        let fake = FakeHidraw()
        let refused: [TriggerEffect] = [
            .feedback(start: 0.3, strength: 1), .weapon(start: 0.2, end: 0.5, strength: 1),
            .slopeFeedback(start: 0, end: 1, strength: 0, endStrength: 1), .positionalFeedback(strengths: Array(repeating: 1, count: 10)),
        ]
        for effect in refused {
            #expect(throws: HidrawError.triggerMotorsOnly(name: "Xbox Wireless Controller")) {
                try fake.driver([Pads.xbox]).setTriggerEffect(effect, on: .left)
            }
        }
        #expect(fake.reports(to: "/dev/hidraw6").isEmpty)
        #expect(
            "\(HidrawError.triggerMotorsOnly(name: "Xbox Wireless Controller"))"
                == "Xbox Wireless Controller has trigger motors, not adaptive triggers: it plays vibration and positional-vibration on them"
        )
    }
}
