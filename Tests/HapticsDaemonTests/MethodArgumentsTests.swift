import FeedbackTheme
import HapticsModel
import Testing

@testable import HapticsDaemon

/// Reading and checking each call's arguments, on calls built in memory.
@Suite struct MethodArgumentsTests {
    private func decode(
        _ method: DaemonMethod, limits: DaemonLimits = DaemonLimits(), _ build: (CallMessage, BusMessage) -> Void
    ) throws -> Result<MethodArguments, MethodError> {
        let call = try CallMessage(build)
        return Result { () throws(MethodError) in try MethodArguments.decode(method, from: call.message, limits: limits) }
    }

    /// The `InvalidArgs` message of a refused call, or `nil` when the call was taken.
    private func refusal(_ result: Result<MethodArguments, MethodError>) -> String? {
        guard case .failure(let error) = result, error.name == "org.freedesktop.DBus.Error.InvalidArgs" else { return nil }
        return error.message
    }

    private func trigger(
        appID: String = "app", event: String = "message-new-instant", timeout: Int32 = -1,
        hints: @escaping (CallMessage, BusMessage) -> Void = { _, _ in }
    ) -> (CallMessage, BusMessage) -> Void {
        { call, message in
            _ = message.append(appID)
            _ = message.append(event)
            _ = message.open("a", "{sv}")
            hints(call, message)
            _ = message.close()
            call.append(int32: timeout)
        }
    }

    private func hint(_ key: String, _ value: @escaping (CallMessage, BusMessage) -> Void, contents: String) -> (CallMessage, BusMessage) ->
        Void
    {
        { call, message in
            _ = message.open("e", "sv")
            _ = message.append(key)
            _ = message.open("v", contents)
            value(call, message)
            _ = message.close()
            _ = message.close()
        }
    }

    @Test func triggerFeedbackReadsItsHintsAndCountsATimeoutBelowMinusOneAsMinusOne() throws {
        let result = try decode(
            .triggerFeedback,
            trigger(timeout: -7) { call, message in
                hint("profile", { _, message in _ = message.append("quiet") }, contents: "s")(call, message)
                hint("important", { call, _ in call.append(bool: true) }, contents: "b")(call, message)
                // A hint the daemon does not know, holding a variant in a variant, is skipped.
                hint(
                    "sound-file",
                    { _, message in
                        _ = message.open("v", "d")
                        _ = message.append(2.5)
                        _ = message.close()
                    }, contents: "v")(call, message)
            })
        var hints = FeedbackHints()
        hints.profile = .quiet
        hints.important = true
        #expect(try result.get() == .triggerFeedback(appID: "app", event: "message-new-instant", hints: hints, timeout: -1))
    }

    @Test(arguments: [("profile", "i"), ("important", "s"), ("profile", "v")])
    func aKnownHintOfAnotherTypeIsRefused(key: String, contents: String) throws {
        let result = try decode(
            .triggerFeedback,
            trigger(
                hints: hint(
                    key,
                    { call, message in
                        switch contents {
                        case "i": call.append(int32: 1)
                        case "s": _ = message.append("yes")
                        default:
                            _ = message.open("v", "s")
                            _ = message.append("full")
                            _ = message.close()
                        }
                    }, contents: contents)))
        #expect(refusal(result) == "the hint '\(key)' holds a '\(contents)'; expected \(key == "profile" ? "a string" : "a boolean")")
    }

    @Test func aProfileHintOutsideTheProfilesIsRefused() throws {
        let result = try decode(
            .triggerFeedback, trigger(hints: hint("profile", { _, message in _ = message.append("loud") }, contents: "s")))
        #expect(refusal(result) == "the hint 'profile' is 'loud', not one of full, quiet, silent")
    }

    @Test func anEmptyAppIDOrEventIsRefused() throws {
        #expect(refusal(try decode(.triggerFeedback, trigger(appID: ""))) == "Invalid app id ")
        #expect(refusal(try decode(.triggerFeedback, trigger(event: ""))) == "Invalid event ")
    }

    @Test func aTimeoutOverTheLimitIsRefused() throws {
        var limits = DaemonLimits()
        limits.timeoutSeconds = 10
        #expect((try? decode(.triggerFeedback, limits: limits, trigger(timeout: 10)).get()) != nil)
        #expect(refusal(try decode(.triggerFeedback, limits: limits, trigger(timeout: 11)))?.hasPrefix("the timeout 11 is not") == true)
    }

    @Test func argumentsOfAnotherSignatureAreRefused() throws {
        // `ssi`: the hints missing.
        let missing = try decode(.triggerFeedback) { call, message in
            _ = message.append("app")
            _ = message.append("event")
            call.append(int32: -1)
        }
        #expect(refusal(missing)?.hasPrefix("expected a 'a' container of '{sv}'") == true)
        // One argument too many.
        let more = try decode(.endFeedback) { _, message in
            _ = message.append(UInt32(3))
            _ = message.append(UInt32(4))
        }
        #expect(refusal(more) == "expected the end of the arguments, found more (signature 'uu')")
        // An `i` for a `u`, and nothing at all.
        #expect(refusal(try decode(.endFeedback) { call, _ in call.append(int32: 3) })?.hasPrefix("expected a uint32") == true)
        #expect(refusal(try decode(.vibrate) { _, _ in })?.hasPrefix("expected a string") == true)
        #expect(try decode(.endFeedback) { _, message in _ = message.append(UInt32(3)) }.get() == .end(id: 3))
    }

    private func vibrate(_ items: [(Double, UInt32)]) -> (CallMessage, BusMessage) -> Void {
        { _, message in
            _ = message.append("app")
            _ = message.open("a", "(du)")
            for (amplitude, milliseconds) in items {
                _ = message.open("r", "du")
                _ = message.append(amplitude)
                _ = message.append(milliseconds)
                _ = message.close()
            }
            _ = message.close()
        }
    }

    @Test(arguments: [Double.nan, -0.25, 1.5, Double.infinity, -Double.infinity, Double.greatestFiniteMagnitude])
    func vibrateRefusesAnAmplitudeOutsideZeroToOne(amplitude: Double) throws {
        let result = try decode(.vibrate, vibrate([(0.5, 100), (amplitude, 100)]))
        #expect(refusal(result) == "item 1: the amplitude \(amplitude) is not a number from 0 to 1")
    }

    @Test func vibrateRefusesAnItemOverTheLongestAndMoreItemsThanTheLimit() throws {
        #expect(refusal(try decode(.vibrate, vibrate([(1, 10_001)]))) == "item 0: 10001 ms is longer than 10000 ms")
        #expect(refusal(try decode(.vibrate, vibrate([(1, .max)]))) == "item 0: 4294967295 ms is longer than 10000 ms")
        #expect(refusal(try decode(.vibrate, vibrate(Array(repeating: (1, 10), count: 11)))) == "a pattern holds at most 10 items")
        let ten = try decode(.vibrate, vibrate(Array(repeating: (1, 10_000), count: 10))).get()
        #expect(ten == .vibrate(appID: "app", steps: Array(repeating: VibraStep(magnitude: 1, duration: .milliseconds(10_000)), count: 10)))
        #expect(try decode(.vibrate, vibrate([])).get() == .vibrate(appID: "app", steps: []))
    }

    @Test func propertyWritesOutsideTheirRangeAreRefused() throws {
        #expect(
            refusal(try decode(.setProfile) { _, message in _ = message.append("loud") })
                == "the profile 'loud' is not one of full, quiet, silent")
        #expect(try decode(.setProfile) { _, message in _ = message.append("silent") }.get() == .profile(.silent))
        #expect(
            refusal(try decode(.setGain) { _, message in _ = message.append(Double.nan) }) == "the gain nan is not a number from 0 to 1")
        #expect(try decode(.setGain) { _, message in _ = message.append(0.5) }.get() == .gain(0.5))
    }

    @Test func ourOwnMethodsRefuseUnknownNamesAndAnAHAPDocumentOverTheLimit() throws {
        let impact = try decode(.impact) { _, message in
            _ = message.append("app")
            _ = message.append("huge")
            _ = message.append(0.5)
        }
        #expect(refusal(impact)?.hasPrefix("the style 'huge' is not one of") == true)
        var limits = DaemonLimits()
        limits.ahapBytes = 4
        let ahap = try decode(.playAHAP, limits: limits) { call, message in
            _ = message.append("app")
            _ = message.append("{\"Pattern\": []}")
            call.append(int32: -1)
        }
        #expect(ahap == .failure(.limitExceeded("the AHAP document is 15 bytes; at most 4 are taken")))
    }

    @Test func theAtMethodsReadTheirLocalityLastAndTheOthersNone() throws {
        let impactAt = try decode(.impactAt) { _, message in
            _ = message.append("app")
            _ = message.append("rigid")
            _ = message.append(0.5)
            _ = message.append("right-trigger")
        }
        #expect(try impactAt.get() == .impact(appID: "app", style: .rigid, intensity: 0.5, locality: .rightTrigger))
        let selection = try decode(.selection) { _, message in _ = message.append("app") }
        #expect(try selection.get() == .selection(appID: "app", locality: nil))
        let ahapAt = try decode(.playAHAPAt) { call, message in
            _ = message.append("app")
            _ = message.append(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
            call.append(int32: 0)
            _ = message.append("handles")
        }
        guard case .playAHAP(_, _, 0, .handles)? = try? ahapAt.get() else {
            Issue.record("PlayAHAPAt read as \(ahapAt)")
            return
        }
        let notifyAt = try decode(.notifyAt) { _, message in
            _ = message.append("app")
            _ = message.append("error")
            _ = message.append("all")
        }
        #expect(try notifyAt.get() == .notify(appID: "app", type: .error, locality: .all))
    }

    @Test func anAtMethodRefusesALocalityThatIsNoneOfTheSevenOrNoneAtAll() throws {
        for name in ["", "Right-Trigger", "left_handle", "feet"] {
            let result = try decode(.selectionAt) { _, message in
                _ = message.append("app")
                _ = message.append(name)
            }
            #expect(
                refusal(result)
                    == "the locality '\(name)' is not one of all, handles, left-handle, right-handle, triggers, left-trigger, right-trigger, "
                    + "trackpads, left-trackpad, right-trackpad"
            )
        }
        let missing = try decode(.notifyAt) { _, message in
            _ = message.append("app")
            _ = message.append("success")
        }
        #expect(refusal(missing)?.hasPrefix("expected a string") == true)
        #expect(DaemonMethod.allCases.filter(\.takesLocality) == [.playAHAPAt, .impactAt, .notifyAt, .selectionAt])
    }
}
