/// The tasks sleeping on a clock, in deadline order (ties in the order they came), with the
/// bookkeeping that lets a cancellation arrive before a sleeper has registered. Not
/// thread-safe: the clock that owns it guards it with its lock.
struct SleeperQueue<Deadline: Comparable & Sendable>: Sendable {
    /// One sleeping task.
    struct Sleeper: Sendable {
        let id: UInt64
        let deadline: Deadline
        let continuation: UnsafeContinuation<Void, any Error>
    }

    private(set) var sleepers: [Sleeper] = []
    private var registering: Set<UInt64> = []
    private var cancelledEarly: Set<UInt64> = []
    private var nextID: UInt64 = 0

    /// The id of a sleeper about to register.
    mutating func reserveID() -> UInt64 {
        nextID += 1
        registering.insert(nextID)
        return nextID
    }

    /// Adds a sleeper and returns whether it became the earliest; `nil` when it was cancelled
    /// before it got here (the caller then resumes it with `CancellationError`).
    mutating func insert(id: UInt64, deadline: Deadline, continuation: UnsafeContinuation<Void, any Error>) -> Bool? {
        registering.remove(id)
        if cancelledEarly.remove(id) != nil { return nil }
        let index = sleepers.firstIndex { $0.deadline > deadline } ?? sleepers.endIndex
        sleepers.insert(Sleeper(id: id, deadline: deadline, continuation: continuation), at: index)
        return index == 0
    }

    /// Forgets the sleeper `id` without resuming it: the caller resumes a returned sleeper
    /// with `CancellationError`; one not registered yet is refused when it comes.
    mutating func remove(id: UInt64) -> Sleeper? {
        if let index = sleepers.firstIndex(where: { $0.id == id }) { return sleepers.remove(at: index) }
        if registering.contains(id) { cancelledEarly.insert(id) }
        return nil
    }

    /// Takes the sleepers due by `now`, earliest first.
    mutating func removeDue(by now: Deadline) -> [Sleeper] {
        let due = sleepers.prefix { $0.deadline <= now }
        sleepers.removeFirst(due.count)
        return Array(due)
    }
}
