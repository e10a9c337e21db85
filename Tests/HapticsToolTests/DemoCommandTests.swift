import Foundation
import HapticsEvdev
import PullToRefresh
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct DemoCommandTests {
    /// What each shipped trace prints on the component its comments name.
    private static let expected: [String: [String]] = [
        "clean-pull.csv": [
            #"{"t_ms":83,"state":"pulling"}"#,
            #"{"t_ms":83,"impact":"light"}"#,
            #"{"t_ms":133,"state":"refreshing"}"#,
            #"{"t_ms":1200,"state":"idle"}"#,
        ],
        "released-early.csv": [],
        "trembling.csv": [80, 120, 160, 200, 240, 280].flatMap { time in
            [
                #"{"t_ms":\#(time),"state":"pulling"}"#,
                #"{"t_ms":\#(time),"impact":"light"}"#,
                #"{"t_ms":\#(time + 20),"state":"idle"}"#,
            ]
        } + [
            #"{"t_ms":320,"state":"pulling"}"#,
            #"{"t_ms":320,"impact":"light"}"#,
            #"{"t_ms":360,"state":"refreshing"}"#,
            #"{"t_ms":1400,"state":"idle"}"#,
        ],
        "no-more-data.csv": [
            #"{"t_ms":50,"state":"pulling"}"#,
            #"{"t_ms":50,"impact":"light"}"#,
            #"{"t_ms":83,"state":"refreshing"}"#,
            #"{"t_ms":900,"state":"idle"}"#,
            #"{"t_ms":1533,"state":"pulling"}"#,
            #"{"t_ms":1533,"impact":"light"}"#,
            #"{"t_ms":1550,"state":"refreshing"}"#,
            #"{"t_ms":2400,"state":"noMoreData"}"#,
            #"{"t_ms":3500,"state":"idle"}"#,
            #"{"t_ms":4033,"state":"pulling"}"#,
            #"{"t_ms":4033,"impact":"light"}"#,
            #"{"t_ms":4050,"state":"refreshing"}"#,
            #"{"t_ms":4800,"state":"idle"}"#,
        ],
    ]

    /// The lines printed on standard output.
    private func lines(_ console: CapturedConsole) -> [String] {
        console.out.split(separator: "\n").map(String.init)
    }

    @Test(arguments: ShippedTrace.all)
    func eachShippedTracePrintsTheExpectedLines(_ shipped: ShippedTrace) async throws {
        let expected = try #require(Self.expected[shipped.name], "no expected lines for \(shipped)")
        let (code, console) = await CapturedConsole.run("demo", "--trace", shipped.path, "--component", try shipped.component().rawValue)
        #expect(code == .success)
        #expect(lines(console) == expected)
        #expect(console.err == DemoCommand.legend(path: shipped.path, component: try shipped.component(), drivers: nil))
    }

    /// What `make demo` prints headless: the lines on standard output, and before them one line
    /// on standard error saying what they are.
    @Test func aReplaySaysWhatItsLinesAreOnStandardErrorBeforeThem() async throws {
        let path = ShippedTrace(name: "clean-pull.csv").path
        let (code, console) = await CapturedConsole.run("demo", "--trace", path)
        #expect(code == .success)
        #expect(
            console.err
                == "replaying \(path) on the header, headless: a JSON line per state change and cue fired, at its time in the trace (t_ms)")
        #expect(lines(console) == Self.expected["clean-pull.csv"], "standard output stays the lines alone")
        let (_, recorded) = await CapturedConsole.run("demo", "--trace", path, "--component", "back-footer", "--driver", "record")
        #expect(recorded.err.hasPrefix("replaying \(path) on the back-footer, headless: "))
        #expect(recorded.err.hasSuffix(", and a JSON line per frame played (duration_ms)"))
        let (_, both) = await CapturedConsole.run("demo", "--trace", path, "--driver", "stdout,record")
        #expect(both.err.hasSuffix(", and a JSON line (duration_ms) and a text line per frame played"))
        #expect(both.err.split(separator: "\n").count == 1)
    }

    @Test(arguments: ShippedTrace.all, RefreshComponentKind.allCases)
    func theLinesAreTraceReplaysOnEveryComponentAndHysteresis(_ shipped: ShippedTrace, component: RefreshComponentKind) async throws {
        for hysteresis in [0.0, 5.0] {
            let (code, console) = await CapturedConsole.run(
                "demo", "--trace", shipped.path, "--component", component.rawValue, "--hysteresis", String(hysteresis))
            let machine = RefreshStateMachine(kind: component, configuration: RefreshFeedbackConfiguration(hysteresis: hysteresis))
            #expect(code == .success)
            #expect(lines(console) == TraceReplay(machine: machine).events(for: try shipped.trace()).map(\.jsonLine))
        }
    }

    /// What the shipped traces print with `--tension` (each level is the pulling percent,
    /// offset ÷ height, of its input).
    private static let expectedWithTension: [String: [String]] = [
        "clean-pull.csv": [
            #"{"t_ms":33,"tension":0.444}"#, #"{"t_ms":50,"tension":0.685}"#, #"{"t_ms":66,"tension":0.889}"#,
            #"{"t_ms":83,"state":"pulling"}"#, #"{"t_ms":83,"tension_end":true}"#, #"{"t_ms":83,"impact":"light"}"#,
            #"{"t_ms":133,"state":"refreshing"}"#, #"{"t_ms":1200,"state":"idle"}"#,
        ],
        "released-early.csv": [
            #"{"t_ms":33,"tension":0.389}"#, #"{"t_ms":50,"tension":0.611}"#, #"{"t_ms":66,"tension":0.778}"#,
            #"{"t_ms":83,"tension":0.907}"#, #"{"t_ms":100,"tension":0.981}"#, #"{"t_ms":116,"tension":1}"#,
            #"{"t_ms":133,"tension":1}"#, #"{"t_ms":150,"tension_end":true}"#,
        ],
        "no-more-data.csv": [
            #"{"t_ms":16,"tension":0.455}"#, #"{"t_ms":33,"tension":0.909}"#,
            #"{"t_ms":50,"state":"pulling"}"#, #"{"t_ms":50,"tension_end":true}"#, #"{"t_ms":50,"impact":"light"}"#,
            #"{"t_ms":83,"state":"refreshing"}"#, #"{"t_ms":900,"state":"idle"}"#,
            #"{"t_ms":1516,"tension":0.568}"#,
            #"{"t_ms":1533,"state":"pulling"}"#, #"{"t_ms":1533,"tension_end":true}"#, #"{"t_ms":1533,"impact":"light"}"#,
            #"{"t_ms":1550,"state":"refreshing"}"#, #"{"t_ms":2400,"state":"noMoreData"}"#, #"{"t_ms":3500,"state":"idle"}"#,
            #"{"t_ms":4016,"tension":0.682}"#,
            #"{"t_ms":4033,"state":"pulling"}"#, #"{"t_ms":4033,"tension_end":true}"#, #"{"t_ms":4033,"impact":"light"}"#,
            #"{"t_ms":4050,"state":"refreshing"}"#, #"{"t_ms":4800,"state":"idle"}"#,
        ],
    ]

    @Test(arguments: ShippedTrace.all)
    func withTensionEachShippedTraceAddsItsLevelsAndEnds(_ shipped: ShippedTrace) async throws {
        let (code, console) = await CapturedConsole.run(
            "demo", "--trace", shipped.path, "--component", try shipped.component().rawValue, "--tension")
        #expect(code == .success)
        let printed = lines(console)
        if let expected = Self.expectedWithTension[shipped.name] { #expect(printed == expected) }
        // Without the tension lines, what the trace prints without --tension.
        #expect(printed.filter { !$0.contains("tension") } == Self.expected[shipped.name])
        // Each level is its input's offset over the component's height, and each stretch of
        // levels ends once.
        let height = try shipped.component().defaultHeight
        let offsets = Dictionary(
            try shipped.trace().inputs.compactMap { timed -> (Int, Double)? in
                if case .drag(let offset) = timed.input { (timed.timeMilliseconds, offset) } else { nil }
            }, uniquingKeysWith: { $1 })
        var open = false
        for line in printed {
            if line.contains("\"tension\":") {
                let time = try #require(Int(line.split(separator: ",")[0].dropFirst(8)))
                let offset = try #require(offsets[time])
                #expect(line.hasSuffix("\"tension\":\(Self.formatted(min(offset / height, 1)))}"), "\(line)")
                open = true
            } else if line.contains("tension_end") {
                #expect(open, "\(line) ends no tension")
                open = false
            }
        }
        #expect(!open)
    }

    private static func formatted(_ level: Double) -> String {
        let rounded = (level * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    @Test func theHeaderIsTheDefaultComponentAndTheFramesGoNowhereByDefault() async {
        let path = ShippedTrace(name: "no-more-data.csv").path
        let (_, byDefault) = await CapturedConsole.run("demo", "--trace", path)
        let (_, header) = await CapturedConsole.run("demo", "--trace", path, "--component", "header")
        #expect(byDefault.out == header.out)
        #expect(byDefault.out.hasPrefix(#"{"t_ms":3033,"state":"pulling"}"#))
        #expect(!byDefault.out.contains("duration_ms"))
    }

    /// `--driver record` means what it means for `play`: every frame as a JSON line, here
    /// among the trace's lines, in time order, each after the lines of the input that fired it.
    @Test func theRecordDriverAddsEveryFrameAsAJSONLineInTimeOrder() async throws {
        let (code, console) = await CapturedConsole.run("demo", "--trace", ShippedTrace(name: "clean-pull.csv").path, "--driver", "record")
        #expect(code == .success)
        let printed = lines(console)
        #expect(printed.filter { !$0.contains("duration_ms") && $0 != #"{"stop":true}"# } == Self.expected["clean-pull.csv"])
        let (_, impact) = await CapturedConsole.run("impact", "light", "--driver", "record")
        let impactFrames = try impact.out.split(separator: "\n").map { line in
            let time = try #require(Int(line.split(separator: ",")[0].dropFirst(8)))
            return #"{"t_ms":\#(time + 83),"# + line.split(separator: ",").dropFirst().joined(separator: ",")
        }
        #expect(printed.filter { $0.contains("duration_ms") } == impactFrames, "the light impact fired at 83 ms")
        let times = try printed.dropLast().map { try #require(Int($0.split(separator: ",")[0].dropFirst(8))) }
        #expect(times == times.sorted())
        #expect(printed.last == #"{"stop":true}"#)
        #expect(
            Array(printed.prefix(3)) == [
                #"{"t_ms":83,"state":"pulling"}"#, #"{"t_ms":83,"impact":"light"}"#,
                #"{"t_ms":83,"duration_ms":40,"strong":0.16,"weak":0.16}"#,
            ], "the cause prints before its effect")
    }

    @Test func theStdoutDriverAddsTheFramesAtTheirTraceTimes() async {
        let (code, console) = await CapturedConsole.run("demo", "--trace", ShippedTrace(name: "clean-pull.csv").path, "--driver", "stdout")
        #expect(code == .success)
        let frames = lines(console).filter { !$0.hasPrefix("{") }
        #expect(frames.count == 3)
        #expect(
            lines(console).prefix(3).last?.hasPrefix("     83 ms  strong 0.16") == true,
            "the 83 ms frame after its pulling and impact lines")
        #expect(frames.first?.hasPrefix("     83 ms  strong 0.16") == true)
        #expect(frames.first?.hasSuffix("40 ms") == true)
        #expect(frames.dropFirst().first?.hasPrefix("    123 ms  strong 0.00") == true)
        #expect(frames.last == "   stop")
        #expect(lines(console).filter { $0.hasPrefix("{") } == Self.expected["clean-pull.csv"])
    }

    @Test func aBrokenTraceExits65NamingTheFileAndLine() async throws {
        try await withTemporaryFolder { folder in
            let path = try writeFile("t_ms,offset,dragging\n0,0,1\n16,ten,1\n", named: "broken.csv", in: folder)
            let (code, console) = await CapturedConsole.run("demo", "--trace", path)
            #expect(code == .dataError)
            #expect(
                console.err == "Error: \(path): line 3: expected the offset as a finite number of points (like `56.5`), but found `ten`")
            #expect(console.out.isEmpty)
        }
    }

    @Test func aMissingTraceExits65() async {
        let (code, console) = await CapturedConsole.run("demo", "--trace", "/nonexistent.csv")
        #expect(code == .dataError)
        #expect(
            console.err == "Error: /nonexistent.csv: cannot read the file: No such file or directory; check the path and its permissions")
    }

    @Test(arguments: [
        (["--component", "header"], "Error: '--component' only applies with '--trace'"),
        (["--driver", "record"], "Error: the demo plays in real time; '--driver record' only applies with '--trace'"),
        (
            ["--trace", "x.csv", "--component", "side"],
            "Error: the value 'side' of '--component' is not one of header, back-footer, auto-footer"
        ),
        (["--hysteresis", "-1"], "Error: the value '-1' of '--hysteresis' is not a number from 0 to 100"),
        (["now"], "Error: unexpected argument 'now'"),
    ])
    func badUsageExits64(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(["demo"] + arguments, on: captured.console)
        #expect(code == .usage)
        #expect(captured.err.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func anInputPadThatIsNotThereSaysToUseInputNoneWhateverTheDriver() async throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        for drivers in [[], ["--driver", "stdout"]] {
            var arguments = ArgumentReader(drivers + ["--input", "/nonexistent/event9"], for: DemoCommand.configuration)
            var command = try DemoCommand(parsing: &arguments)
            command.input = terminal.slave
            command.output = terminal.slave
            let captured = CapturedConsole()
            #expect(await command.run(on: captured.console) == .failure)
            #expect(
                captured.err.hasSuffix(
                    "Error: --input: no gamepad with a trigger or stick matches '/nonexistent/event9': plug one in, "
                        + "check 'haptics devices', or use --input none to pull with the keys alone"))
            #expect(!captured.err.contains("--driver stdout"))
        }
    }

    @Test(arguments: [
        ("trigger", DeviceSelection?.some(.auto)), ("auto", .some(.auto)), ("none", nil), ("DualSense", .some(.name("DualSense"))),
    ])
    func inputNamesTheTriggerThatPulls(_ value: String, _ expected: DeviceSelection?) throws {
        var arguments = ArgumentReader(["--input", value], for: DemoCommand.configuration)
        let command = try DemoCommand(parsing: &arguments)
        #expect(command.trigger == expected)
    }

    @Test func inputTrackpadReadsADecksTrackpadAndNoTriggerOnlyInTheInteractiveDemo() throws {
        var arguments = ArgumentReader(["--input", "trackpad"], for: DemoCommand.configuration)
        let command = try DemoCommand(parsing: &arguments)
        #expect(command.readsTrackpad && command.trigger == nil)
        var traced = ArgumentReader(["--input", "trackpad", "--trace", "gesture.csv"], for: DemoCommand.configuration)
        #expect(throws: UsageError.self) { try DemoCommand(parsing: &traced) }
    }

    @Test func withoutATerminalItSaysHowToReplayATraceAndExits64() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        var arguments = ArgumentReader([], for: DemoCommand.configuration)
        var command = try DemoCommand(parsing: &arguments)
        command.input = ends[0]
        let captured = CapturedConsole()
        #expect(await command.run(on: captured.console) == .usage)
        #expect(captured.err.split(separator: "\n").count == 1)
        #expect(captured.err.contains("not a terminal") && captured.err.contains("--trace FILE"))
        #expect(captured.out.isEmpty)
    }

    /// `--driver` lists drive every driver: with --trace all play on the trace's clock, so `record` may be in one.
    @Test func demoTraceWithRecordAndStdoutPrintsEachFrameBothWays() async {
        let (code, console) = await CapturedConsole.run(
            "demo", "--trace", ShippedTrace(name: "clean-pull.csv").path, "--driver", "record,stdout")
        #expect(code == .success)
        let lines = console.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix(#"{"t_ms":"#) && $0.contains("duration_ms") }.count == 2)
        #expect(lines.filter { $0.hasSuffix(" 40 ms") || $0.hasSuffix(" off") }.count == 2)
        #expect(lines.contains(#"{"t_ms":83,"impact":"light"}"#))
    }
}
