import CEvdev
import Glibc
import Haptics
import Synchronization
import Testing

@testable import HapticsEvdev

@Suite struct EvdevDriverTests {
    private let pad = "/dev/input/event3"

    private func driver(_ system: FakeInputSystem, _ selection: DeviceSelection = .auto, notices: Notices = Notices()) -> EvdevDriver {
        EvdevDriver(selection: selection, directory: "/dev/input", system: system.syscalls, notice: { notices.append($0) })
    }

    private func frame(_ strong: Double, _ weak: Double, ms: Int = 40, gain: Double = 1) -> RumbleFrame {
        RumbleFrame(start: .zero, duration: .milliseconds(ms), strong: strong, weak: weak, gain: gain)
    }

    @Test func prepareOpensTheGamepadAndUploadsOneSilentEffect() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad")])
        let driver = driver(system)
        try driver.prepare()
        try driver.prepare()
        #expect(
            system.calls == [
                .open(pad), .close(pad), .open(pad), .upload(pad, id: 0, type: UInt16(FF_RUMBLE), strong: 0, weak: 0, length: 50),
                .write(pad, type: UInt16(EV_FF), code: UInt16(FF_GAIN), value: 0xFFFF),
            ])
    }

    @Test func eachFrameUpdatesTheSameEffectInPlaceThenWritesPlay() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad", gain: false)])
        let driver = driver(system)
        try driver.apply(frame(1, 0.5, ms: 160))
        #expect(
            system.calls.suffix(2) == [
                .upload(pad, id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0x8000, length: 210),
                .write(pad, type: UInt16(EV_FF), code: 0, value: 1),
            ])
    }

    @Test func oneSlotServesAThousandFrames() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad", slots: 2)])
        let driver = driver(system)
        for index in 0..<1000 { try driver.apply(frame(Double(index % 7) / 7 + 0.1, 0.2)) }
        let uploads = system.calls.compactMap { call -> Int16? in
            if case .upload(_, let id, _, _, _, _) = call { id } else { nil }
        }
        #expect(uploads.count == 1001)
        #expect(Set(uploads) == [0])
    }

    @Test func everyUploadHasAFiniteLength() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad")])
        let driver = driver(system)
        try driver.apply(RumbleFrame(start: .zero, duration: .seconds(100), strong: 1, weak: 1))
        try driver.apply(RumbleFrame(start: .zero, duration: .zero, strong: 1, weak: 1))
        let lengths = system.calls.compactMap { call -> UInt16? in
            if case .upload(_, _, _, _, _, let length) = call { length } else { nil }
        }
        #expect(lengths == [50, 32767, 50])
    }

    @Test func aLevelAboveZeroReachesTheDevicesFirstStepAndOthersGoOutAsBefore() throws {
        let generic = DeviceCapabilities(
            name: "Pad", vendor: 0x1234, product: 0x5678, bus: 3, hasRumble: true, hasPeriodic: false, hasGain: false, isGamepad: true,
            effectSlots: 16)
        let system = FakeInputSystem([pad: FakeInputSystem.pad("DualSense"), "/dev/input/event4": generic])
        let driver = driver(system, .all)
        try driver.apply(frame(0.002, 0.5))
        try driver.apply(frame(0.000_001, 0.5))
        let uploads = system.calls.compactMap { call -> [UInt16]? in
            if case .upload(let node, _, _, let strong, let weak, _) = call, strong > 0 {
                [node == pad ? 1 : 2, strong, weak]
            } else {
                nil
            }
        }
        // hid-playstation sends magnitude / 256: 0.002 (131) would be silence there, so the
        // first step's magnitude (257, inside it) goes out; on a generic pad 131 goes out as it is.
        #expect(uploads == [[1, 257, 32768], [2, 131, 32768], [1, 257, 32768], [2, 1, 32768]])
    }

    @Test func theFloorFollowsEachDriversSteps() {
        #expect(RumbleEffect.magnitude(0.001, on: .percent) == 656)
        #expect(RumbleEffect.magnitude(0.001, on: .nintendoTable) == 66)
        #expect(RumbleEffect.magnitude(0.5, on: .percent) == RumbleEffect.magnitude(0.5))
        #expect(RumbleEffect.magnitude(0, on: .highByte) == 0)
    }

    @Test func replayLengthsRoundUpToWholeMillisecondsOnBothSidesOf64Bits() {
        #expect(RumbleEffect.replayLength(for: .milliseconds(40)) == 90)
        #expect(RumbleEffect.replayLength(for: .nanoseconds(40_000_001)) == 91)
        #expect(RumbleEffect.replayLength(for: .seconds(9)) == 9050)
        #expect(RumbleEffect.replayLength(for: .seconds(10) + .nanoseconds(1)) == 10051)
        #expect(RumbleEffect.replayLength(for: .seconds(-1)) == 1)
    }

    @Test func aSilentFrameStopsWithoutUploading() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad")])
        let driver = driver(system)
        try driver.apply(frame(1, 1))
        system.resetCalls()
        try driver.apply(frame(0, 0, ms: 0))
        try driver.apply(frame(0, 0, ms: 0))
        #expect(system.calls == [.write(pad, type: UInt16(EV_FF), code: 0, value: 0)])
    }

    @Test func gainGoesToFFGainWhereTheDeviceHasIt() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad", gain: true)])
        let driver = driver(system)
        try driver.apply(frame(1, 1, gain: 0.5))
        #expect(system.calls.contains(.write(pad, type: UInt16(EV_FF), code: UInt16(FF_GAIN), value: 0x8000)))
        #expect(system.calls.contains(.upload(pad, id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 90)))
    }

    @Test func gainScalesTheLevelsWhereTheDeviceLacksIt() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad", gain: false)])
        let driver = driver(system)
        try driver.apply(frame(1, 1, gain: 0.5))
        #expect(!system.calls.contains { if case .write(_, _, UInt16(FF_GAIN), _) = $0 { true } else { false } })
        #expect(system.calls.contains(.upload(pad, id: 0, type: UInt16(FF_RUMBLE), strong: 0x8000, weak: 0x8000, length: 90)))
    }

    @Test func aPeriodicOnlyDeviceGetsAPeriodicEffect() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Vibrator", rumble: false, gamepad: false)])
        let driver = driver(system)
        try driver.apply(frame(0.5, 1))
        #expect(system.calls.contains(.upload(pad, id: 0, type: UInt16(FF_PERIODIC), strong: 0x7FFF, weak: 0, length: 90)))
    }

    @Test func stopWritesAStopAndErasesAndCloseClosesTheDevice() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad")])
        let driver = driver(system)
        try driver.apply(frame(1, 1))
        system.resetCalls()
        try driver.stop()
        #expect(system.calls == [.write(pad, type: UInt16(EV_FF), code: 0, value: 0), .erase(pad, id: 0)])
        try driver.apply(frame(1, 1))
        system.resetCalls()
        driver.close()
        #expect(system.calls == [.write(pad, type: UInt16(EV_FF), code: 0, value: 0), .erase(pad, id: 0), .close(pad)])
        #expect(driver.devices.isEmpty)
    }

    @Test func aFrameAfterStopOrCloseGetsTheDeviceReadyAgain() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad")])
        let driver = driver(system, .path(pad))
        try driver.apply(frame(1, 1))
        try driver.stop()
        system.resetCalls()
        try driver.apply(frame(1, 1))
        #expect(
            system.calls == [
                .upload(pad, id: 0, type: UInt16(FF_RUMBLE), strong: 0, weak: 0, length: 50),
                .upload(pad, id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 90),
                .write(pad, type: UInt16(EV_FF), code: 0, value: 1),
            ])
        driver.close()
        system.resetCalls()
        try driver.apply(frame(1, 1))
        #expect(
            system.calls.prefix(4) == [
                .open(pad), .close(pad), .open(pad), .upload(pad, id: 0, type: UInt16(FF_RUMBLE), strong: 0, weak: 0, length: 50),
            ])
        #expect(driver.devices.map(\.node) == [pad])
    }

    @Test func permissionDeniedNamesTheNodeAndTheFix() {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad")])
        system.state.withLock { $0.readOnly = [pad] }
        #expect(throws: EvdevError.permissionDenied(node: pad)) { try driver(system).prepare() }
    }

    @Test func aDeviceUnpluggedMidPlayIsDroppedWhileTheOthersPlayOn() throws {
        let other = "/dev/input/event7"
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Left"), other: FakeInputSystem.pad("Right")])
        let notices = Notices()
        let driver = driver(system, .all, notices: notices)
        try driver.apply(frame(1, 1))
        system.state.withLock { $0.writeFailures[pad] = [ENODEV] }
        try driver.apply(frame(0.5, 0.5))
        try driver.apply(frame(0.25, 0.25))
        #expect(driver.devices.map(\.node) == [other])
        #expect(notices.lines == ["\(pad) (Left) was unplugged; dropped it"])
        #expect(
            system.calls.suffix(2) == [
                .upload(other, id: 0, type: UInt16(FF_RUMBLE), strong: 0x4000, weak: 0x4000, length: 90),
                .write(other, type: UInt16(EV_FF), code: 0, value: 1),
            ])
    }

    @Test func aDevicePlayedElsewhereStaysListedAndTheFramesPassItBy() throws {
        let other = "/dev/input/event7"
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Left"), other: FakeInputSystem.pad("Right")])
        let driver = driver(system, .all)
        try driver.apply(frame(1, 1))
        driver.playElsewhere([pad])
        #expect(system.calls.last == .write(pad, type: UInt16(EV_FF), code: 0, value: 0))
        let before = system.calls.count
        try driver.apply(frame(0.5, 0.5))
        #expect(driver.devices.map(\.node) == [pad, other])
        #expect(!system.calls.dropFirst(before).contains { if case .upload(pad, _, _, _, _, _) = $0 { true } else { false } })
        #expect(system.calls.dropFirst(before).contains { if case .upload(other, _, _, _, _, _) = $0 { true } else { false } })
        driver.playElsewhere([])
        try driver.apply(frame(0.25, 0.25))
        #expect(system.calls.contains { if case .upload(pad, _, _, _, 0x4000, _) = $0 { true } else { false } })
    }

    @Test func noFreeSlotExplainsWhoHoldsThem() {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad")])
        system.state.withLock { $0.uploadFailures[pad] = [ENOSPC] }
        #expect(throws: EvdevError.noFreeEffectSlot(node: pad, name: "Pad", slots: 16)) { try driver(system).prepare() }
    }

    @Test func interruptedCallsAreRetried() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("Pad", gain: false)])
        system.state.withLock {
            $0.writeFailures[pad] = [EINTR, EINTR]
            $0.uploadFailures[pad] = [EINTR]
        }
        let driver = driver(system)
        try driver.apply(frame(1, 1))
        #expect(system.calls.filter { if case .write = $0 { true } else { false } }.count == 1)
        #expect(system.calls.filter { if case .upload = $0 { true } else { false } }.count == 2)
    }

    @Test func noDeviceSaysWhatToDo() {
        let system = FakeInputSystem([:])
        #expect(throws: EvdevError.noDevice(selection: .auto, directory: "/dev/input")) { try driver(system).prepare() }
    }

    @Test func autoPrefersAGamepadOverOtherVibratingDevices() throws {
        let phone = "/dev/input/event1"
        let system = FakeInputSystem([phone: FakeInputSystem.pad("Vibrator", gamepad: false), pad: FakeInputSystem.pad("Pad")])
        let driver = driver(system)
        try driver.prepare()
        #expect(driver.devices.map(\.node) == [pad])
    }

    @Test func aPadPluggedInJoinsAndAnUnpluggedOneLeavesThroughTheCallersLoop() throws {
        let system = FakeInputSystem(["/dev/input/event2": FakeInputSystem.pad("First")])
        let notices = Notices()
        let counts = Mutex<[Int]>([])
        let holder = Mutex<EvdevDriver?>(nil)
        let driver = EvdevDriver(selection: .all, directory: "/dev/input", system: system.syscalls, watchesHotPlug: false) { line in
            notices.append(line)
            // A notice comes after the driver's lock is released: asking the driver is safe.
            let count = holder.withLock { $0 }?.devices.count ?? -1
            counts.withLock { $0.append(count) }
        }
        holder.withLock { $0 = driver }
        try driver.prepare()
        #expect(driver.devices.map(\.node) == ["/dev/input/event2"])
        system.state.withLock { $0.devices["/dev/input/event5"] = FakeInputSystem.pad("Second") }
        driver.handle(.appeared("/dev/input/event5"))
        #expect(driver.devices.map(\.node) == ["/dev/input/event2", "/dev/input/event5"])
        driver.handle(.disappeared("/dev/input/event2"))
        #expect(driver.devices.map(\.node) == ["/dev/input/event5"])
        #expect(
            notices.lines == [
                "/dev/input/event5 (Second) plugged in: it will rumble too",
                "/dev/input/event2 (First) was unplugged; dropped it",
            ])
        #expect(counts.withLock { $0 } == [2, 1])
        try driver.apply(frame(1, 1))
        #expect(
            system.calls.contains(.upload("/dev/input/event5", id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 90)))
        holder.withLock { $0 = nil }
    }

    @Test func aFixedSelectionTakesNoPadPluggedInLater() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.pad("First")])
        let driver = EvdevDriver(selection: .path(pad), directory: "/dev/input", system: system.syscalls, watchesHotPlug: false) { _ in }
        try driver.prepare()
        system.state.withLock { $0.devices["/dev/input/event5"] = FakeInputSystem.pad("Second") }
        driver.handle(.appeared("/dev/input/event5"))
        #expect(driver.devices.map(\.node) == [pad])
    }
}

/// Collects notice lines.
final class Notices: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}
