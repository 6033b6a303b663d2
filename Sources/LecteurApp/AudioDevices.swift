import LecteurCore

/// Opens the audio output for playback. Until the speech adapter's output is wired this finds
/// none, and callers fall back to a WAV file with a French message.
public enum AudioDevices {
    public static func openPlayback(strings: Strings) -> (AudioPort & Draining)? { nil }
}

public protocol Draining {
    /// Blocks until everything queued has been played.
    func drain()
}
