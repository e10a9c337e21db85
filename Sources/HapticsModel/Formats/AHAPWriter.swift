/// Writes any `HapticPattern` as Core Haptics' AHAP JSON, in the shape Core Haptics accepts.
///
/// - `Version` 1.0, then `Metadata` naming the source, then `Pattern`, its entries sorted by
///   time (stable: entries of equal time keep the pattern's order).
/// - Every event keeps its intensity and sharpness; a continuous event also writes the
///   envelope parameters that differ from Core Haptics' defaults (`AttackTime`, `DecayTime`,
///   `ReleaseTime` when not 0, `Sustained` when false). A transient writes only intensity and
///   sharpness, the parameters a transient plays.
/// - A continuous event longer than `AHAPLoader.maximumEventDuration` (30 s, Core Haptics'
///   cap) is split into consecutive events of at most 30 s (and an hour in all, the loaders'
///   limit). The first keeps the attack, the
///   last the release, and a non-sustained event's decay carries on across the pieces; only an
///   attack or a release longer than its piece is approximated.
/// - A curve of more than `maximumCurvePoints` (16, Core Haptics' limit) is cut into chunks
///   that each start at the point the previous one ended on, as Nice Vibrations chunks them.
///   Each chunk's points are placed on exactly the absolute times of the original points
///   (see `ParameterCurve.value(at:)`), so the chunks render bit for bit as the whole curve;
///   a chunk ends early before a point that rounding leaves no way to place from its start.
///   A chunk that would start after a later curve of the same control has taken over is
///   dropped, as it never plays.
/// - A curve of one point (or none) is written as a `Parameter`, AHAP's instant change.
/// - Values are clamped to Core Haptics' ranges and negative or non-finite times become 0;
///   a pattern read by one of the loaders is always within them already.
///
/// For every pattern the loaders produce, loading the written AHAP with `AHAPLoader` gives a
/// pattern that `Renderer` renders to exactly the same frames.
public enum AHAPWriter {
    /// The event key that keeps an event clear of the control curves
    /// (`HapticEvent.followsParameterCurves` false): Haptics' own, which Core Haptics ignores
    /// (it ignores unknown keys) and so plays such a transient scaled by the curves, as in
    /// the single AHAP Nice Vibrations exports.
    public static let followsParameterCurvesKey = "HapticsFollowsParameterCurves"
    /// The most control points a Core Haptics parameter curve may hold.
    public static let maximumCurvePoints = 16

    /// The AHAP text of `pattern`; `source` names where it came from (a file name, a preset,
    /// a Haptica string) in the `Metadata`.
    public static func ahap(for pattern: HapticPattern, source: String) -> String {
        JSONWriter.string(document(for: pattern, source: source)) + "\n"
    }

    /// The AHAP document of `pattern`, as a JSON value.
    static func document(for pattern: HapticPattern, source: String) -> JSONValue {
        var entries: [(time: Double, entry: JSONValue)] = []
        for event in pattern.events.enumerated().sorted(by: { (time($0.element.time), $0.offset) < (time($1.element.time), $1.offset) })
            .map(\.element)
        {
            entries += pieces(of: event).map { (time($0.time), eventEntry($0)) }
        }
        entries += curveEntries(pattern.curves)
        let ordered = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.entry)
        return .object([
            ("Version", .number(1.0)),
            (
                "Metadata",
                .object([
                    ("Project", .string("Haptics")),
                    ("Description", .string("Written by Haptics from \(source)")),
                    ("Source", .string(source)),
                ])
            ),
            ("Pattern", .array(ordered)),
        ])
    }

    // MARK: Events

    /// The event, or the consecutive events of at most 30 s it is split into.
    private static func pieces(of event: HapticEvent) -> [HapticEvent] {
        let limit = AHAPLoader.maximumEventDuration
        guard case .continuous(let authored) = event.kind, authored > limit else { return [event] }
        let duration = authored.isFinite ? min(authored, AHAPLoader.maximumTime) : 0
        var result: [HapticEvent] = []
        var offset = 0.0
        while offset < duration {
            let length = min(limit, duration - offset)
            var piece = event
            piece.time = event.time + offset
            piece.kind = .continuous(duration: length)
            if offset > 0 { piece.attackTime = 0 }
            if offset + length < duration { piece.releaseTime = 0 }
            if !event.isSustained, event.decayTime > 0, offset > event.attackTime {
                // The decay has run for `offset - attack` seconds: this piece starts at the
                // level reached and fades over what is left of it.
                let left = event.decayTime - (offset - event.attackTime)
                piece.intensity = left > 0 ? event.intensity * left / event.decayTime : 0
                piece.decayTime = max(left, 0)
            }
            result.append(piece)
            offset += length
        }
        return result
    }

    private static func eventEntry(_ event: HapticEvent) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("Time", .number(time(event.time)))]
        var parameters = [
            parameter("HapticIntensity", clamp(event.intensity, to: 0...1)),
            parameter("HapticSharpness", clamp(event.sharpness, to: 0...1)),
        ]
        switch event.kind {
        case .transient:
            members.append(("EventType", .string("HapticTransient")))
        case .continuous(let duration):
            members.append(("EventType", .string("HapticContinuous")))
            members.append(("EventDuration", .number(time(duration))))
            for (id, value) in [("AttackTime", event.attackTime), ("DecayTime", event.decayTime), ("ReleaseTime", event.releaseTime)]
            where time(value) > 0 {
                parameters.append(parameter(id, time(value)))
            }
            if !event.isSustained { parameters.append(parameter("Sustained", 0)) }
        }
        members.append(("EventParameters", .array(parameters)))
        if !event.followsParameterCurves { members.append((followsParameterCurvesKey, .bool(false))) }
        return .object([("Event", .object(members))])
    }

    private static func parameter(_ id: String, _ value: Double) -> JSONValue {
        .object([("ParameterID", .string(id)), ("ParameterValue", .number(value))])
    }

    // MARK: Curves

    /// The entries of every curve that plays, chunked, with their start times.
    private static func curveEntries(_ curves: [ParameterCurve]) -> [(time: Double, entry: JSONValue)] {
        let ordered = curves.enumerated().sorted { (time($0.element.time), $0.offset) < (time($1.element.time), $1.offset) }.map(\.element)
        var result: [(time: Double, entry: JSONValue)] = []
        for (index, curve) in ordered.enumerated() {
            // The next curve of the same control takes over at its start.
            let takeover = ordered[(index + 1)...].first { $0.control == curve.control }.map { time($0.time) } ?? .infinity
            for chunk in chunks(of: curve) where chunk.time < takeover {
                result.append((chunk.time, curveEntry(chunk)))
            }
        }
        return result
    }

    /// The curve cut into chunks of at most 16 points, each starting on the point the
    /// previous one ended on, with the points on the same absolute times as in `curve`.
    ///
    /// A chunk's point times are relative to its start, and `start + relative` must give the
    /// original absolute time exactly. Not every time can be had from every start (rounding
    /// to even can skip a value), so a chunk ends before a point it cannot place exactly, and
    /// on a point from which the next chunk can place the points after it. Only when no point
    /// of a chunk can (a gap of more than twice the time so far, and rounding against every
    /// start) is a time placed within one unit in the last place.
    static func chunks(of curve: ParameterCurve) -> [ParameterCurve] {
        let start = time(curve.time)
        let points = curve.points.map { ParameterCurve.Point(time: time($0.time), value: clamp($0.value, to: curve.control.range)) }
        guard points.count > maximumCurvePoints else { return [ParameterCurve(control: curve.control, time: start, points: points)] }
        let absolute = points.map { start + $0.time }
        var result = [ParameterCurve]()
        var first = 0
        while true {
            let chunkStart = first == 0 ? start : absolute[first]
            var relative = [first == 0 ? points[first].time : 0]
            while first + relative.count < points.count, relative.count < maximumCurvePoints {
                let next = first + relative.count
                let offset = first == 0 ? points[next].time : exactOffset(to: absolute[next], from: chunkStart)
                guard let offset else {
                    if relative.count > 1 { break }
                    relative.append(absolute[next] - chunkStart)
                    continue
                }
                relative.append(offset)
            }
            var last = first + relative.count - 1
            // Where the next chunk starts: on the first of several points sharing a time (the
            // whole curve gives the first one's value at that time), and on a point from
            // which it can place every point up to the first this chunk leaves out, else at
            // least the one after it; the latest such point.
            if last < points.count - 1 {
                let beyond = last + 1
                let candidates = Array(stride(from: last, to: first, by: -1)).filter { absolute[$0 - 1] < absolute[$0] }
                let reaches = { (start: Int, end: Int) in
                    ((start + 1)...end).allSatisfy { exactOffset(to: absolute[$0], from: absolute[start]) != nil }
                }
                last = candidates.first { reaches($0, beyond) } ?? candidates.first { reaches($0, $0 + 1) } ?? last
            }
            let chunkPoints = (first...last).map { ParameterCurve.Point(time: relative[$0 - first], value: points[$0].value) }
            result.append(ParameterCurve(control: curve.control, time: chunkStart, points: chunkPoints))
            if last == points.count - 1 { return result }
            first = last
        }
    }

    /// The relative time `r` for which `start + r` is exactly `target`, if there is one.
    private static func exactOffset(to target: Double, from start: Double) -> Double? {
        let guess = target - start
        return [guess, guess.nextUp, guess.nextDown, guess.nextUp.nextUp, guess.nextDown.nextDown].first { $0 >= 0 && start + $0 == target }
    }

    private static func curveEntry(_ curve: ParameterCurve) -> JSONValue {
        let id = JSONValue.string(curve.control.rawValue)
        guard curve.points.count > 1 else {
            let value = curve.points.first?.value ?? curve.control.neutralValue
            return .object([
                ("Parameter", .object([("ParameterID", id), ("Time", .number(curve.time)), ("ParameterValue", .number(value))]))
            ])
        }
        let points = curve.points.map { JSONValue.object([("Time", .number($0.time)), ("ParameterValue", .number($0.value))]) }
        return .object([
            (
                "ParameterCurve",
                .object([("ParameterID", id), ("Time", .number(curve.time)), ("ParameterCurveControlPoints", .array(points))])
            )
        ])
    }

    // MARK: Values

    /// A time Core Haptics accepts: not negative, finite.
    private static func time(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    private static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }
}
