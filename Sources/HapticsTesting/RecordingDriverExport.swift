// The recording driver is the engine's (`--driver record` plays through it); app tests find it
// here beside the other stand-ins.
@_exported public import class HapticsPlayback.RecordingDriver
