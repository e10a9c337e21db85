/// The pure heart of the player: the tracks playing, where each started, the advanced
/// players' voices, and what the motors should do at any instant. No clock and no driver;
/// times are offsets from the player's start.
///
/// Overlapping tracks and voices add, and each motor is clamped to 1, as the kernel mixes
/// effects.
struct Mixer: Sendable {
    /// One track playing.
    struct Voice: Sendable {
        let id: UInt64
        let track: RumbleTrack
        let start: Duration
        /// When the last repetition ends; `nil` for a track playing forever.
        let end: Duration?
    }

    /// The longest a frame handed to a driver may last: a held level is re-sent this often,
    /// before pads that stop on their own (a DualShock 4 after about 5 s) do so. SDL
    /// re-sends every 2 s too.
    let refreshInterval: Duration
    /// The most voices mixed at once; beyond, the oldest gives way. The motors saturate long
    /// before (the sum is clamped to 1), and the cap bounds the work per frame under a flood.
    let maximumVoices: Int
    private(set) var voices: [Voice] = []
    /// The advanced players' voices, by id, oldest first; they do not count towards
    /// `maximumVoices` (each belongs to a player someone holds).
    private(set) var advanced: [(id: UInt64, voice: AdvancedVoice)] = []

    init(refreshInterval: Duration, maximumVoices: Int) {
        self.refreshInterval = refreshInterval
        self.maximumVoices = max(maximumVoices, 1)
    }

    /// Starts `track` at `start`, repeated as asked, and returns the ids of the oldest voices
    /// it displaced to stay within `maximumVoices`; `nil` when the track is empty and was not
    /// added.
    mutating func add(_ track: RumbleTrack, id: UInt64, start: Duration, repetition: Repetition) -> [UInt64]? {
        guard track.duration > .zero else { return nil }
        let end: Duration? = switch repetition {
        case .count(let count): start + track.duration * max(count, 1)
        case .forever: nil
        }
        let displaced = voices.prefix(max(0, voices.count + 1 - maximumVoices)).map(\.id)
        voices.removeFirst(displaced.count)
        voices.append(Voice(id: id, track: track, start: start, end: end))
        return displaced
    }

    /// Removes the voices that have ended by `time`, and returns their ids.
    mutating func removeVoices(endedBy time: Duration) -> [UInt64] {
        let ended = voices.filter { $0.end.map { $0 <= time } ?? false }.map(\.id)
        voices.removeAll { $0.end.map { $0 <= time } ?? false }
        return ended
    }

    /// Removes one voice; returns whether it was playing.
    mutating func removeVoice(_ id: UInt64) -> Bool {
        let count = voices.count
        voices.removeAll { $0.id == id }
        return voices.count != count
    }

    /// Removes every voice, and returns their ids.
    mutating func removeAll() -> [UInt64] {
        defer { voices.removeAll() }
        return voices.map(\.id)
    }

    /// Adds an advanced player's voice.
    mutating func addAdvanced(_ voice: AdvancedVoice, id: UInt64) {
        advanced.append((id, voice))
    }

    /// Removes an advanced player's voice and returns it.
    mutating func removeAdvanced(_ id: UInt64) -> AdvancedVoice? {
        guard let index = advanced.firstIndex(where: { $0.id == id }) else { return nil }
        return advanced.remove(at: index).voice
    }

    /// Changes the advanced voice `id`, if there is one.
    mutating func updateAdvanced(_ id: UInt64, _ change: (inout AdvancedVoice) -> Void) {
        guard let index = advanced.firstIndex(where: { $0.id == id }) else { return }
        change(&advanced[index].voice)
    }

    /// Applies what is due by `time` to every advanced voice; returns the runs that ended.
    mutating func advanceAdvanced(to time: Duration) -> [(run: UInt64, outcome: PlaybackOutcome)] {
        var ended: [(run: UInt64, outcome: PlaybackOutcome)] = []
        for index in advanced.indices where advanced[index].voice.isActive {
            ended += advanced[index].voice.advance(to: time)
        }
        return ended
    }

    /// Ends every advanced voice's runs (playing and scheduled), and returns them.
    mutating func stopAdvanced() -> [UInt64] {
        advanced.indices.flatMap { advanced[$0].voice.stopEverything() }
    }

    /// Whether an advanced voice plays, is paused or has something scheduled: its frames are
    /// then decided at their own times, not ahead.
    var hasActiveAdvanced: Bool { advanced.contains { $0.voice.isActive } }

    /// The earliest forced boundary of the advanced voices after `time` (a scheduled command,
    /// the end of a pass): when to look again while nothing sounds.
    func nextForcedBoundary(after time: Duration) -> Duration? {
        advanced.compactMap { $0.voice.forcedBoundary(after: time) }.min()
    }

    /// The frame the motors should play from `time`: the mixed levels, lasting until the mix
    /// changes, a voice ends, an advanced voice meets a forced boundary, or `refreshInterval`
    /// passes. With nothing playing it is silent and lasts zero ("until further notice").
    func frame(at time: Duration, gain: Double) -> RumbleFrame {
        guard !voices.isEmpty || advanced.contains(where: { $0.voice.isPlaying }) else {
            return RumbleFrame(start: time, duration: .zero, strong: 0, weak: 0, gain: gain)
        }
        let levels = self.levels(at: time)
        var cursor = time
        var duration = Duration.zero
        while let boundary = nextBoundary(after: cursor) {
            if boundary - time >= refreshInterval {
                duration = refreshInterval
                break
            }
            if isForced(boundary) || self.levels(at: boundary) != levels {
                duration = boundary - time
                break
            }
            cursor = boundary
        }
        return RumbleFrame(start: time, duration: duration, strong: levels.strong, weak: levels.weak, gain: gain)
    }

    /// Whether a frame must end at `boundary` whatever the levels: a voice ends there, or an
    /// advanced voice meets a forced boundary.
    private func isForced(_ boundary: Duration) -> Bool {
        voices.contains { $0.end == boundary } || advanced.contains { $0.voice.isForcedBoundary(boundary) }
    }

    /// Both motors' mixed levels at `time`.
    func levels(at time: Duration) -> Levels {
        var strong = 0.0
        var weak = 0.0
        for (_, voice) in advanced {
            let levels = voice.levels(at: time)
            strong += levels.strong
            weak += levels.weak
        }
        for voice in voices {
            guard let local = localTime(of: voice, at: time), let index = voice.track.frameIndex(at: local) else { continue }
            strong += voice.track.frames[index].strong
            weak += voice.track.frames[index].weak
        }
        return Levels(strong: min(strong, 1), weak: min(weak, 1))
    }

    /// The first instant after `time` at which any voice moves to another frame or ends.
    func nextBoundary(after time: Duration) -> Duration? {
        var earliest: Duration? = advanced.compactMap { $0.voice.nextBoundary(after: time) }.min()
        for voice in voices {
            let boundary: Duration
            if time < voice.start {
                boundary = voice.start
            } else {
                let elapsed = time - voice.start
                let length = voice.track.duration
                let local = elapsed.remainder(dividingBy: length)
                let iterationStart = time - local
                guard let index = voice.track.frameIndex(at: local) else { continue }
                boundary = iterationStart + voice.track.frames[index].end
            }
            let candidate = voice.end.map { min($0, boundary) } ?? boundary
            guard candidate > time else { continue }
            earliest = earliest.map { min($0, candidate) } ?? candidate
        }
        return earliest
    }

    /// The time within the voice's track at `time`, or `nil` when the voice is not sounding.
    private func localTime(of voice: Voice, at time: Duration) -> Duration? {
        guard time >= voice.start, voice.end.map({ time < $0 }) ?? true else { return nil }
        return (time - voice.start).remainder(dividingBy: voice.track.duration)
    }

    /// Both motors' levels.
    struct Levels: Equatable {
        var strong: Double
        var weak: Double

        /// Both motors off.
        static let off = Levels(strong: 0, weak: 0)
    }
}

extension Duration {
    /// What is left of this duration after taking out whole multiples of `divisor` (> 0).
    func remainder(dividingBy divisor: Duration) -> Duration {
        Duration(attoseconds: attoseconds % divisor.attoseconds)
    }
}
