/// Everything that can change the reader's state: typed commands, display keys, and the
/// results of effects coming back (a catalogue loaded or failed, progress read from storage).
public enum Action: Hashable, Sendable {
    /// The reader has started: present the current focus.
    case start
    case command(Command)
    /// A line that did not parse: say why.
    case invalidCommand(CommandError)
    /// A braille routing key (or a click) on the element at this 0-based index.
    case activateElement(at: Int)
    case catalogueLoading
    /// `warnings` are already-worded messages about records set aside.
    case catalogueLoaded(Catalogue, warnings: [String] = [])
    case catalogueFailed(message: String)
    /// Something the runtime learnt (a device missing, a slow server) that the user must hear.
    case notice(code: String, message: String)
    /// Something that went wrong outside the navigator (a server error before an offline copy).
    case failure(code: String, message: String)
    case progressUpdated([String: SymbolProgress])
    case setVerbosity(Verbosity)
}

/// Why the catalogue is (re)loaded.
public enum LoadReason: String, Hashable, Sendable {
    case initial, retry, refresh
}

/// Where focus is, as the transcript's `focus` event reports it.
public struct FocusReport: Hashable, Sendable {
    public let screen: String
    public let title: String
    /// 1-based, as it is said ("élément 3 sur 14").
    public let index: Int
    public let count: Int
    public let element: Element
}

/// What the runtime must do after an action. The navigator decides everything that is said and
/// shown; adapters only carry it out.
public enum Effect: Hashable, Sendable {
    case focus(FocusReport)
    /// Exactly the text handed to the speech engine; `interrupt` silences what is playing first.
    case speak(text: String, interrupt: Bool)
    case braille(BrailleLine)
    case notice(code: String, message: String)
    case error(code: String, message: String)
    case loadCatalogue(LoadReason)
    /// Sound a text (or one symbol) in Morse with the current Morse settings.
    case playMorse(text: String)
    case startPractice(PracticeRequest)
    /// `set NAME VALUE`: settings live in the runtime, which persists them.
    case changeSetting(name: String, value: String)
    /// Silence speech and sound at once without moving; ends a practice session.
    case silence
    /// Say the last utterances again, most recent last.
    case showHistory
    /// Say how the devices are doing (sound server, speech queue, braille display).
    case reportStatus
    case quit
}

/// Which practice the user asked for; the runtime knows the stored Koch level and statistics.
public enum PracticeRequest: Hashable, Sendable {
    case weakSymbols
    case koch
    case symbol(id: String)
}
