import Glibc

/// The feedback calls and signals a `busctl monitor --json=short` saw, each with the time the
/// monitor's socket received it (`timestamp-realtime`), on the monotonic clock.
struct BusTraffic {
    /// When each `TriggerFeedback` call was made, in order, with its event name.
    let triggers: [(event: String, at: Duration)]
    /// When each `FeedbackEnded` signal was sent, in order.
    let ended: [Duration]

    /// Reads the monitor's lines.
    init(_ output: String) {
        // The monitor stamps on the real-time clock; the pads on the monotonic one.
        var realTime = timespec()
        var monotonic = timespec()
        clock_gettime(CLOCK_REALTIME, &realTime)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        let offset =
            (Duration.seconds(realTime.tv_sec) + .nanoseconds(realTime.tv_nsec))
            - (Duration.seconds(monotonic.tv_sec) + .nanoseconds(monotonic.tv_nsec))
        var triggers: [(String, Duration)] = []
        var ended: [Duration] = []
        for line in output.split(whereSeparator: \.isNewline) {
            guard let stamp = Self.number(after: "\"timestamp-realtime\":", in: line) else { continue }
            let at = Duration.microseconds(stamp) - offset
            if line.contains("\"member\":\"TriggerFeedback\""), line.contains("\"type\":\"method_call\"") {
                triggers.append((Self.secondString(after: "\"data\":[", in: line) ?? "", at))
            } else if line.contains("\"member\":\"FeedbackEnded\"") {
                ended.append(at)
            }
        }
        self.triggers = triggers
        self.ended = ended
    }

    /// The whole number that follows `key` in `line`.
    private static func number(after key: String, in line: Substring) -> Int64? {
        guard let range = line.firstRange(of: key) else { return nil }
        return Int64(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// The second string of the JSON array that follows `key` (the event of a
    /// `TriggerFeedback(app_id, event, hints, timeout)`).
    private static func secondString(after key: String, in line: Substring) -> String? {
        guard let range = line.firstRange(of: key) else { return nil }
        let strings = line[range.upperBound...].split(separator: "\"", omittingEmptySubsequences: false)
        // ["", app, ",", event, ...]
        return strings.count > 3 ? String(strings[3]) : nil
    }
}
