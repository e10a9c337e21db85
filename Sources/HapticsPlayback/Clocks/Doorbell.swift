import CFutex
import Glibc
import HapticsModel

/// How one of the package's timer threads waits for its next deadline and is woken before it:
/// a futex word, waited on until an absolute `CLOCK_MONOTONIC` deadline (`FUTEX_WAIT_BITSET`,
/// as `clock_nanosleep` sleeps: one system call per deadline), which another thread changes
/// and wakes when it brings an earlier deadline. The shared timer thread (sleeping tasks) and
/// every `PrecisionClock.Timer` wait on one each. (A condition variable costs more: glibc's
/// timed wait takes its mutex back as contended, so every wake-up ends in one more system call.)
///
/// The owner reads the ticket and changes the word under the same lock as its deadlines, so
/// that a change after the thread unlocked makes its wait return at once; waking and waiting
/// happen after unlocking. `@unchecked Sendable`: the word is behind a pointer, since the
/// kernel waits on its address, and only atomic operations touch it.
struct Doorbell: @unchecked Sendable {
    /// How the thread waits, as those who bring it deadlines need to know (kept under the
    /// owner's lock).
    enum Sleep: Sendable {
        /// Not waiting: it looks at its deadlines before it waits again.
        case awake
        /// Waiting for this deadline.
        case until(MonotonicInstant)
        /// Waiting with no deadline.
        case forever

        /// The wait for `deadline`, or without one.
        init(until deadline: MonotonicInstant?) {
            self = deadline.map { .until($0) } ?? .forever
        }
    }

    private let word: UnsafeMutablePointer<UInt32>

    /// A doorbell no one has rung; its owner deallocates it (`deallocate()`).
    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)
    }

    /// Frees the word, once no thread waits on it or rings it.
    func deallocate() {
        word.deallocate()
    }

    /// The word as the thread reads it before it waits (under the owner's lock).
    var ticket: UInt32 {
        cfutex_load(word)
    }

    /// Whether a new `deadline` must wake a thread that waits as `sleep` says: it waits for a
    /// later deadline or for none. If so, rings (the caller wakes the thread after unlocking)
    /// and notes the new deadline in `sleep`, so that a later one rings no more. Under the
    /// owner's lock.
    func rings(for deadline: MonotonicInstant, _ sleep: inout Sleep) -> Bool {
        switch sleep {
        case .awake: return false
        case .until(let waited) where waited <= deadline: return false
        case .until, .forever:
            sleep = .until(deadline)
            ring()
            return true
        }
    }

    /// Changes the word, so that a wait about to begin returns at once (under the owner's
    /// lock); `wake()` then wakes a wait under way.
    func ring() {
        cfutex_increment(word)
    }

    /// Wakes the thread waiting on the word, if one is (after unlocking).
    func wake() {
        cfutex_wake_one(word)
    }

    /// Waits until the monotonic clock reaches `deadline` (without one, until woken), unless
    /// the word has moved on from `ticket`; returns whether the wait timed out, that is,
    /// reached its deadline.
    @discardableResult
    func wait(ticket: UInt32, until deadline: MonotonicInstant?) -> Bool {
        guard let deadline else {
            _ = cfutex_wait_until(word, ticket, nil)
            return false
        }
        var until = deadline.timespecRoundedUp
        return cfutex_wait_until(word, ticket, &until) == ETIMEDOUT
    }
}
