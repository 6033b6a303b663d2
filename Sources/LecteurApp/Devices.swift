import LecteurCore

/// What the session needs from a speech engine; the espeak-ng adapter provides it.
public protocol SpeechOutput: AnyObject {
    func speak(_ text: String, interrupt: Bool)
    func stop()
    /// Blocks until everything queued has been played (used before exiting).
    func waitUntilIdle()
    /// Blocks until everything asked for has been turned into audio (not yet heard): what is
    /// queued on the output after this plays after the speech.
    func waitUntilSynthesised()
}

/// What the session needs from a braille display; the BrlAPI adapter provides it.
public protocol BrailleSink: AnyObject {
    /// Shows the line and returns the cells written, as Unicode braille.
    func show(_ line: BrailleLine) -> String?
    /// Gives the display back to the screen reader underneath (on quit or a signal).
    func release()
}

/// Where the catalogue comes from (built in, a file, the HTTP API). `deliver` may be called on
/// any thread, any number of times (loading, retry notices, then the result).
public protocol CatalogueSource: AnyObject {
    /// True when `load` finishes before it returns (built-in catalogue, file).
    var isImmediate: Bool { get }
    func load(reason: LoadReason, deliver: @escaping @Sendable (Action) -> Void, done: @escaping @Sendable () -> Void)
    /// Abandons the load in flight, if any (the user quit while it was under way).
    func cancel()
}

extension CatalogueSource {
    public func cancel() {}
}

