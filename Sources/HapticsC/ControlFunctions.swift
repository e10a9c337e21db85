/// `haptics_stop`: see haptics.h.
@_cdecl("haptics_stop")
public func hapticsStop(_ engine: OpaquePointer?) -> Int32 {
    Call.run(on: engine) { engine in engine.engine.stop() }
}

/// `haptics_set_gain`: see haptics.h.
@_cdecl("haptics_set_gain")
public func hapticsSetGain(_ engine: OpaquePointer?, _ gain: Double) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        engine.engine.setGain(try Argument.unit(gain, named: "gain"))
    }
}

/// `haptics_get_gain`: see haptics.h.
@_cdecl("haptics_get_gain")
public func hapticsGetGain(_ engine: OpaquePointer?, _ gain: UnsafeMutablePointer<Double>?) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        guard let gain else { throw .invalidArgument("gain is NULL") }
        gain.pointee = engine.engine.gain
    }
}

/// `haptics_wait`: see haptics.h.
@_cdecl("haptics_wait")
public func hapticsWait(_ engine: OpaquePointer?) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in try engine.wait() }
}
