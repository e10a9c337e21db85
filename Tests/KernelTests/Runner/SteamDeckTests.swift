import Glibc
import VirtualDevices

/// The Steam Deck through hidraw: the emulated controller bound by the kernel's own driver
/// (hid-steam on 7.3, hid-generic on 6.1), the `haptics` CLI's FEATURE reports decoded as the
/// controller reads them, the guardian's reset after `kill -9`, and on 7.3 the gamepad
/// hid-steam takes away while the client node is open and gives back when it closes.
enum SteamDeckTests {
    /// The Deck's name as `--device` takes it.
    static let deckName = "Steam Deck"

    /// The longest a pulse train one report starts may run (the `steam-deck` docs say so).
    static let longestTrainPart = Duration.milliseconds(100)

    /// How long after `haptics` exits hid-steam's gamepad may take to come back.
    static let gamepadReturnDeadline = Duration.seconds(2)

    /// The tests; all but the binding's need the CLI.
    static func all(programs: HidrawTests.Programs?) -> [KernelTest] {
        var tests = [
            KernelTest(name: "steam deck: the kernel binds the emulated Deck (hid-steam on 7.3, hid-generic on 6.1) with a hidraw node") {
                try bound()
            },
            KernelTest(name: "steam deck (7.3): opening the client node takes the gamepad away, closing it brings a new one back") {
                try clientNodeHandsOver()
            },
        ]
        if let programs {
            tests += [
                KernelTest(name: "steam deck: demo --input trackpad pulls with the right trackpad, the threshold a pulse on it") {
                    try demoPullsWithTheTrackpad(programs)
                },
                KernelTest(name: "steam deck: haptics devices lists the Deck as Steam Deck on its hidraw node") {
                    try listed(programs)
                },
                KernelTest(name: "steam deck: impact heavy sends the rumble command, then the motors' stop; the gamepad is back after") {
                    try impactRumblesThenStops(programs)
                },
                KernelTest(name: "steam deck: select at right-trackpad pulses the right trackpad only; the gamepad is back after") {
                    try selectPulsesRightTrackpad(programs)
                },
                KernelTest(name: "steam deck: kill -9 mid-pattern stops the motors (guardian), then the trackpads; the gamepad is back") {
                    try killedDeck(programs)
                },
                KernelTest(name: "steam deck (7.3): between two taps 2 s apart haptics lets go of the node, the gamepad is back meanwhile")
                {
                    try idleGapGivesTheGamepadBack(programs)
                },
                KernelTest(
                    name: "steam deck (7.3): while another program holds the client node, haptics plays and leaves the gamepad to it"
                ) {
                    try playsBesideAnotherClient(programs)
                },
            ]
        }
        return tests
    }

    // MARK: - Binding and the client node

    /// hid-steam binds the Deck on a kernel that knows it and asks for its serial and
    /// attributes; hid-generic binds it on one that does not.
    private static func bound() throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        let asked = deck.commands.map(\.command.id)
        if KernelVersion.current.isAtLeast(7, 0) {
            try expect(deck.drivers == ["hid-steam", "hid-steam"], "on \(KernelVersion.current) the drivers are \(deck.drivers)")
            try expect(asked.starts(with: [0xAE, 0x83]), "hid-steam set \(deck.commands.map(\.command))")
            try expect(deck.gamepadNode != nil, "hid-steam made no Steam Deck gamepad; kernel log:\n\(KernelLog.tail())")
        } else {
            try expect(deck.drivers == ["hid-generic"], "on \(KernelVersion.current) the drivers are \(deck.drivers)")
            try expect(asked.isEmpty, "hid-generic set \(deck.commands.map(\.command))")
        }
    }

    /// On 7.3, opening the client node removes the gamepad, and closing it registers a new one
    /// after the kernel re-sends its settings; the figures are printed.
    private static func clientNodeHandsOver() throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        guard deck.isBoundBySteam else {
            print("note: skipped: \(deck.drivers) bound the Deck on \(KernelVersion.current); no gamepad to hand over")
            return
        }
        let before = try require(deck.gamepadNode, "no gamepad before the open")
        let opened = Monotonic.now
        let fd = open(deck.node, O_RDWR | O_CLOEXEC)
        try expect(fd >= 0, "open \(deck.node): \(String(cString: strerror(errno)))")
        let gone = Monotonic.wait(upTo: .seconds(2)) { deck.gamepadNode == nil }
        let removedAfter = Monotonic.now - opened
        usleep(300_000)
        let stillGone = deck.gamepadNode == nil
        let closed = Monotonic.now
        close(fd)
        let back = Monotonic.wait(upTo: .seconds(3)) { deck.gamepadNode != nil }
        let backAfter = Monotonic.now - closed
        try expect(gone, "the gamepad \(before) was still there 2 s after the open")
        try expect(stillGone, "the gamepad came back while the node was open")
        try expect(back, "the gamepad was not back 3 s after the close; kernel log:\n\(KernelLog.tail())")
        let resent = deck.commands.filter { $0.at >= closed }.map(\.command)
        try expect(resent.map(\.id).starts(with: [0xAE, 0x83]), "after the close hid-steam set \(resent)")
        print(
            "note: the gamepad went \(Int(removedAfter.inMilliseconds)) ms after the open and was back "
                + "\(Int(backAfter.inMilliseconds)) ms after the close as \(deck.gamepadNode ?? "?") (was \(before)); "
                + "hid-steam set \(resent) on the close")
    }

    // MARK: - The CLI

    /// `haptics devices` names the Deck and its hidraw node.
    private static func listed(_ programs: HidrawTests.Programs) throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        let (status, output) = try ChildProcess(programs.haptics, ["devices"]).finish()
        try expect(status == 0, "haptics devices exited \(status):\n\(output)")
        let line = try require(output.split(separator: "\n").first { $0.contains(deck.node) }, "no line names \(deck.node):\n\(output)")
        try expect(line.contains(deckName), "the Deck's line is \(line)")
        try gamepadIsBack(deck, since: Monotonic.now)
    }

    /// `impact heavy` turns the motors and stops them at the frame's end, and exits 0.
    private static func impactRumblesThenStops(_ programs: HidrawTests.Programs) throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        let since = Monotonic.now
        let (status, output) = try ChildProcess(programs.haptics, ["impact", "heavy", "--device", deckName]).finish()
        let exited = Monotonic.now
        try expect(status == 0, "haptics impact heavy exited \(status):\n\(output)")
        let rumbles = deck.commands.filter { $0.at >= since && $0.command.rumble != nil }.map(\.command)
        let first = try require(
            rumbles.firstIndex(where: \.turnsMotors), "no rumble command turned the motors: \(deck.commands.map(\.command))")
        try expect(
            rumbles[first].rumble?.leftSpeed == 65535 && rumbles[first].rumble?.rightSpeed == 65535,
            "heavy turned them at \(rumbles[first])")
        try expect(rumbles[(first + 1)...].contains(where: \.stopsMotors), "no stop followed: \(rumbles)")
        try expect(rumbles.last?.stopsMotors == true, "the last rumble command was not a stop: \(rumbles)")
        try gamepadIsBack(deck, since: exited)
    }

    /// `select --locality right-trackpad` sends pulses on side 0 (right) only, and no rumble.
    private static func selectPulsesRightTrackpad(_ programs: HidrawTests.Programs) throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        let since = Monotonic.now
        let (status, output) = try ChildProcess(
            programs.haptics, ["select", "--locality", "right-trackpad", "--device", deckName]
        ).finish()
        let exited = Monotonic.now
        try expect(status == 0, "haptics select exited \(status):\n\(output)")
        let sent = deck.commands.filter { $0.at >= since && [SteamDeckCommand.rumbleID, SteamDeckCommand.pulseID].contains($0.command.id) }
            .map(\.command)
        let pulses = sent.compactMap(\.pulse)
        try expect(!pulses.isEmpty, "no pulse reached the Deck: \(sent)")
        try expect(pulses.allSatisfy { $0.side == .right && $0.onMicroseconds > 0 && $0.count > 0 }, "the pulses were \(sent)")
        try expect(!sent.contains(where: \.turnsMotors), "the motors turned: \(sent)")
        try gamepadIsBack(deck, since: exited)
    }

    /// `kill -9` while a long pattern plays: the guardian's stop reaches the motors within 100 ms
    /// and nothing turns them after it, and the trackpads' last train part ends soon after.
    private static func killedDeck(_ programs: HidrawTests.Programs) throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        let since = Monotonic.now
        let player = try ChildProcess(programs.haptics, ["play", "\(programs.fixtures)/long-buzz.ahap", "--device", deckName])
        let rumbles = { (from: Duration) in deck.commands.filter { $0.at >= from && $0.command.rumble != nil } }
        // The motors turning and the trackpads' train in its second part.
        let sounding = {
            rumbles(since).contains { $0.command.turnsMotors }
                && deck.commands.filter { $0.at >= since && $0.command.pulse != nil }.count >= 2
        }
        guard Monotonic.wait(upTo: .seconds(4), until: sounding) else {
            player.kill(SIGKILL)
            let (status, output) = player.finish()
            throw TestFailure(
                description:
                    "the motors and the train never played (the player exited \(status)):\n\(output)\n\(deck.commands.map(\.command))")
        }
        let killed = Monotonic.now
        player.kill(SIGKILL)
        let (status, _) = player.finish()
        try expect(status == 128 + SIGKILL, "the player ended with \(status), not by SIGKILL")
        _ = Monotonic.wait(upTo: .seconds(1)) { rumbles(killed).contains { $0.command.stopsMotors } }
        usleep(200_000)
        let after = rumbles(killed)
        let timeline = after.map { "\(Int(($0.at - killed).inMilliseconds)) ms \($0.command)" }.joined(separator: ", ")
        let reset = try require(after.first { $0.command.stopsMotors }, "no stop reached the Deck after the kill: \(timeline)")
        try expect(
            reset.at - killed <= HidrawTests.resetDeadline, "the stop came \(Int((reset.at - killed).inMilliseconds)) ms after the kill")
        try expect(!after.contains { $0.command.turnsMotors }, "the motors turned again after the kill: \(timeline)")
        // The trackpads' train goes out in parts the controller ends by itself: none may run
        // past the longest part after the kill.
        let pulses = deck.commands.filter { $0.at >= since }.compactMap { sent in sent.command.pulse.map { (sent.at, $0) } }
        try expect(!pulses.isEmpty, "the trackpads never pulsed: \(deck.commands.map(\.command))")
        let lastEnd = pulses.map { at, pulse in
            at + .microseconds(Int(pulse.onMicroseconds) + Int(pulse.offMicroseconds)) * Int(pulse.count)
        }.max()!
        try expect(
            lastEnd - killed <= longestTrainPart + HidrawTests.resetDeadline,
            "a pulse train ran until \(Int((lastEnd - killed).inMilliseconds)) ms after the kill")
        print(
            "note: the guardian's stop reached the Deck \(Int((reset.at - killed).inMilliseconds)) ms after the kill; "
                + "the last pulse train ended \(Int((lastEnd - killed).inMilliseconds)) ms after it")
        try gamepadIsBack(deck, since: killed)
    }

    /// Playing two taps 2 s apart, the driver closes the node once the first has been idle for
    /// its idle release (500 ms), so hid-steam's gamepad is back between them while the
    /// pattern still plays; the times are printed.
    private static func idleGapGivesTheGamepadBack(_ programs: HidrawTests.Programs) throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        guard deck.isBoundBySteam else {
            print("note: skipped: \(deck.drivers) bound the Deck on \(KernelVersion.current); no gamepad to give back")
            return
        }
        let start = Monotonic.now
        let player = try ChildProcess(programs.haptics, ["play", "\(programs.fixtures)/two-taps.ahap", "--device", deckName])
        var samples: [(at: Duration, present: Bool)] = []
        while Monotonic.now - start < .milliseconds(3500) {
            samples.append((Monotonic.now, deck.gamepadNode != nil))
            usleep(10_000)
        }
        let (status, output) = player.finish()
        try expect(status == 0, "haptics play exited \(status):\n\(output)")
        let turns = deck.commands.filter { $0.at >= start && $0.command.turnsMotors }.map(\.at)
        try expect(turns.count == 2, "the motors turned \(turns.count) times: \(deck.commands.map(\.command))")
        let stops = deck.commands.filter { $0.at >= start && $0.command.stopsMotors }.map(\.at)
        let firstStop = try require(stops.first, "no stop followed the first tap")
        let gone = try require(samples.first { !$0.present && $0.at > turns[0] }, "the gamepad stayed while the first tap played")
        let back = try require(
            samples.first { $0.present && $0.at > gone.at && $0.at < turns[1] },
            "the gamepad was not back before the second tap (\(Int((turns[1] - firstStop).inMilliseconds)) ms after the first stop)")
        print(
            "note: the gamepad went \(Int((gone.at - turns[0]).inMilliseconds)) ms after the first tap and was back "
                + "\(Int((back.at - firstStop).inMilliseconds)) ms after its stop, before the second tap")
        try gamepadIsBack(deck, since: Monotonic.now)
    }

    /// The demo reads the right trackpad from the Deck's input reports: a finger travelling down
    /// the pad past the threshold gets the impact as pulses on the right trackpad alone.
    private static func demoPullsWithTheTrackpad(_ programs: HidrawTests.Programs) throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        let since = Monotonic.now
        let demo = try TerminalProcess(programs.haptics, ["demo", "--input", "trackpad", "--driver", "hidraw", "--device", deckName])
        let drawn = demo.wait(for: "haptics demo: pull to refresh")
        usleep(200_000)
        // The finger lands near the top and travels down the pad, 20 ms a step.
        for step in 0...20 {
            try deck.sendState(rightTrackpadY: Int16(30000 - step * 3000))
            usleep(20_000)
        }
        let pulsed = Monotonic.wait(upTo: .seconds(2)) { deck.commands.contains { $0.at >= since && $0.command.pulse != nil } }
        try deck.sendState(rightTrackpadY: nil)
        usleep(100_000)
        demo.type("q")
        let (status, output) = demo.finish()
        let sent = deck.commands.filter { $0.at >= since && [SteamDeckCommand.rumbleID, SteamDeckCommand.pulseID].contains($0.command.id) }
            .map(\.command)
        try expect(drawn, "haptics demo (\(status)) did not draw its screen:\n\(output)")
        try expect(pulsed, "no pulse reached the Deck while the finger pulled past the threshold:\n\(output)\n\(sent)")
        try expect(status == 0, "haptics demo exited \(status):\n\(output)")
        try expect(sent.compactMap(\.pulse).allSatisfy { $0.side == .right }, "the pulses were \(sent)")
        try expect(!sent.contains(where: \.turnsMotors), "the motors turned: \(sent)")
        try gamepadIsBack(deck, since: Monotonic.now)
    }

    /// is gone; `haptics` plays beside it, and its exit does not bring the gamepad back while
    /// the other program holds the node.
    private static func playsBesideAnotherClient(_ programs: HidrawTests.Programs) throws {
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        guard deck.isBoundBySteam else {
            print("note: skipped: \(deck.drivers) bound the Deck on \(KernelVersion.current); no client node")
            return
        }
        let fd = open(deck.node, O_RDWR | O_CLOEXEC)
        try expect(fd >= 0, "open \(deck.node): \(String(cString: strerror(errno)))")
        defer { if fd >= 0 { close(fd) } }
        try expect(Monotonic.wait(upTo: .seconds(2)) { deck.gamepadNode == nil }, "the gamepad stayed while the node was held")
        let since = Monotonic.now
        let (status, output) = try ChildProcess(programs.haptics, ["impact", "heavy", "--device", deckName]).finish()
        try expect(status == 0, "haptics impact heavy exited \(status):\n\(output)")
        try expect(
            deck.commands.contains { $0.at >= since && $0.command.turnsMotors }, "the motors never turned: \(deck.commands.map(\.command))")
        usleep(300_000)
        try expect(deck.gamepadNode == nil, "the gamepad came back while the other program held the node")
    }

    /// On a kernel where hid-steam bound the Deck, waits for its gamepad to exist again after
    /// `haptics` exited at `exited`, and prints how long it took.
    private static func gamepadIsBack(_ deck: VirtualSteamDeck, since exited: Duration) throws {
        guard deck.isBoundBySteam else { return }
        let back = Monotonic.wait(upTo: gamepadReturnDeadline) { deck.gamepadNode != nil }
        try expect(
            back, "the Steam Deck gamepad was not back \(gamepadReturnDeadline) after haptics exited; kernel log:\n\(KernelLog.tail())")
        print("note: the gamepad was back \(Int((Monotonic.now - exited).inMilliseconds)) ms after haptics exited")
    }
}
