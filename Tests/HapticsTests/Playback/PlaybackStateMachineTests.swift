import Testing

@testable import HapticsModel
@testable import HapticsPlayback

/// A state the machine is brought to by events, before the event under test.
enum MachineState: String, CaseIterable, Sendable {
    /// Nothing ever played.
    case idle
    /// `track` playing once since 0 (id 1).
    case playing
    /// `track` looping forever since 0 (id 1).
    case looping
    /// `track` since 0 (id 1) and again since 10 ms (id 2).
    case mixing
    /// `track` played from 0 and everything stopped at 10 ms.
    case stopped
    /// `track` played from 0 and the driver failed on its first frame.
    case failed
}

/// One cell of the table: `event`, at 20 ms unless it says otherwise, in `state`, queues
/// `actions`.
struct MachineRow: Sendable, CustomTestStringConvertible {
    let state: MachineState
    let event: String
    let actions: [String]

    var testDescription: String { "\(state) + \(event) -> \(actions)" }
}

@Suite struct PlaybackStateMachineTests {
    struct Unplugged: Error {}

    /// Two frames: 0-40 ms at (0.5, 0.25), then 40-80 ms at (1, 0).
    static let track = RumbleTrack(frames: [
        RumbleFrame(start: .zero, duration: .milliseconds(40), strong: 0.5, weak: 0.25),
        RumbleFrame(start: .milliseconds(40), duration: .milliseconds(40), strong: 1, weak: 0),
    ])

    static func machine(in state: MachineState) -> PlaybackStateMachine {
        var machine = PlaybackStateMachine(refreshInterval: .seconds(2), maximumVoices: 32)
        switch state {
        case .idle:
            break
        case .playing:
            _ = machine.play(track, repetition: .once, at: .zero)
        case .looping:
            _ = machine.play(track, repetition: .forever, at: .zero)
        case .mixing:
            _ = machine.play(track, repetition: .once, at: .zero)
            _ = machine.play(track, repetition: .once, at: .milliseconds(10))
        case .stopped:
            _ = machine.play(track, repetition: .once, at: .zero)
            machine.stopAll(at: .milliseconds(10))
        case .failed:
            _ = machine.play(track, repetition: .once, at: .zero)
            machine.driverFailed(Unplugged())
        }
        _ = drain(&machine)
        return machine
    }

    /// The events under test, by name.
    static func apply(_ event: String, to machine: inout PlaybackStateMachine) {
        let now = Duration.milliseconds(20)
        switch event {
        case "play": _ = machine.play(track, repetition: .once, at: now)
        case "play empty": _ = machine.play(.empty, repetition: .once, at: now)
        case "stop 1": machine.stop(1, at: now)
        case "stop 99": machine.stop(99, at: now)
        case "stop all": machine.stopAll(at: now)
        case "gain 0.5": machine.setGain(0.5, at: now)
        case "deadline early": machine.deadlineReached(at: now)
        case "deadline 40": machine.deadlineReached(at: .milliseconds(40))
        case "deadline 200": machine.deadlineReached(at: .milliseconds(200))
        case "driver failed": machine.driverFailed(Unplugged())
        case "prepare": machine.prepareDriver(ticket: 7)
        case "close": machine.close(ticket: 7, at: now)
        default: Issue.record("unknown event \(event)")
        }
    }

    static let events = [
        "play", "play empty", "stop 1", "stop 99", "stop all", "gain 0.5", "deadline early", "deadline 40", "deadline 200",
        "driver failed", "prepare", "close",
    ]

    /// What each event queues in each state, in `events` order. Worked out by hand from the
    /// track: a frame lasts until the mix changes or a voice ends.
    static let table: [MachineState: [[String]]] = [
        .idle: [
            ["apply 20+40 0.5/0.25"], ["finish [1] completed"], [], [], ["stop", "stopped stopped-by-application"], [], [], [], [],
            ["stop", "stopped system-error"], ["prepare #7"], ["stop", "stopped stopped-by-application", "close #7"],
        ],
        .playing: [
            ["apply 20+20 1/0.5"], ["finish [2] completed"], ["apply 20+0 0/0", "finish [1] stopped"], [],
            ["stop", "finish [1] stopped", "stopped stopped-by-application"], ["apply 20+20 0.5/0.25 gain 0.5"], [], ["apply 40+40 1/0"],
            ["apply 40+40 1/0", "apply 80+0 0/0", "finish [1] completed"],
            ["stop", "finish [1] failed", "stopped system-error"], ["prepare #7"],
            ["stop", "finish [1] stopped", "stopped stopped-by-application", "close #7"],
        ],
        .looping: [
            ["apply 20+20 1/0.5"], ["finish [2] completed"], ["apply 20+0 0/0", "finish [1] stopped"], [],
            ["stop", "finish [1] stopped", "stopped stopped-by-application"], ["apply 20+20 0.5/0.25 gain 0.5"], [], ["apply 40+40 1/0"],
            ["apply 40+40 1/0", "apply 80+40 0.5/0.25", "apply 120+40 1/0", "apply 160+40 0.5/0.25", "apply 200+40 1/0"],
            ["stop", "finish [1] failed", "stopped system-error"], ["prepare #7"],
            ["stop", "finish [1] stopped", "stopped stopped-by-application", "close #7"],
        ],
        .mixing: [
            ["apply 20+20 1/0.75"], ["finish [3] completed"], ["apply 20+30 0.5/0.25", "finish [1] stopped"], [],
            ["stop", "finish [1, 2] stopped", "stopped stopped-by-application"], ["apply 20+20 1/0.5 gain 0.5"], [], ["apply 40+10 1/0.25"],
            ["apply 40+10 1/0.25", "apply 50+30 1/0", "apply 80+10 1/0", "finish [1] completed", "apply 90+0 0/0", "finish [2] completed"],
            ["stop", "finish [1, 2] failed", "stopped system-error"], ["prepare #7"],
            ["stop", "finish [1, 2] stopped", "stopped stopped-by-application", "close #7"],
        ],
        .stopped: [
            ["apply 20+40 0.5/0.25"], ["finish [2] completed"], [], [], ["stop", "stopped stopped-by-application"], [], [], [], [],
            ["stop", "stopped system-error"], ["prepare #7"], ["stop", "stopped stopped-by-application", "close #7"],
        ],
        .failed: [
            ["apply 20+40 0.5/0.25"], ["finish [2] completed"], [], [], ["stop", "stopped stopped-by-application"], [], [], [], [],
            ["stop", "stopped system-error"], ["prepare #7"], ["stop", "stopped stopped-by-application", "close #7"],
        ],
    ]

    static let rows: [MachineRow] = MachineState.allCases.flatMap { state in
        zip(events, table[state] ?? []).map { MachineRow(state: state, event: $0, actions: $1) }
    }

    @Test func theTableCoversEveryEventInEveryState() {
        #expect(Self.rows.count == MachineState.allCases.count * Self.events.count)
    }

    @Test(arguments: rows)
    func everyEventInEveryState(_ row: MachineRow) {
        var machine = Self.machine(in: row.state)
        Self.apply(row.event, to: &machine)
        #expect(Self.drain(&machine) == row.actions)
    }

    @Test func theDeadlineIsTheEndOfTheFrameDecidedLast() {
        var machine = Self.machine(in: .idle)
        #expect(machine.deadline == nil)
        _ = machine.play(Self.track, repetition: .once, at: .zero)
        #expect(machine.deadline == .milliseconds(40))
        machine.deadlineReached(at: .milliseconds(40))
        #expect(machine.deadline == .milliseconds(80))
        machine.deadlineReached(at: .milliseconds(80))
        #expect(machine.deadline == nil)
        #expect(machine.playing.isEmpty)
    }

    @Test func aFailureDropsTheFramesNotYetSentButKeepsTheOutcomesAlreadyDecided() {
        var machine = Self.machine(in: .idle)
        _ = machine.play(Self.track, repetition: .once, at: .zero)
        _ = machine.play(Self.track, repetition: .forever, at: .zero)
        machine.deadlineReached(at: .milliseconds(5))
        machine.stop(1, at: .milliseconds(10))
        machine.driverFailed(Unplugged())
        #expect(Self.drain(&machine) == ["finish [1] stopped", "stop", "finish [2] failed", "stopped system-error"])
        #expect(machine.deadline == nil)
    }

    /// An error meaning that the pad went away, as `ENODEV` on a write.
    struct Gone: Error, DeviceAbsence {
        var meansNoDeviceYet: Bool { true }
    }

    @Test func aPadThatWentAwayStopsTheEngineOnceAndItsReturnResetsItFirst() {
        var machine = Self.machine(in: .idle)
        _ = machine.play(Self.track, repetition: .once, at: .zero)
        machine.driverFailed(Gone())
        #expect(Self.drain(&machine) == ["stop", "finish [1] failed", "stopped device-went-away"])
        _ = machine.play(Self.track, repetition: .once, at: .milliseconds(10))
        machine.driverFailed(Gone())
        #expect(Self.drain(&machine) == ["stop", "finish [2] failed"])
        _ = machine.play(Self.track, repetition: .once, at: .milliseconds(20))
        machine.driverSucceeded()
        #expect(Self.drain(&machine) == ["reset", "apply 20+40 0.5/0.25"])
        machine.driverSucceeded()
        #expect(Self.drain(&machine).isEmpty)
        #expect(!machine.deviceAway)
    }

    @Test func anotherFailureWhileThePadIsAwayIsASystemErrorAndEndsTheWait() {
        var machine = Self.machine(in: .idle)
        machine.driverFailed(Gone())
        machine.driverFailed(Unplugged())
        machine.driverSucceeded()
        #expect(Self.drain(&machine) == ["stopped device-went-away", "stop", "stopped system-error"])
    }

    @Test func theGainTravelsWithEveryLaterFrame() {
        var machine = Self.machine(in: .playing)
        machine.setGain(0.5, at: .milliseconds(20))
        machine.deadlineReached(at: .milliseconds(80))
        #expect(
            Self.drain(&machine) == [
                "apply 20+20 0.5/0.25 gain 0.5", "apply 40+40 1/0 gain 0.5", "apply 80+0 0/0 gain 0.5", "finish [1] completed",
            ])
    }

    @Test func timeNeverMovesBackward() {
        var machine = Self.machine(in: .idle)
        _ = machine.play(Self.track, repetition: .once, at: .milliseconds(30))
        _ = machine.play(Self.track, repetition: .once, at: .milliseconds(10))
        #expect(machine.time == .milliseconds(30))
        #expect(Self.drain(&machine) == ["apply 30+40 0.5/0.25", "apply 30+40 1/0.5"])
    }

    @Test func beyondTheVoiceCapTheOldestIsStoppedAfterTheNewFrame() {
        var machine = PlaybackStateMachine(refreshInterval: .seconds(2), maximumVoices: 2)
        for _ in 0..<3 { _ = machine.play(Self.track, repetition: .once, at: .zero) }
        #expect(machine.playing == [2, 3])
        #expect(Self.drain(&machine) == ["apply 0+40 0.5/0.25", "apply 0+40 1/0.5", "apply 0+40 1/0.5", "finish [1] stopped"])
    }

    @Test func theMixIsClampedAtOne() {
        var machine = Self.machine(in: .idle)
        for _ in 0..<4 { _ = machine.play(Self.track, repetition: .once, at: .zero) }
        #expect(Self.drain(&machine).last == "apply 0+40 1/1")
    }

    @Test func aHeldLevelIsDecidedAgainEveryRefreshInterval() {
        var machine = PlaybackStateMachine(refreshInterval: .seconds(2), maximumVoices: 32)
        let held = RumbleTrack(frames: [RumbleFrame(start: .zero, duration: .seconds(5), strong: 1, weak: 1)])
        _ = machine.play(held, repetition: .once, at: .zero)
        machine.deadlineReached(at: .seconds(10))
        #expect(
            Self.drain(&machine) == [
                "apply 0+2000 1/1", "apply 2000+2000 1/1", "apply 4000+1000 1/1", "apply 5000+0 0/0", "finish [1] completed",
            ])
    }

    /// Ten simulated minutes of 10 ms frames, each deadline reached up to 3 ms late: every
    /// frame is decided with the time it was due, so lateness never accumulates.
    @Test func doesNotDriftOverTenMinutes() {
        var random = SeededRandom(seed: 11)
        var machine = Self.machine(in: .idle)
        let second = RumbleTrack(
            frames: (0..<100).map {
                RumbleFrame(start: .milliseconds(10 * $0), duration: .milliseconds(10), strong: $0 % 2 == 0 ? 1 : 0.5, weak: 0)
            })
        _ = machine.play(second, repetition: .count(600), at: .zero)
        var starts: [Duration] = []
        while let deadline = machine.deadline {
            machine.deadlineReached(at: deadline + .milliseconds(3) * random.unit())
            while let action = machine.takeAction() {
                if case .apply(let frame) = action { starts.append(frame.start) }
            }
        }
        #expect(starts.count == 60_001)
        #expect(starts == (0...60_000).map { Duration.milliseconds(10 * $0) })
    }

    /// Random sequences of events: no frame outside 0...1, frames in time order, and every
    /// playback finishes exactly once.
    @Test(arguments: 0..<50)
    func randomSequencesKeepTheRules(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) + 1)
        var machine = PlaybackStateMachine(refreshInterval: .milliseconds(500), maximumVoices: 4)
        var now = Duration.zero
        var started: [UInt64] = []
        var finished: [UInt64: Int] = [:]
        var lastStart = Duration.zero
        func collect() {
            while let action = machine.takeAction() {
                switch action {
                case .apply(let frame):
                    #expect((0...1).contains(frame.strong) && (0...1).contains(frame.weak))
                    #expect(frame.start >= lastStart)
                    #expect(frame.duration <= .milliseconds(500))
                    lastStart = frame.start
                case .finish(let ids, _):
                    for id in ids { finished[id, default: 0] += 1 }
                case .stopMotors, .prepareDriver, .closeDriver, .engineStopped, .engineReset:
                    break
                }
            }
        }
        for _ in 0..<200 {
            now += .milliseconds(Int(random.unit() * 30))
            switch Int(random.unit() * 6) {
            case 0, 1:
                let frames = (0..<Int(random.unit() * 5)).map {
                    RumbleFrame(
                        start: .milliseconds(10 * $0), duration: .milliseconds(10 + Int(random.unit() * 40)),
                        strong: random.unit() * 1.5, weak: random.unit())
                }
                let repetition: Repetition = random.unit() < 0.2 ? .forever : .count(1 + Int(random.unit() * 3))
                started.append(machine.play(RumbleTrack(frames: frames), repetition: repetition, at: now))
            case 2:
                machine.stop(started.isEmpty ? 0 : started[random.next(in: 0...(started.count - 1))], at: now)
            case 3:
                machine.setGain(random.unit(), at: now)
            case 4:
                if random.unit() < 0.1 { machine.driverFailed(Unplugged()) } else { machine.stopAll(at: now) }
            default:
                machine.deadlineReached(at: now)
            }
            collect()
        }
        machine.stopAll(at: now)
        collect()
        #expect(started.allSatisfy { finished[$0] == 1 })
        #expect(finished.count == started.count)
        #expect(machine.deadline == nil)
    }

    /// Deciding the next frame ahead (as the player does after performing) changes nothing the
    /// driver is told: the same random events give the same actions with it and without it.
    @Test(arguments: 0..<20)
    func decidingAheadChangesNoAction(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) + 100)
        var plain = PlaybackStateMachine(refreshInterval: .milliseconds(500), maximumVoices: 4)
        var ahead = plain
        var now = Duration.zero
        for _ in 0..<200 {
            now += .milliseconds(Int(random.unit() * 30))
            let choice = Int(random.unit() * 5)
            let frames = (0..<(1 + Int(random.unit() * 4))).map {
                RumbleFrame(
                    start: .milliseconds(10 * $0), duration: .milliseconds(10 + Int(random.unit() * 40)),
                    strong: random.unit(), weak: random.unit())
            }
            let gain = random.unit()
            let victim = UInt64(1 + Int(random.unit() * 10))
            for index in 0..<2 {
                var machine = index == 0 ? plain : ahead
                switch choice {
                case 0: _ = machine.play(RumbleTrack(frames: frames), repetition: .count(2), at: now)
                case 1: machine.stop(victim, at: now)
                case 2: machine.setGain(gain, at: now)
                default: machine.deadlineReached(at: now)
                }
                if index == 0 { plain = machine } else { ahead = machine }
            }
            #expect(Self.drain(&plain) == Self.drain(&ahead))
            ahead.decideAhead()
        }
    }

    /// The queued actions, taken and written compactly: frames as start+duration in ms and
    /// levels, with the gain when it is not 1.
    static func drain(_ machine: inout PlaybackStateMachine) -> [String] {
        var actions: [String] = []
        while let action = machine.takeAction() {
            switch action {
            case .apply(let frame):
                let gain = frame.gain == 1 ? "" : " gain \(format(frame.gain))"
                actions.append(
                    "apply \(milliseconds(frame.start))+\(milliseconds(frame.duration)) \(format(frame.strong))/\(format(frame.weak))\(gain)"
                )
            case .stopMotors:
                actions.append("stop")
            case .finish(let ids, let outcome):
                let name =
                    switch outcome {
                    case .completed: "completed"
                    case .stopped: "stopped"
                    case .failed: "failed"
                    }
                actions.append("finish \(ids) \(name)")
            case .prepareDriver(let ticket):
                actions.append("prepare #\(ticket.map(String.init) ?? "-")")
            case .closeDriver(let ticket):
                actions.append("close #\(ticket)")
            case .engineStopped(let reason):
                actions.append("stopped \(reason.name)")
            case .engineReset:
                actions.append("reset")
            }
        }
        return actions
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.inMilliseconds.rounded())
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
