public import HapticsModel
import Synchronization

/// A pattern that can be started, paused and resumed, sought, looped, played faster or
/// slower, muted and shaped while it plays, as Core Haptics' `CHHapticAdvancedPatternPlayer`;
/// made by `HapticEngine.makeAdvancedPlayer(for:)`, it mixes with everything else the engine
/// plays.
///
/// ```swift
/// let player = engine.makeAdvancedPlayer(for: pattern)
/// player.loopEnabled = true
/// try player.start(atTime: 0)
/// try player.sendParameters([DynamicParameter(parameterID: .hapticIntensityControl, value: 0.5)], atTime: 0)
/// try player.stop(atTime: 2)
/// _ = await player.finished()
/// ```
///
/// Times given as `atTime` are seconds from now on the engine's clock (0: at once); offsets
/// are seconds of the pattern. A change takes effect at its time, from the next frame: what
/// plays is sampled step by step from the pattern at the player's position, never rendered
/// again from the start. Each `start` begins a run that ends with one outcome: `.completed`
/// at the pattern's end (while looping, at the end of the last pass `loopRepetition` counts),
/// `.stopped` by `stop`, by a later `start`, by the engine's `stop()` or when the player is
/// released, `.failed` when the driver fails.
/// Commands take effect in time order; one for a time when the player is in no state to obey
/// (a pause while nothing plays) does nothing.
public final class AdvancedPatternPlayer: AdvancedPlayback {
    private struct State {
        var completion = PlaybackCompletion()
        var completionStarted = false
        var loopEnabled = false
        var loopRepetition = Repetition.forever
        var loopStart = 0.0
        var loopEnd = 0.0
        var playbackRate = 1.0
        var isMuted = false
    }

    /// The engine it plays on, held so that its timer keeps going while this player lives.
    private let engine: HapticEngine
    private let id: UInt64
    private let state = Mutex(State())

    /// A player for the advanced voice `id` of `engine`'s core.
    init(engine: HapticEngine, id: UInt64) {
        self.engine = engine
        self.id = id
    }

    deinit {
        engine.core.removeAdvanced(id)
    }

    /// Whether the playback goes back to `loopStart` at `loopEnd` instead of ending.
    public var loopEnabled: Bool {
        get { state.withLock { $0.loopEnabled } }
        set { set(\.loopEnabled, newValue) { voice, _ in voice.loopEnabled = newValue } }
    }

    /// How many passes a run plays while `loopEnabled`: `.forever` (the default, as in Core
    /// Haptics) until it is stopped, `.count(n)` n passes (the first from the start offset,
    /// the others from `loopStart`, each to `loopEnd`), after which the run ends `.completed`.
    /// Counting passes rather than stopping at a time ends the run exactly where its last pass
    /// ends, whatever the rate.
    public var loopRepetition: Repetition {
        get { state.withLock { $0.loopRepetition } }
        set { set(\.loopRepetition, newValue) { voice, _ in voice.loopRepetition = newValue } }
    }

    /// Where a loop ends, in seconds of the pattern; 0 (the default) for the pattern's end.
    public var loopEnd: Double {
        get { state.withLock { $0.loopEnd } }
        set {
            let seconds = Self.seconds(newValue)
            set(\.loopEnd, seconds) { voice, _ in voice.loopEnd = .seconds(seconds) }
        }
    }

    /// Where a loop starts again, in seconds of the pattern (0 by default, as in Core Haptics,
    /// which has no such property).
    public var loopStart: Double {
        get { state.withLock { $0.loopStart } }
        set {
            let seconds = Self.seconds(newValue)
            set(\.loopStart, seconds) { voice, _ in voice.loopStart = .seconds(seconds) }
        }
    }

    /// How fast the pattern plays, from 0.25 to 4 (clamped; 1 by default): times scale,
    /// levels do not.
    public var playbackRate: Double {
        get { state.withLock { $0.playbackRate } }
        set {
            let rate = AdvancedVoice.clampedRate(newValue)
            set(\.playbackRate, rate) { voice, now in voice.setRate(rate, at: now) }
        }
    }

    /// Whether the player keeps time but sends silence.
    public var isMuted: Bool {
        get { state.withLock { $0.isMuted } }
        set { set(\.isMuted, newValue) { voice, _ in voice.isMuted = newValue } }
    }

    /// Starts a run `time` seconds from now, from offset 0 (or where `seek` put it); a run
    /// still going then ends `.stopped`.
    public func start(atTime time: Double) throws(AdvancedPlayerError) {
        let delay = try Self.delay(time, "atTime")
        let completion = state.withLock { state in
            if state.completionStarted { state.completion = PlaybackCompletion() }
            state.completionStarted = true
            return state.completion
        }
        engine.core.start(id, after: delay, completion: completion)
    }

    /// Ends the run `time` seconds from now, `.stopped`.
    public func stop(atTime time: Double) throws(AdvancedPlayerError) {
        engine.core.schedule(.stop, on: id, after: try Self.delay(time, "atTime"))
    }

    /// Holds the position `time` seconds from now, motors off.
    public func pause(atTime time: Double) throws(AdvancedPlayerError) {
        engine.core.schedule(.pause, on: id, after: try Self.delay(time, "atTime"))
    }

    /// Goes on from the held position `time` seconds from now.
    public func resume(atTime time: Double) throws(AdvancedPlayerError) {
        engine.core.schedule(.resume, on: id, after: try Self.delay(time, "atTime"))
    }

    /// Moves to `offset` seconds of the pattern now, playing or paused; before a start, the
    /// next start begins there.
    public func seek(toOffset offset: Double) throws(AdvancedPlayerError) {
        engine.core.schedule(.seek(try Self.delay(offset, "offset")), on: id, after: .zero)
    }

    /// Sets each parameter's control at `time` seconds from now plus its `relativeTime`.
    public func sendParameters(_ parameters: [DynamicParameter], atTime time: Double) throws(AdvancedPlayerError) {
        let delay = try Self.delay(time, "atTime")
        var commands: [(Duration, AdvancedVoice.Command)] = []
        for parameter in parameters {
            guard !parameter.value.isNaN else { throw .invalidValue(parameter: parameter.parameterID, value: parameter.value) }
            let relative = try Self.delay(parameter.relativeTime, "relativeTime")
            commands.append((delay + relative, .set(parameter.parameterID, parameter.value)))
        }
        for (delay, command) in commands { engine.core.schedule(command, on: id, after: delay) }
    }

    /// Lets the curve's control follow it from `time` seconds from now plus the curve's own
    /// time, its points' times counting from there.
    public func scheduleParameterCurve(_ curve: ParameterCurve, atTime time: Double) throws(AdvancedPlayerError) {
        let delay = try Self.delay(time, "atTime") + Self.delay(curve.time, "relativeTime")
        for point in curve.points {
            _ = try Self.delay(point.time, "a control point's relativeTime")
            guard !point.value.isNaN else { throw .invalidValue(parameter: curve.control, value: point.value) }
        }
        engine.core.schedule(.follow(ParameterCurve(control: curve.control, time: 0, points: curve.points)), on: id, after: delay)
    }

    /// Waits until the latest run (the first, before any start) ends, and says how; `nil`
    /// when the waiting task is cancelled first.
    public func finished() async -> PlaybackOutcome? {
        await state.withLock { $0.completion }.wait()
    }

    /// How the latest run ended, once it has.
    public var outcome: PlaybackOutcome? {
        state.withLock { $0.completion }.outcome
    }

    /// Keeps `value` for the getter and changes the voice to match, now.
    private func set<Value>(
        _ property: WritableKeyPath<State, Value>, _ value: Value, _ change: @escaping (inout AdvancedVoice, Duration) -> Void
    ) {
        state.withLock { $0[keyPath: property] = value }
        engine.core.update(id, change)
    }

    private static func delay(_ seconds: Double, _ name: String) throws(AdvancedPlayerError) -> Duration {
        guard seconds.isFinite, seconds >= 0 else { throw .invalidTime(name: name, value: seconds) }
        return .seconds(seconds)
    }

    private static func seconds(_ value: Double) -> Double {
        value.isFinite ? max(value, 0) : 0
    }
}
