import HapticsHidraw
import HapticsModel
import Testing

@testable import HapticsRouting

/// `auto` splits each pad's parts between evdev and hidraw as the design's "Localities and
/// paths" says; `evdev` plays handles only.
@Suite struct PadPathsTests {
    private let writable = HidrawAccess.writable(node: "/dev/hidraw3")
    private let readOnly = HidrawAccess.readOnly(node: "/dev/hidraw3")
    private let name = "the pad (/dev/input/event5)"

    private func auto(_ profile: PadProfile?, _ access: HidrawAccess, _ locality: Locality) throws -> PadPaths {
        try PadPaths.auto(profile: profile, access: access, locality: locality, name: name)
    }

    @Test func aSwitchProWithAWritableNodePlaysHDRumble() throws {
        #expect(try auto(.switchPro, writable, .all) == PadPaths(evdev: [], hidraw: PadPart.handles))
        #expect(try auto(.switchPro, writable, .leftHandle) == PadPaths(evdev: [], hidraw: [.leftHandle]))
        #expect(try auto(.switchPro, readOnly, .all) == PadPaths(evdev: PadPart.handles, hidraw: []))
        #expect(try auto(.switchPro, .none, .rightHandle) == PadPaths(evdev: [.rightHandle], hidraw: []))
    }

    @Test func aDualSensePlaysItsHandlesThroughEvdevAndItsTriggersThroughHidraw() throws {
        #expect(try auto(.dualSense, writable, .all) == PadPaths(evdev: PadPart.handles, hidraw: PadPart.triggers))
        #expect(try auto(.dualSense, writable, .handles) == PadPaths(evdev: PadPart.handles, hidraw: []))
        #expect(try auto(.dualSense, writable, .rightTrigger) == PadPaths(evdev: [], hidraw: [.rightTrigger]))
        #expect(try auto(.dualSense, readOnly, .all) == PadPaths(evdev: PadPart.handles, hidraw: []))
    }

    @Test func aDualSenseWithASoundCardPlaysItsHandlesOnItsVoiceCoils() throws {
        func auto(_ profile: PadProfile, _ access: HidrawAccess, _ locality: Locality) throws -> PadPaths {
            try PadPaths.auto(profile: profile, access: access, hasSoundCard: true, locality: locality, name: name)
        }
        #expect(try auto(.dualSense, writable, .all) == PadPaths(evdev: [], hidraw: PadPart.triggers, audio: PadPart.handles))
        #expect(try auto(.dualSense, writable, .leftHandle) == PadPaths(evdev: [], hidraw: [], audio: [.leftHandle]))
        #expect(try auto(.dualSense, writable, .rightTrigger) == PadPaths(evdev: [], hidraw: [.rightTrigger], audio: []))
        #expect(try auto(.dualSense, readOnly, .all) == PadPaths(evdev: [], hidraw: [], audio: PadPart.handles))
        #expect(try auto(.dualSense, .none, .handles) == PadPaths(evdev: [], hidraw: [], audio: PadPart.handles))
        // Only the DualSense's card carries its actuators.
        #expect(try auto(.dualShock4, .none, .all) == PadPaths(evdev: PadPart.handles, hidraw: [], audio: []))
    }

    @Test func aBluetoothDualSenseWithAWritableNodePlaysItsHandlesOnItsVoiceCoilsThroughHidraw() throws {
        func auto(_ access: HidrawAccess, _ locality: Locality) throws -> PadPaths {
            try PadPaths.auto(profile: .dualSense, access: access, bluetooth: true, locality: locality, name: name)
        }
        #expect(try auto(writable, .all) == PadPaths(evdev: [], hidraw: PadPart.handles.union(PadPart.triggers)))
        #expect(try auto(writable, .leftHandle) == PadPaths(evdev: [], hidraw: [.leftHandle]))
        #expect(try auto(writable, .rightTrigger) == PadPaths(evdev: [], hidraw: [.rightTrigger]))
        #expect(try auto(readOnly, .all) == PadPaths(evdev: PadPart.handles, hidraw: []))
        #expect(try auto(.none, .handles) == PadPaths(evdev: PadPart.handles, hidraw: []))
    }

    @Test func anXboxPadTakesAllFourMotorsThroughHidrawOnlyForTriggers() throws {
        #expect(try auto(.xboxBluetooth, writable, .handles) == PadPaths(evdev: PadPart.handles, hidraw: []))
        #expect(try auto(.xboxBluetooth, writable, .leftHandle) == PadPaths(evdev: [.leftHandle], hidraw: []))
        #expect(try auto(.xboxBluetooth, writable, .all) == PadPaths(evdev: [], hidraw: PadPart.handles.union(PadPart.triggers)))
        #expect(try auto(.xboxBluetooth, writable, .triggers) == PadPaths(evdev: [], hidraw: PadPart.triggers))
        #expect(try auto(.xboxBluetooth, .none, .all) == PadPaths(evdev: PadPart.handles, hidraw: []))
    }

    @Test func aSteamDeckPlaysEverythingThroughHidraw() throws {
        #expect(try auto(.steamDeck, writable, .all) == PadPaths(evdev: [], hidraw: PadPart.handles.union(PadPart.trackpads)))
        #expect(try auto(.steamDeck, writable, .rightTrackpad) == PadPaths(evdev: [], hidraw: [.rightTrackpad]))
        #expect(throws: HidrawError.permissionDenied(node: "/dev/hidraw3", name: name)) {
            try auto(.steamDeck, readOnly, .trackpads)
        }
        #expect(throws: HidrawError.self) { try auto(.steamDeck, writable, .leftTrigger) }
    }

    @Test func otherPadsPlayThroughEvdev() throws {
        #expect(try auto(.dualShock4, writable, .all) == PadPaths(evdev: PadPart.handles, hidraw: []))
        #expect(try auto(.generic, .none, .handles) == PadPaths(evdev: PadPart.handles, hidraw: []))
        #expect(try auto(nil, .none, .all) == PadPaths(evdev: PadPart.handles, hidraw: []))
    }

    @Test func triggersWithoutWriteAccessAreThePermissionError() {
        #expect(throws: HidrawError.permissionDenied(node: "/dev/hidraw3", name: name)) {
            try auto(.dualSense, readOnly, .triggers)
        }
        #expect(throws: LocalityError.noHidrawNode(locality: .leftTrigger, name: name)) { try auto(.xboxBluetooth, .none, .leftTrigger) }
    }

    @Test func aLocalityThePadLacksNamesWhatItHas() {
        #expect(
            throws: HidrawError.localityUnavailable(
                locality: .triggers, name: name, available: [.all, .handles, .leftHandle, .rightHandle])
        ) { try auto(.dualShock4, writable, .triggers) }
        #expect(throws: HidrawError.localityUnavailable(locality: .leftHandle, name: name, available: [.all, .handles])) {
            try auto(.generic, .none, .leftHandle)
        }
        #expect(throws: HidrawError.localityUnavailable(locality: .handles, name: name, available: [.all])) {
            try auto(nil, .none, .handles)
        }
        #expect(throws: HidrawError.localityUnavailable(locality: .triggers, name: name, available: [.all, .handles])) {
            try PadPaths.evdev(profile: .generic, locality: .triggers, name: name)
        }
    }

    @Test func evdevPlaysTheHandlesAndRefusesTriggers() throws {
        #expect(try PadPaths.evdev(profile: .dualSense, locality: .all, name: name) == PadPart.handles)
        #expect(try PadPaths.evdev(profile: .dualShock4, locality: .rightHandle, name: name) == [.rightHandle])
        #expect(throws: LocalityError.triggersNeedHidraw(locality: .leftTrigger, name: name)) {
            try PadPaths.evdev(profile: .dualSense, locality: .leftTrigger, name: name)
        }
    }

    @Test func theLocalityOfAPathsParts() {
        #expect(PadPaths.locality(of: PadPart.triggers) == .triggers)
        #expect(PadPaths.locality(of: [.rightTrigger]) == .rightTrigger)
        #expect(PadPaths.locality(of: PadPart.handles) == .handles)
        #expect(PadPaths.locality(of: Set(PadPart.allCases)) == .all)
    }
}
