import HapticsModel

/// What `haptics_play_waveform_envelope` does with a frequency outside the pad's band, by the
/// names its `out_of_band` takes.
enum OutOfBandChoice: String, CaseIterable {
    /// `WaveformEnvelope.OutOfBand.refuse`.
    case refuse
    /// `WaveformEnvelope.OutOfBand.nearest`.
    case nearest

    /// The envelope's own value.
    var outOfBand: WaveformEnvelope.OutOfBand {
        switch self {
        case .refuse: .refuse
        case .nearest: .nearest
        }
    }
}
