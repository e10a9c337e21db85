import HapticsModel

extension AudioDriver {
    /// A round of writing (an `apply`'s, or the feeder's): the batches planned for the pads,
    /// and the failures met planning them.
    struct WriteRound {
        var batches: [Batch] = []
        var failures: [AudioError] = []

        /// Makes every batch's samples.
        mutating func synthesize() {
            for index in batches.indices { batches[index].synthesize() }
        }
    }

    /// A pad's next samples, made outside the lock from its feed as it was at `generation`:
    /// what to write, and the feed and silence owed once they are written.
    struct Batch {
        let index: Int
        let stream: PCMStream
        let generation: Int
        var feed: VoiceCoilFeed
        var silenceOwed: Int
        let wanted: Int
        let holding: Bool
        var left: [Int16] = []
        var right: [Int16] = []

        /// Makes the samples: what the feed hands out, then, once at rest, the silence owed.
        mutating func synthesize() {
            (left, right) = feed.next(wanted, hold: holding)
            guard feed.isIdle else { return }
            let silence = [Int16](repeating: 0, count: min(wanted - left.count, silenceOwed))
            silenceOwed -= silence.count
            left += silence
            right += silence
        }
    }
}
