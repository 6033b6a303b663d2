// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// What the terminal's loops (`TerminalLoop`, `KeyInput`, `LinePrompt`) ask of the running
/// reader: they hand it typed actions and read back only the facts its effects told
/// (`RuntimeFacts`). `ReaderSession` (LecteurApp) is the one conformer; the terminal does not
/// know the runtime, so the compiler keeps this room's wall.
public protocol TerminalSession: AnyObject, Sendable {
    /// Becomes readable once the reader has quit: a loop blocked on the terminal waits on it too.
    var quitSignal: Int32 { get }
    var hasQuit: Bool { get }
    /// What the input loops act on, as the reader's effects last told it.
    var runtimeFacts: RuntimeFacts { get }
    /// The interface's strings (a `/` or `:` prompt's words are the core's).
    var strings: Strings { get }
    /// Says what start-up found wrong, then loads the catalogue.
    func start(notices: [StartupProblem])
    /// Applies `action` and waits until it is performed.
    func send(_ action: Action)
    /// Applies `action` in turn with everything else, without waiting.
    func post(_ action: Action)
    /// One typed line; false once the user has asked to quit. `arrivedAtMs`: when its bytes
    /// arrived (nil: now).
    @discardableResult
    func handle(line: String, arrivedAtMs: Double?) -> Bool
    /// A key in single-key mode, stamped when read; the line it asks for (`/`, `:`), if any.
    func press(_ key: Key, atMs: Double) -> PromptKind?
    /// Tab with the text before the cursor: what to write in.
    func complete(_ beforeCursor: String) -> Completion
    /// Abandons a catalogue load in flight (the user quit).
    func cancelLoads()
    /// Waits for the work in flight (a load, a reading) once the loop ends.
    func waitForLoads()
}
