import HapticsModel

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
        /// The track's duration, the length of one repetition.
        let length: Duration
        /// The frame found last, where the next lookup starts: a playback moves forward frame
        /// by frame.
        var cursor = 0
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
    /// `maximumVoices` (each belongs to a player someone holds). Any change to them forgets
    /// the last scan.
    private(set) var advanced: [(id: UInt64, voice: AdvancedVoice)] = [] {
        didSet { lastScan = nil }
    }
    /// The last instant scanned and what was found there, while the voices are unchanged (each
    /// change of voices forgets it): a frame's end is scanned to find its length, and then
    /// again as the next frame's start.
    private var lastScan: (time: Int128, scan: Scan)?

    init(refreshInterval: Duration, maximumVoices: Int) {
        self.refreshInterval = refreshInterval
        self.maximumVoices = max(maximumVoices, 1)
    }

    /// Starts `track` at `start`, repeated as asked, and returns the ids of the oldest voices
    /// it displaced to stay within `maximumVoices`; `nil` when the track is empty and was not
    /// added.
    mutating func add(_ track: RumbleTrack, id: UInt64, start: Duration, repetition: Repetition) -> [UInt64]? {
        guard track.duration > .zero else { return nil }
        let end: Duration? =
            switch repetition {
            case .count(let count): start + track.duration * max(count, 1)
            case .forever: nil
            }
        let displaced = voices.prefix(max(0, voices.count + 1 - maximumVoices)).map(\.id)
        voices.removeFirst(displaced.count)
        voices.append(Voice(id: id, track: track, start: start, end: end, length: track.duration))
        lastScan = nil
        return displaced
    }

    /// Removes the voices that have ended by `time`, and returns their ids (without
    /// allocating when none has, as on almost every frame).
    mutating func removeVoices(endedBy time: Duration) -> [UInt64] {
        let time = time.attoseconds
        guard voices.contains(where: { $0.end.map { $0.attoseconds <= time } ?? false }) else { return [] }
        let ended = voices.filter { $0.end.map { $0.attoseconds <= time } ?? false }.map(\.id)
        voices.removeAll { $0.end.map { $0.attoseconds <= time } ?? false }
        lastScan = nil
        return ended
    }

    /// Removes one voice; returns whether it was playing.
    mutating func removeVoice(_ id: UInt64) -> Bool {
        let count = voices.count
        voices.removeAll { $0.id == id }
        lastScan = nil
        return voices.count != count
    }

    /// Removes every voice, and returns their ids.
    mutating func removeAll() -> [UInt64] {
        defer {
            voices.removeAll()
            lastScan = nil
        }
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
    mutating func frame(at time: Duration, gain: Double) -> RumbleFrame {
        guard !voices.isEmpty || advanced.contains(where: { $0.voice.isPlaying }) else {
            return RumbleFrame(start: time, duration: .zero, strong: 0, weak: 0, gain: gain)
        }
        // In 128-bit attoseconds, as the scan reckons.
        let (start, refresh) = (time.attoseconds, refreshInterval.attoseconds)
        var point = scan(at: start)
        let levels = point.levels
        var length: Int128 = 0
        while let boundary = point.nextBoundary {
            if boundary - start >= refresh {
                length = refresh
                break
            }
            point = scan(at: boundary)
            if isForced(boundary) || point.levels != levels {
                length = boundary - start
                break
            }
        }
        return RumbleFrame(start: time, duration: Duration(attoseconds: length), strong: levels.strong, weak: levels.weak, gain: gain)
    }

    /// Whether a frame must end at `boundary` (in attoseconds) whatever the levels: a voice
    /// ends there, or an advanced voice meets a forced boundary.
    private func isForced(_ boundary: Int128) -> Bool {
        voices.contains { $0.end?.attoseconds == boundary }
            || (!advanced.isEmpty && advanced.contains { $0.voice.isForcedBoundary(Duration(attoseconds: boundary)) })
    }

    /// What the mix is at an instant, and when it may change next.
    private struct Scan {
        /// Both motors' mixed levels.
        let levels: MotorLevels
        /// The first instant after it at which any voice moves to another frame or ends, in
        /// attoseconds.
        let nextBoundary: Int128?
    }

    /// The scan of `time` (in attoseconds), remembered until the next one or a change of voices.
    private mutating func scan(at time: Int128) -> Scan {
        if let lastScan, lastScan.time == time { return lastScan.scan }
        let scan = scanVoices(at: time)
        lastScan = (time, scan)
        return scan
    }

    /// In one pass over the voices, with one frame lookup each (moving their cursors): both motors' mixed levels at
    /// `now` (in attoseconds), and the first instant after it at which any voice moves to
    /// another frame or ends (in attoseconds: see `PlayerCore` on a frame's cost).
    private mutating func scanVoices(at now: Int128) -> Scan {
        var strong = 0.0
        var weak = 0.0
        var earliest: Int128?
        if !advanced.isEmpty {
            let time = Duration(attoseconds: now)
            for (_, voice) in advanced {
                let levels = voice.levels(at: time)
                strong += levels.strong
                weak += levels.weak
                if let boundary = voice.nextBoundary(after: time)?.attoseconds {
                    earliest = earliest.map { min($0, boundary) } ?? boundary
                }
            }
        }
        for position in voices.indices {
            let voice = voices[position]
            let start = voice.start.attoseconds
            let end = voice.end?.attoseconds
            let boundary: Int128
            if now < start {
                boundary = start
            } else {
                let (elapsed, length) = (now - start, voice.length.attoseconds)
                let local = elapsed < length ? elapsed : elapsed % length
                guard let index = voice.track.frameIndex(atAttoseconds: local, near: voice.cursor) else { continue }
                voices[position].cursor = index
                let frame = voice.track.frames[index]
                if end.map({ now < $0 }) ?? true {
                    strong += frame.strong
                    weak += frame.weak
                }
                boundary = now - local + frame.start.attoseconds + frame.duration.attoseconds
            }
            let candidate = end.map { min($0, boundary) } ?? boundary
            guard candidate > now else { continue }
            earliest = earliest.map { min($0, candidate) } ?? candidate
        }
        return Scan(levels: MotorLevels(strong: min(strong, 1), weak: min(weak, 1)), nextBoundary: earliest)
    }
}
