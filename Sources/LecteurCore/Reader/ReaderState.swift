// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The reader's two tabs, each with its own stack of screens (`NavigationState.stacks`).
public enum Tab: String, Hashable, Sendable, CaseIterable {
    case formations, morse
}

/// How much an element says: its role and hint too (`full`), or neither (`brief`).
public enum Verbosity: String, Hashable, Sendable, CaseIterable {
    case full, brief
}

/// Everything the reader decides from; the runtime holds one and feeds it actions.
public struct ReaderState: Equatable, Sendable {
    /// The catalogue and its loading (`CatalogueReducer`'s slice).
    public var catalogue: CatalogueState
    /// Where the user is: tab, screens, filter, focus, search and review cursor (`Navigator`'s slice).
    public var navigation = NavigationState()
    /// Each Morse symbol's attempts and right answers, as storage counts them (the root writes it).
    public var morseProgress: [String: SymbolProgress] = [:]
    /// Storage's past answers a new exercise starts from, loaded at start-up and kept as each
    /// answer is recorded (the root writes it).
    public var practiceRecord = PracticeRecord()
    /// The reader's own settings, the Koch level included (`SettingsReducer`'s slice).
    public var settings = ReaderSettings()
    /// The Morse exercise (listening, copying, sending or reflex), while one runs: typed lines are
    /// its answers then, and in sending practice keys key Morse (`ExerciseReducer`'s slice).
    public var exercise: Exercise?
    /// What was said and how the next utterance is said (the `Announcer`'s slice).
    public var announcement = AnnouncementState()
    /// The devices as the reader knows them (`DeviceReducer`'s slice, and the devices' settings).
    public var devices = DeviceState()
    /// The braille display's message and reading (`DisplayReducer`'s slice).
    public var display = DisplayState()
    /// What start-up found (storage, configuration, devices), said once when the reader starts.
    public var startupNotices: [StartupProblem] = []
    /// Beside a screen reader on a terminal, start-up's notices wait for the first element:
    /// printed after it, so the screen reader reads the element first (issue 45).
    public var startupNoticesAfterFocus: [String] = []
    /// The first element is printed and the lines start-up has after it (the catalogue's count,
    /// the notices) wait for `TimerID.startupRest` or the user's first act, whichever comes first:
    /// printed in the same burst, Orca read them with the element as one utterance (issue 45).
    public var startupRestHeld: [HeldNotice] = []
    /// What the « Aide », « Historique », « Statistiques » and « Progrès » screens and a long
    /// answer list (`ListScreenReducer`'s slice).
    public var lists = ListScreens()
    /// On a terminal (`.attachTerminal`): a welcome, a goodbye, and `q` asks before quitting.
    public var onTerminal = false
    /// A piped script's lines not yet applied (the root's own: `PipedLines.swift`).
    public var script = ScriptQueue()
    /// « Quitter Lecteur ? » was asked: the next line or key answers it.
    public var quitPending = false
    /// The goodbye is on the braille display: the program ends when its time is up
    /// (`TimerID.quit`) or at the next key, so a braille reader reads it before it goes.
    public var closing = false
    /// The command line typed on the braille display's keyboard.
    public var brailleInput = BrailleInputState()
    /// The screen reader running beside the reader, and the terminal's focus.
    public var beside = BesideScreenReader()

    public init(catalogue: CatalogueStatus = .loading) {
        self.catalogue = CatalogueState(status: catalogue)
    }

    public var verbosity: Verbosity {
        get { settings.verbosity }
        set { settings.verbosity = newValue }
    }
}

/// A notice start-up holds back beside a screen reader, with its transcript code.
public struct HeldNotice: Hashable, Sendable {
    public let code: String
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// Where the reader is in the announcement policy.
public struct AnnouncementState: Hashable, Sendable {
    /// The user acted and nothing of the answer has been said yet: the first utterance of the
    /// answer interrupts what is playing.
    public var answerPending = false
    /// The last utterance was progress (a retry countdown): the next progress may replace it.
    public var lastWasProgress = false
    /// The last things said, for `historique` (one of the oldest screen-reader requests).
    public var history: [String] = []
    /// The last notice or error, for `répéter message`.
    public var lastMessage: LastMessage?

    public static let historyLimit = 20

    public init() {}
}

public struct LastMessage: Hashable, Sendable {
    public let code: String
    public let text: String
    public let isError: Bool
}
