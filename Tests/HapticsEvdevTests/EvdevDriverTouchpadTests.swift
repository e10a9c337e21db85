import CEvdev
import Glibc
import Haptics
import Testing

@testable import HapticsEvdev

@Suite struct EvdevDriverTouchpadTests {
    private let pad = "/dev/input/event7"

    private func driver(_ system: FakeInputSystem, kernel: String, notices: Notices = Notices()) -> EvdevDriver {
        var syscalls = system.syscalls
        syscalls.kernelRelease = { kernel }
        return EvdevDriver(selection: .auto, directory: "/dev/input", system: syscalls, notice: { notices.append($0) })
    }

    private func frame(at ms: Int, for length: Int, _ level: Double) -> RumbleFrame {
        RumbleFrame(start: .milliseconds(ms), duration: .milliseconds(length), strong: level, weak: 0)
    }

    @Test func aTouchpadIsFoundAndListedAsOne() {
        let system = FakeInputSystem([pad: FakeInputSystem.touchpad("Glass Pad")])
        let devices = DeviceDiscovery(directory: "/dev/input", system: system.syscalls).devices()
        #expect(devices.map(\.kind) == ["touchpad"])
        #expect(devices.first?.summary.contains("touchpad, 1 slots") == true)
        #expect(devices.first?.json.contains(#""kind":"touchpad""#) == true)
    }

    @Test func aPressurePadWithoutHapticOrAHapticDeviceWithoutPressureIsNoTouchpad() {
        var noHaptic = FakeInputSystem.touchpad("Plain")
        noHaptic.hasHaptic = false
        var noPressure = FakeInputSystem.touchpad("Odd")
        noPressure.isPressurePad = false
        #expect(!noHaptic.canVibrate && !noHaptic.isHapticTouchpad)
        #expect(!noPressure.canVibrate && !noPressure.isHapticTouchpad)
    }

    @Test func preparingFindsTheContinuousWaveformThePadLists() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.touchpad("Glass Pad")])
        system.state.withLock { $0.refusedWaveforms[pad] = [HapticWaveform.buzzContinuous.rawValue] }
        let driver = driver(system, kernel: "7.3.4+deb13-amd64")
        try driver.prepare()
        #expect(
            system.calls.filter { if case .haptic = $0 { true } else { false } } == [
                .haptic(pad, id: 0, usage: 0x1003, intensity: 0, length: 50), .haptic(pad, id: 0, usage: 0x1005, intensity: 0, length: 50),
                .haptic(pad, id: 0, usage: 0x1003, intensity: 0, length: 50),
            ])
        system.resetCalls()
        try driver.apply(frame(at: 0, for: 300, 0.5))
        #expect(
            system.calls == [
                .haptic(pad, id: 0, usage: 0x1005, intensity: 50, length: 350), .write(pad, type: UInt16(EV_FF), code: 0, value: 1),
            ])
    }

    @Test func anImpactIsAClickAndSilenceWritesNothingMore() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.touchpad("Glass Pad")])
        let driver = driver(system, kernel: "7.3.4+deb13-amd64")
        try driver.prepare()
        system.resetCalls()
        try driver.apply(frame(at: 0, for: 40, 0.75))
        try driver.apply(frame(at: 40, for: 0, 0))
        #expect(
            system.calls == [
                .haptic(pad, id: 0, usage: 0x1003, intensity: 75, length: 90), .write(pad, type: UInt16(EV_FF), code: 0, value: 1),
            ])
    }

    @Test func aPadWithoutContinuousWaveformsLeavesThemOutWithOneNotice() throws {
        let system = FakeInputSystem([pad: FakeInputSystem.touchpad("Glass Pad")])
        system.state.withLock { $0.refusedWaveforms[pad] = Set(HapticWaveform.continuous.map(\.rawValue)) }
        let notices = Notices()
        let driver = driver(system, kernel: "7.3.4+deb13-amd64", notices: notices)
        try driver.apply(frame(at: 0, for: 300, 1))
        try driver.apply(frame(at: 300, for: 100, 0.5))
        #expect(notices.lines == ["\(pad) (Glass Pad) lists no continuous waveform: the pattern's continuous parts are left out"])
    }

    @Test func anOlderKernelSaysWhichKernelTouchpadsNeed() {
        let system = FakeInputSystem([pad: FakeInputSystem.touchpad("Glass Pad")])
        system.state.withLock { $0.kernelHasHaptic = false }
        let driver = driver(system, kernel: "6.1.0-28-amd64")
        #expect(throws: EvdevError.hapticNeedsNewerKernel(node: pad, name: "Glass Pad", kernel: "6.1.0-28-amd64")) {
            try driver.prepare()
        }
        let message = "\(EvdevError.hapticNeedsNewerKernel(node: pad, name: "Glass Pad", kernel: "6.1.0-28-amd64"))"
        #expect(message.contains("Linux 6.18 or newer") && message.contains("6.1.0-28-amd64"))
    }

    @Test func onANewKernelARefusedClickIsNoKernelError() {
        let system = FakeInputSystem([pad: FakeInputSystem.touchpad("Glass Pad")])
        system.state.withLock { $0.refusedWaveforms[pad] = [HapticWaveform.click.rawValue] }
        let driver = driver(system, kernel: "7.3.4+deb13-amd64")
        #expect(throws: EvdevError.system(operation: "uploading a click", node: pad, errno: Errno(EINVAL))) { try driver.prepare() }
    }
}
