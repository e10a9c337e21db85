import HapticsCommandLine
import HapticsModel
import Testing

@testable import HapticsTool

/// `haptics trigger`: each mode's options become its `TriggerEffect`; a bad value, a missing
/// or extra option and a list that is not ten numbers are usage errors naming the option.
@Suite struct TriggerCommandTests {
    private func parsed(_ arguments: String...) throws -> TriggerCommand {
        guard case .run(let command) = try HapticsCommand.parse("trigger", arguments) else {
            throw UsageError(message: "not a run", command: "haptics trigger")
        }
        return try #require(command as? TriggerCommand)
    }

    @Test func eachModeBecomesItsEffect() throws {
        let ten = "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9"
        let values = (0..<10).map { Double($0) / 10 }
        #expect(try parsed("left", "off").effect == .off)
        #expect(try parsed("right", "feedback", "--start", "0.2", "--strength", "0.7").effect == .feedback(start: 0.2, strength: 0.7))
        #expect(
            try parsed("left", "weapon", "--start", "0.2", "--end", "0.6", "--strength", "1").effect
                == .weapon(start: 0.2, end: 0.6, strength: 1))
        #expect(
            try parsed("left", "vibration", "--start", "0", "--amplitude", "1", "--frequency", "0.5").effect
                == .vibration(start: 0, amplitude: 1, frequency: 0.5))
        #expect(
            try parsed("left", "slope", "--start", "0.1", "--end", "0.9", "--strength", "0.2", "--end-strength", "1").effect
                == .slopeFeedback(start: 0.1, end: 0.9, strength: 0.2, endStrength: 1))
        #expect(try parsed("left", "positional-feedback", "--strengths", ten).effect == .positionalFeedback(strengths: values))
        #expect(
            try parsed("left", "positional-vibration", "--amplitudes", ten, "--frequency", "0.3").effect
                == .positionalVibration(amplitudes: values, frequency: 0.3))
    }

    @Test func theSideNamesTheTriggers() throws {
        #expect(try parsed("left", "off").sides == [.left])
        #expect(try parsed("right", "off").sides == [.right])
        #expect(try parsed("both", "off").sides == [.left, .right])
        #expect(try parsed("both", "off").holdSeconds == nil)
        #expect(try parsed("both", "off", "--hold", "2.5").holdSeconds == 2.5)
    }

    @Test func statusAloneSetsNothingAndWithAModeSetsIt() throws {
        let alone = try parsed("--status", "--hold", "1")
        #expect(alone.readsStatus && alone.sides.isEmpty && alone.holdSeconds == 1)
        let withMode = try parsed("right", "weapon", "--start", "0.2", "--end", "0.6", "--strength", "1", "--status")
        #expect(withMode.readsStatus && withMode.sides == [.right])
        #expect(withMode.effect == .weapon(start: 0.2, end: 0.6, strength: 1))
        #expect(try parsed("left", "off").readsStatus == false)
    }

    @Test(arguments: [
        (["left", "feedback", "--start", "0.2", "--strength", "1.5"], "'--strength'"),
        (["left", "feedback", "--start", "0.2"], "'--strength'"),
        (["left", "feedback", "--start", "0.2", "--strength", "1", "--amplitude", "1"], "'--amplitude'"),
        (["left", "positional-feedback", "--strengths", "1,1,1"], "'--strengths'"),
        (["left", "positional-feedback", "--strengths", "1,1,1,1,1,1,1,1,1,1,1"], "'--strengths'"),
        (["left", "positional-vibration", "--amplitudes", "0,0,0,0,0,0,0,0,0,2", "--frequency", "1"], "'--amplitudes'"),
        (["left", "slope", "--start", "0", "--end", "1", "--strength", "0"], "'--end-strength'"),
        (["left", "off", "--hold", "-1"], "'--hold'"),
        (["left", "off", "--driver", "evdev"], "'--driver'"),
        (["middle", "off"], "'middle'"),
        (["left", "wobble"], "'wobble'"),
        (["--status", "--strength", "1"], "'--strength'"),
        (["left", "--status"], "<mode>"),
        (["left"], "<mode>"),
        (["left", "off", "extra"], "'extra'"),
    ])
    func aBadCommandLineExits64NamingWhatIsWrong(_ arguments: [String], _ named: String) async {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(["trigger"] + arguments, on: captured.console)
        #expect(code == .usage)
        #expect(captured.err.split(separator: "\n").first?.contains(named) == true, "\(captured.err)")
    }
}
