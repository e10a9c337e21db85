package import HapticsHidraw

/// Whether a pad's hidraw node can be written: what `auto` needs to know to play through it.
package enum HidrawAccess: Sendable, Hashable {
    /// The pad has no hidraw node the driver knows (none, or a pad it does not drive).
    case none
    /// The node exists, but this user may not write to it.
    case readOnly(node: String)
    /// The node exists and this user may write to it.
    case writable(node: String)

    /// The access to `pad`'s node (`none` without a pad).
    package init(_ pad: HidrawPadInfo?) {
        guard let pad else {
            self = .none
            return
        }
        self = pad.isWritable ? .writable(node: pad.node) : .readOnly(node: pad.node)
    }
}
