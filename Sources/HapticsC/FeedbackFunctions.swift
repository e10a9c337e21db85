import HapticsModel

/// `haptics_impact`: see haptics.h.
@_cdecl("haptics_impact")
public func hapticsImpact(_ engine: OpaquePointer?, _ style: UnsafePointer<CChar>?, _ intensity: Double) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let style = try Argument.choice(style, named: "style", of: ImpactStyle.self)
        let intensity = try Argument.unit(intensity, named: "intensity")
        engine.start { $0.impact(style, intensity: intensity) }
    }
}

/// `haptics_notify`: see haptics.h.
@_cdecl("haptics_notify")
public func hapticsNotify(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let type = try Argument.choice(type, named: "type", of: NotificationType.self)
        engine.start { $0.notify(type) }
    }
}

/// `haptics_selection`: see haptics.h.
@_cdecl("haptics_selection")
public func hapticsSelection(_ engine: OpaquePointer?) -> Int32 {
    Call.run(on: engine) { engine in
        engine.start { $0.selection() }
    }
}
