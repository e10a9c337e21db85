public import FeedbackTheme
public import HapticsModel

/// The arguments of one call to hapticsd (or the value of one property write), read from
/// its message and checked against feedbackd's rules and the daemon's limits. Reading them
/// has no effect but to move the message's read position: what the call does is up to the
/// daemon.
public enum MethodArguments: Sendable, Hashable {
    /// `TriggerFeedback`: a non-empty app id and event, the hints the daemon acts on, and a
    /// timeout from -1 (a timeout below -1 counts as -1, as feedbackd) to the limit.
    case triggerFeedback(appID: String, event: String, hints: FeedbackHints, timeout: Int32)
    /// `EndFeedback` or `Stop`: the feedback to end.
    case end(id: UInt32)
    /// A new `Profile`.
    case profile(FeedbackProfile)
    /// `Vibrate`: the app id and at most the limit's items, each an amplitude from 0 to 1 for
    /// at most the limit's milliseconds.
    case vibrate(appID: String, steps: [VibraStep])
    /// `PlayAHAP` or `PlayAHAPAt`: the app id, the pattern the document holds, a timeout from
    /// -1 to the limit, and the locality (`nil` for `PlayAHAP`, which plays as it always has).
    case playAHAP(appID: String, pattern: HapticPattern, timeout: Int32, locality: Locality?)
    /// `Impact` or `ImpactAt`: the app id, the style, an intensity from 0 to 1, and the
    /// locality (`nil` for `Impact`).
    case impact(appID: String, style: ImpactStyle, intensity: Double, locality: Locality?)
    /// `Notify` or `NotifyAt`: the app id, the notification's type, and the locality (`nil`
    /// for `Notify`).
    case notify(appID: String, type: NotificationType, locality: Locality?)
    /// `Selection` or `SelectionAt`: the app id and the locality (`nil` for `Selection`).
    case selection(appID: String, locality: Locality?)
    /// `StopAll`.
    case stopAll
    /// A new `Gain`, from 0 to 1.
    case gain(Double)

    /// Reads the arguments of `method` from `message`, whose read position is at its first
    /// argument, and checks them against `limits`.
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidArgs` for arguments of another signature
    ///   than the method's (fewer, more, or of other types), a hint `profile` or `important`
    ///   holding another type, a value out of its range, or a locality that is not one of the
    ///   seven `Locality` names;
    ///   `org.freedesktop.DBus.Error.LimitsExceeded` for an AHAP document over the limit.
    public static func decode(_ method: DaemonMethod, from message: BusMessage, limits: DaemonLimits) throws(MethodError)
        -> MethodArguments
    {
        let arguments: MethodArguments
        switch method {
        case .triggerFeedback: arguments = try triggerFeedback(message, limits: limits)
        case .endFeedback, .stop: arguments = .end(id: try message.readUInt32())
        case .setProfile:
            let text = try message.readString()
            guard let profile = FeedbackProfile(rawValue: text) else {
                throw .invalidArguments("the profile '\(text)' is not one of full, quiet, silent")
            }
            arguments = .profile(profile)
        case .vibrate: arguments = try vibrate(message, limits: limits)
        case .playAHAP, .playAHAPAt:
            let (appID, pattern, timeout) = try playAHAP(message, limits: limits)
            arguments = .playAHAP(appID: appID, pattern: pattern, timeout: timeout, locality: try locality(method, message))
        case .impact, .impactAt:
            let appID = try message.readString()
            let name = try message.readString()
            let intensity = try message.readDouble()
            let locality = try locality(method, message)
            guard let style = ImpactStyle(rawValue: name) else {
                throw .invalidArguments("the style '\(name)' is not one of \(ImpactStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard intensity.isFinite, (0...1).contains(intensity) else {
                throw .invalidArguments("the intensity \(intensity) is not a number from 0 to 1")
            }
            arguments = .impact(appID: appID, style: style, intensity: intensity, locality: locality)
        case .notify, .notifyAt:
            let appID = try message.readString()
            let name = try message.readString()
            let locality = try locality(method, message)
            guard let type = NotificationType(rawValue: name) else {
                throw .invalidArguments(
                    "the type '\(name)' is not one of \(NotificationType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            arguments = .notify(appID: appID, type: type, locality: locality)
        case .selection, .selectionAt:
            let appID = try message.readString()
            arguments = .selection(appID: appID, locality: try locality(method, message))
        case .stopAll: arguments = .stopAll
        case .setGain:
            let gain = try message.readDouble()
            guard gain.isFinite, (0...1).contains(gain) else { throw .invalidArguments("the gain \(gain) is not a number from 0 to 1") }
            arguments = .gain(gain)
        }
        try message.expectEnd()
        return arguments
    }

    /// As `fbd_feedback_manager_handle_trigger_feedback` in src/fbd-feedback-manager.c: an
    /// empty app id or event is `InvalidArgs`, a timeout below -1 counts as -1.
    private static func triggerFeedback(_ message: BusMessage, limits: DaemonLimits) throws(MethodError) -> MethodArguments {
        let appID = try message.readString()
        let event = try message.readString()
        let hints = try FeedbackHints(reading: message)
        let timeout = max(try message.readInt32(), -1)
        guard !appID.isEmpty else { throw .invalidArguments("Invalid app id \(appID)") }
        guard !event.isEmpty else { throw .invalidArguments("Invalid event \(event)") }
        try check(timeout, limits)
        return .triggerFeedback(appID: appID, event: event, hints: hints, timeout: timeout)
    }

    private static func vibrate(_ message: BusMessage, limits: DaemonLimits) throws(MethodError) -> MethodArguments {
        let appID = try message.readString()
        var steps: [VibraStep] = []
        _ = try message.enter("a", "(du)")
        while try message.enter("r", "du") {
            let amplitude = try message.readDouble()
            let milliseconds = try message.readUInt32()
            try message.exit()
            guard steps.count < limits.vibrateItems else {
                throw .invalidArguments("a pattern holds at most \(limits.vibrateItems) items")
            }
            guard amplitude.isFinite, (0...1).contains(amplitude) else {
                throw .invalidArguments("item \(steps.count): the amplitude \(amplitude) is not a number from 0 to 1")
            }
            guard milliseconds <= limits.vibrateItemMilliseconds else {
                throw .invalidArguments("item \(steps.count): \(milliseconds) ms is longer than \(limits.vibrateItemMilliseconds) ms")
            }
            steps.append(VibraStep(magnitude: amplitude, duration: .milliseconds(Int(milliseconds))))
        }
        try message.exit()
        return .vibrate(appID: appID, steps: steps)
    }

    private static func playAHAP(_ message: BusMessage, limits: DaemonLimits) throws(MethodError) -> (
        appID: String, pattern: HapticPattern, timeout: Int32
    ) {
        let appID = try message.readString()
        let text = try message.readString()
        let timeout = try message.readInt32()
        let bytes = Array(text.utf8)
        guard bytes.count <= limits.ahapBytes else {
            throw .limitExceeded("the AHAP document is \(bytes.count) bytes; at most \(limits.ahapBytes) are taken")
        }
        let pattern: HapticPattern
        do {
            pattern = try AHAPLoader.decode(bytes, file: "PlayAHAP").pattern
        } catch {
            throw .invalidArguments(error.description)
        }
        try check(timeout, limits)
        return (appID, pattern, timeout)
    }

    /// The locality an `…At` method takes as its last argument; `nil` for the others, which
    /// take none.
    private static func locality(_ method: DaemonMethod, _ message: BusMessage) throws(MethodError) -> Locality? {
        guard method.takesLocality else { return nil }
        let name = try message.readString()
        guard let locality = Locality(rawValue: name) else {
            throw .invalidArguments(
                "the locality '\(name)' is not one of \(Locality.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return locality
    }

    private static func check(_ timeout: Int32, _ limits: DaemonLimits) throws(MethodError) {
        guard timeout >= -1, timeout <= limits.timeoutSeconds else {
            throw .invalidArguments("the timeout \(timeout) is not -1 (once), 0 (until ended) or 1 to \(limits.timeoutSeconds) seconds")
        }
    }
}
