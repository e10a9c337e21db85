import HapticsModel

/// `haptics_set_trigger_effect`: see haptics.h. `count` is a `size_t`, which Swift sees as `UInt`;
/// it is checked against the mode's before anything is read.
@_cdecl("haptics_set_trigger_effect")
public func hapticsSetTriggerEffect(
    _ engine: OpaquePointer?, _ side: UnsafePointer<CChar>?, _ mode: UnsafePointer<CChar>?, _ values: UnsafePointer<Double>?,
    _ count: UInt
) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let side = try Argument.choice(side, named: "side", of: TriggerSide.self)
        let mode = try Argument.choice(mode, named: "mode", of: TriggerMode.self)
        guard count == UInt(mode.valueNames.count) else {
            throw .invalidArgument("\(TriggerValuesError.count(mode: mode, given: Int(clamping: count)))")
        }
        let values = try Argument.array(values, count: count, named: "values")
        let effect: TriggerEffect
        do throws(TriggerValuesError) {
            effect = try mode.effect(values: values)
        } catch {
            throw .invalidArgument("\(error)")
        }
        try engine.setTriggerEffect(effect, on: side.sides)
    }
}
