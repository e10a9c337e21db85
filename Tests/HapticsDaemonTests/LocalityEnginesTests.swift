import HapticsModel
import HapticsPlayback
import HapticsTesting
import Testing

@testable import HapticsDaemon

/// The engines of the `…At` methods: made once per output, kept while used, closed (and so
/// reset) when idle.
@Suite struct LocalityEnginesTests {
    /// Engines over recording drivers, one per output made, with the outputs in the order made.
    private final class Made {
        var drivers: [LocalityRoute.Output: RecordingDriver] = [:]
        var order: [LocalityRoute.Output] = []
    }

    private func engines(_ paths: [LocalityRoute.Path], pads: [LocalityRoute.Pad] = [], made: Made) -> LocalityEngines {
        LocalityEngines(paths: paths) {
            pads
        } make: { output throws(MethodError) in
            let driver = RecordingDriver()
            driver.prepare()
            made.drivers[output] = driver
            made.order.append(output)
            return HapticEngine(driver: driver)
        }
    }

    @Test func anOutputsEngineIsMadeOnceAndClosedWhenIdleWhichResetsItsDriver() throws {
        let made = Made()
        let localities = engines([.lines(.json)], made: made)
        let first = try localities.engines(for: .rightTrigger)
        let again = try localities.engines(for: .rightTrigger)
        #expect(first.count == 1 && again.count == 1 && first[0] === again[0])
        #expect(made.order == [.lines(.json, locality: .rightTrigger)])
        localities.setGain(0.25)
        #expect(first[0].gain == 0.25)
        #expect(localities.close { $0 === first[0] } == 0)
        #expect(made.drivers[.lines(.json, locality: .rightTrigger)]?.entries.contains(.close) == false)
        #expect(localities.close { _ in false } == 1)
        #expect(made.drivers[.lines(.json, locality: .rightTrigger)]?.entries.last == .close)
        let remade = try localities.engines(for: .triggers)
        #expect(remade[0] !== first[0] && remade[0].gain == 0.25)
        #expect(made.order.count == 2)
    }

    @Test func aLocalityThatCannotPlayIsTheCallsError() {
        let made = Made()
        let localities = engines([.evdev], made: made)
        #expect(
            throws: MethodError.localityUnavailable(
                "no pad is driven to play at left-trigger: plug one in (the Devices property lists them)")
        ) {
            try localities.engines(for: .leftTrigger)
        }
        #expect(made.order.isEmpty)
        let unavailable = LocalityEngines.error(for: .unavailable(.rightTrigger, available: [.all, .handles]))
        #expect(unavailable.name == "io.github.haptics.Haptics1.Error.LocalityUnavailable")
        #expect(unavailable.message == "no pad driven has right-trigger; the localities the pads have: all, handles")
        let denied = LocalityEngines.error(for: .permissionDenied(.triggers, node: "/dev/hidraw3", name: "DualSense Wireless Controller"))
        #expect(denied.name == "org.freedesktop.DBus.Error.AccessDenied")
        #expect(denied.message.contains("/dev/hidraw3") && denied.message.contains("udev/70-haptics.rules"))
    }

    @Test func anOutputThatCannotBeOpenedIsAFailedCallSayingWhy() {
        let (origin, voiceCoils) = (MonotonicInstant.now, VoiceCoilCards { _ in })
        for output in [
            LocalityRoute.Output.evdev(nodes: ["/dev/null"], parts: [.leftHandle]), .hidraw(node: "/dev/null", locality: .rightTrigger),
        ] {
            do {
                let engine = try LocalityEngines.liveEngine(for: output, origin: origin, voiceCoils: voiceCoils) { _ in }
                Issue.record("\(output) opened: \(engine)")
            } catch {
                #expect(error.name == "org.freedesktop.DBus.Error.Failed", "\(output): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
        let lines = LocalityRoute.Output.lines(.json, locality: .triggers)
        #expect((try? LocalityEngines.liveEngine(for: lines, origin: origin, voiceCoils: voiceCoils) { _ in }) != nil)
    }
}
