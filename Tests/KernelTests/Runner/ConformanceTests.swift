import Glibc
import Haptics
import VirtualDevices

/// `hapticsd` against feedbackd itself (Debian 12's 0.0.3, and sid's 0.8.9 when the host
/// could fetch it, run on its own loader and libraries): each daemon on a bus of its own driving a
/// uinput pad of its own (`FF_RUMBLE`, `FF_PERIODIC`, `FF_GAIN`, as feedbackd requires), the
/// same theme, the same `fbcli -E EVENT` sent to one then the other, event after event; the
/// pads' timelines (`DeviceTimeline`, from the moment the `TriggerFeedback` call passed the
/// bus) compared event by event.
///
/// Run on the VM's instruction clock (scripts/kernel-tests.sh): the guest's time is what its
/// programs make it do, so the host's load cannot move a timer, and idle time costs nothing.
///
/// feedbackd finds its device as udev would hand it over: the pad's entry in the udev
/// database (`/run/udev/data/c13:N`, which libudev reads) carries `FEEDBACKD_TYPE=vibra`, the
/// property feedbackd's udev rule sets on a phone's vibrator.
enum ConformanceTests {
    /// The programs and themes the test needs.
    struct Setup {
        /// The feedbackd compared, e.g. `0.0.3`.
        let version: String
        /// How to start it: the program, then its first arguments (a dynamic loader and its
        /// options, for a feedbackd with libraries of its own).
        let feedbackd: [String]
        /// What its environment needs beyond the bus and the theme (e.g. where its GSettings
        /// schemas are).
        let environment: [String: String]
        let hapticsd: String
        let tools: FeedbackDaemon.Tools
        /// Each theme file with the events to send, one line each: `THEME EVENT EVENT...`.
        let plan: String

        /// feedbackd, then hapticsd, each on a bus and a pad of its own, with `theme`; and
        /// whether feedbackd opened its pad (its `FF_GAIN` request).
        func startBoth(theme: String) throws -> (feedbackd: FeedbackDaemon, hapticsd: FeedbackDaemon, opened: Bool) {
            let feedbackd = try FeedbackDaemon(
                name: "feedbackd", tools: tools, program: self.feedbackd[0], arguments: { _ in Array(self.feedbackd.dropFirst()) },
                environment: environment.merging(["FEEDBACK_THEME": theme, "GSETTINGS_BACKEND": "memory"]) { $1 },
                tagPad: ConformanceTests.tagAsVibra)
            // feedbackd opens its device (and sets the gain) when it starts; the tag has done its
            // work then, and must not reach a later pad given the same device number.
            let opened = feedbackd.pad.wait { if case .gain = $0 { true } else { false } }
            ConformanceTests.untag(feedbackd.pad)
            do {
                let hapticsd = try FeedbackDaemon(
                    name: "hapticsd", tools: tools, program: self.hapticsd, arguments: { ["--device", $0.node, "--theme", theme] })
                return (feedbackd, hapticsd, opened)
            } catch {
                _ = feedbackd.stop()
                throw error
            }
        }
    }

    /// A pulse's start and end may differ by this much between the daemons, in milliseconds,
    /// plus `lateness` of the time since the event was sent.
    static let timeTolerance = 10.0
    /// How late feedbackd's timers may run, in milliseconds per millisecond waited: on the
    /// instruction clock its 10 s `phone-incoming-call` pulse ends 9 to 10 ms late (1 ms per
    /// second), so a time `t` may differ by `timeTolerance + t * lateness` (twice that rate).
    static let lateness = 0.002
    /// The shortest pulse hapticsd plays, in milliseconds: its renderer's minimum pulse.
    static let minimumPulse = RenderSettings().minimumTransientPulse.inMilliseconds
    /// `FeedbackEnded` may differ by this much, in milliseconds.
    static let endTolerance = 25.0
    /// A pulse's strength, relative to the strongest either daemon plays in the run, may differ
    /// by this much.
    static let levelTolerance = 0.15

    /// The test; none unless the programs' paths are given.
    static func all(setups: [Setup]) -> [KernelTest] {
        setups.map { setup in
            KernelTest(
                name:
                    "hapticsd against feedbackd \(setup.version): every vibra event of each theme plays the same pulses on the same kind of pad"
            ) {
                try compare(setup)
            }
        }
    }

    /// One event's outcome on both daemons.
    struct Outcome {
        let event: String
        let feedbackd: DeviceTimeline
        let hapticsd: DeviceTimeline
        /// When `FeedbackEnded` came, in milliseconds from the timeline's origin.
        let feedbackdEnded: Double?
        let hapticsdEnded: Double?
    }

    private static func compare(_ setup: Setup) throws {
        let text = try require(readText(setup.plan), "cannot read the plan \(setup.plan)")
        var outcomes: [Outcome] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let theme = words.first else { continue }
            outcomes += try run(theme: theme, events: Array(words.dropFirst()), setup: setup)
        }
        try expect(!outcomes.isEmpty, "the plan \(setup.plan) lists no event")
        let strongest = (
            feedbackd: outcomes.flatMap(\.feedbackd.pulses).flatMap(\.levels).max() ?? 0,
            hapticsd: outcomes.flatMap(\.hapticsd.pulses).flatMap(\.levels).max() ?? 0
        )
        var failures: [String] = []
        for outcome in outcomes {
            print("  \(outcome.event):")
            print("    feedbackd: \(outcome.feedbackd.pulses) ended at \(show(outcome.feedbackdEnded))")
            print("    hapticsd:  \(outcome.hapticsd.pulses) ended at \(show(outcome.hapticsdEnded))")
            let differences = differences(outcome, strongest: strongest)
            for difference in differences { print("    DIFFERENT: \(difference)") }
            failures += differences.map { "\(outcome.event): \($0)" }
        }
        try expect(failures.isEmpty, "hapticsd differs from feedbackd:\n" + failures.joined(separator: "\n"))
    }

    /// How `outcome`'s timelines differ: pulse count, each pulse's start and end (a short pulse's
    /// end as hapticsd's minimum pulse lengthens it), its strength relative to the strongest
    /// each daemon plays (feedbackd's FF_GAIN of 75 % and hapticsd's full scale aside), and
    /// when the feedback ended.
    static func differences(_ outcome: Outcome, strongest: (feedbackd: Double, hapticsd: Double)) -> [String] {
        var found: [String] = []
        let (reference, candidate) = (outcome.feedbackd.pulses, outcome.hapticsd.pulses)
        if reference.count != candidate.count {
            found.append("\(reference.count) pulses from feedbackd, \(candidate.count) from hapticsd")
        }
        for (index, (expected, actual)) in zip(reference, candidate).enumerated() {
            let number = "pulse \(index + 1)"
            if abs(expected.start - actual.start) > timeTolerance + max(expected.start, 0) * lateness {
                found.append("\(number) starts at \(show(expected.start)) in feedbackd, \(show(actual.start)) in hapticsd")
            }
            // hapticsd's documented departure (docs/hapticsd.md, ThemeRenderer): a pulse shorter than the
            // renderer's minimum is lengthened to it, up to the next pulse's start.
            let next = index + 1 < reference.count ? reference[index + 1].start : Double.infinity
            let lengthened = max(expected.end, min(expected.start + minimumPulse, next))
            if abs(lengthened - actual.end) > timeTolerance + max(lengthened, 0) * lateness {
                let shown = lengthened == expected.end ? show(expected.end) : "\(show(expected.end)) (lengthened: \(show(lengthened)))"
                found.append("\(number) ends at \(shown) in feedbackd, \(show(actual.end)) in hapticsd")
            }
            let relative = zip(expected.levels, actual.levels).map {
                ($0 / max(strongest.feedbackd, 1e-9), $1 / max(strongest.hapticsd, 1e-9))
            }
            if relative.contains(where: { abs($0 - $1) > levelTolerance }) {
                let shown = relative.map { "\(Int(($0 * 100).rounded()))/\(Int(($1 * 100).rounded()))" }.joined(separator: " ")
                found.append("\(number)'s strength relative to the strongest (feedbackd/hapticsd, %): \(shown)")
            }
        }
        switch (outcome.feedbackdEnded, outcome.hapticsdEnded) {
        case (let expected?, let actual?) where abs(expected - actual) > endTolerance:
            found.append("FeedbackEnded at \(show(expected)) from feedbackd, \(show(actual)) from hapticsd")
        case (nil, _?), (_?, nil):
            found.append("FeedbackEnded from only one of them")
        default:
            break
        }
        return found
    }

    /// Both daemons with `theme`, each event sent to both at once.
    private static func run(theme: String, events: [String], setup: Setup) throws -> [Outcome] {
        let (feedbackd, hapticsd, opened) = try setup.startBoth(theme: theme)
        var windows: [(event: String, feedbackd: ArraySlice<VirtualGamepad.Stamped>, hapticsd: ArraySlice<VirtualGamepad.Stamped>)] =
            []
        var gains: [(feedbackd: Double, hapticsd: Double)] = []
        var horizons: [Duration] = []
        var problems: [String] = []
        if opened {
            for event in events {
                let before = (feedbackd.pad.records, hapticsd.pad.records)
                gains.append((lastGain(before.0), lastGain(before.1)))
                // One daemon at a time: neither's work delays the other's timers.
                for daemon in [feedbackd, hapticsd] {
                    let (status, output) = try daemon.trigger(event).finish()
                    if status != 0 { problems.append("fbcli -E \(event) on \(daemon.name)'s bus exited \(status): \(output)") }
                }
                usleep(100_000)
                horizons.append(Monotonic.now)
                windows.append((event, feedbackd.pad.records.dropFirst(before.0.count), hapticsd.pad.records.dropFirst(before.1.count)))
            }
        }
        let traffic = (BusTraffic(feedbackd.stop()), BusTraffic(hapticsd.stop()))
        try expect(opened, "feedbackd never opened its pad \(feedbackd.pad.node) (no FF_GAIN request)")
        try expect(problems.isEmpty, problems.joined(separator: "\n"))
        try expect(
            traffic.0.triggers.map(\.event) == events && traffic.1.triggers.map(\.event) == events,
            "the monitors saw TriggerFeedback for \(traffic.0.triggers.map(\.event)) and \(traffic.1.triggers.map(\.event)), not \(events)")
        return windows.indices.map { index in
            let window = windows[index]
            func timeline(_ records: ArraySlice<VirtualGamepad.Stamped>, _ origin: Duration, _ gain: Double) -> DeviceTimeline {
                DeviceTimeline(records: Array(records), origin: origin, gain: gain, horizon: horizons[index])
            }
            // Each timeline starts when the client's TriggerFeedback call passed the bus.
            let origins = (traffic.0.triggers[index].at, traffic.1.triggers[index].at)
            return Outcome(
                event: "\(theme.split(separator: "/").last ?? "") \(window.event)",
                feedbackd: timeline(window.feedbackd, origins.0, gains[index].feedbackd),
                hapticsd: timeline(window.hapticsd, origins.1, gains[index].hapticsd),
                feedbackdEnded: ended(traffic.0, index, after: origins.0),
                hapticsdEnded: ended(traffic.1, index, after: origins.1))
        }
    }

    /// When the `index`th feedback ended, in milliseconds after `origin`.
    private static func ended(_ traffic: BusTraffic, _ index: Int, after origin: Duration) -> Double? {
        traffic.ended.indices.contains(index) ? (traffic.ended[index] - origin).inMilliseconds : nil
    }

    /// The gain (0...1) the last `FF_GAIN` request of `records` set; full when none did.
    private static func lastGain(_ records: [VirtualGamepad.Stamped]) -> Double {
        for stamped in records.reversed() {
            if case .gain(let value) = stamped.record { return Double(value) / 0xFFFF }
        }
        return 1
    }

    /// Where libudev reads the pad's properties: `/run/udev/data/c<major>:<minor>`.
    private static func databaseEntry(_ pad: VirtualGamepad) throws -> String {
        var status = stat()
        try expect(stat(pad.node, &status) == 0, "cannot stat \(pad.node)")
        let device = UInt64(status.st_rdev)
        let major = (device >> 8) & 0xfff | (device >> 32) & ~0xfff
        let minor = device & 0xff | (device >> 12) & ~0xff
        return "/run/udev/data/c\(major):\(minor)"
    }

    /// Gives the pad's event node the properties feedbackd's udev rule gives a vibrator.
    static func tagAsVibra(_ pad: VirtualGamepad) throws {
        for directory in ["/run", "/run/udev", "/run/udev/data"] { mkdir(directory, 0o755) }
        let initialized = Int((Monotonic.now.inMilliseconds * 1000).rounded())
        try PrivateBus.write(
            "I:\(initialized)\nE:ID_INPUT=1\nE:FEEDBACKD_TYPE=vibra\nG:uaccess\nQ:uaccess\nV:1\n", to: databaseEntry(pad))
    }

    /// Removes what `tagAsVibra` gave the pad.
    static func untag(_ pad: VirtualGamepad) {
        if let entry = try? databaseEntry(pad) { unlink(entry) }
    }

    private static func show(_ milliseconds: Double?) -> String {
        milliseconds.map { "\(Int($0.rounded())) ms" } ?? "never"
    }
}
