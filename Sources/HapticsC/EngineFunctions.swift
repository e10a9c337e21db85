import HapticsCommandLine
import HapticsRouting

/// `haptics_engine_open`: see haptics.h.
@_cdecl("haptics_engine_open")
public func hapticsEngineOpen(
    _ driver: UnsafePointer<CChar>?, _ device: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    Call.run { () throws(LibraryError) in
        let choice = try Argument.choice(driver, named: "driver", of: DriverChoice.self)
        let device = try device.map { pointer throws(LibraryError) in try Argument.string(pointer, named: "device") }
        guard let out else { throw .invalidArgument("out is NULL") }
        out.pointee = EngineRegistry.add(try LibraryEngine(driver: choice, device: device))
    }
}

/// `haptics_engine_close`: see haptics.h.
@_cdecl("haptics_engine_close")
public func hapticsEngineClose(_ engine: OpaquePointer?) -> Int32 {
    Call.run { () throws(LibraryError) in
        try EngineRegistry.remove(engine).close()
    }
}
