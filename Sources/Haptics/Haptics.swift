// The module every app imports: the model and the engine as one API, as before they were
// separate modules, so that `import Haptics` is all a client needs.

@_exported public import HapticsModel
@_exported public import HapticsPlatform
@_exported public import HapticsPlayback
