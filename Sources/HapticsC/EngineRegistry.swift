import Synchronization

/// The open engines, by the pointer C holds for each (`haptics_engine *`): a pointer is looked
/// up here before it is used, so one that is NULL, was never opened or is already closed is an
/// invalid argument, not a crash. The registry keeps each engine alive until it is closed.
enum EngineRegistry {
    private static let engines = Mutex<[UInt: LibraryEngine]>([:])

    /// Registers `engine` and returns the pointer that stands for it.
    static func add(_ engine: LibraryEngine) -> OpaquePointer {
        let pointer = OpaquePointer(Unmanaged.passUnretained(engine).toOpaque())
        engines.withLock { $0[UInt(bitPattern: pointer)] = engine }
        return pointer
    }

    /// The engine `pointer` stands for.
    static func engine(_ pointer: OpaquePointer?) throws(LibraryError) -> LibraryEngine {
        guard let pointer else { throw .invalidArgument("engine is NULL") }
        guard let engine = engines.withLock({ $0[UInt(bitPattern: pointer)] }) else {
            throw .invalidArgument("engine \(pointer) is not an open engine (never opened, or already closed)")
        }
        return engine
    }

    /// Takes the engine `pointer` stands for out of the registry, and returns it.
    static func remove(_ pointer: OpaquePointer?) throws(LibraryError) -> LibraryEngine {
        guard let pointer else { throw .invalidArgument("engine is NULL") }
        guard let engine = engines.withLock({ $0.removeValue(forKey: UInt(bitPattern: pointer)) }) else {
            throw .invalidArgument("engine \(pointer) is not an open engine (never opened, or already closed)")
        }
        return engine
    }
}
