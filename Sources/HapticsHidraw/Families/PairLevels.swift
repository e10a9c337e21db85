import HapticsModel

extension Set<PadPart> {
    /// The levels of the `left` and the `right` part of a pair (two handles or two triggers)
    /// for `frame`, on a pad playing these parts: strong left and weak right where both play,
    /// the frame's amplitude on the one that plays, `nil` where neither does.
    func levels(of frame: RumbleFrame, left: PadPart, right: PadPart) -> (left: Double, right: Double)? {
        switch (contains(left), contains(right)) {
        case (true, true): (frame.scaledStrong, frame.scaledWeak)
        case (true, false): (Swift.max(frame.scaledStrong, frame.scaledWeak), 0)
        case (false, true): (0, Swift.max(frame.scaledStrong, frame.scaledWeak))
        case (false, false): nil
        }
    }
}
