// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

public enum Tab: String, Hashable, Sendable, CaseIterable {
    case formations, morse
}

/// The catalogue's loading state: loading, loaded, or why it could not be read (typed, worded
/// where it is said or shown).
public enum CatalogueState: Hashable, Sendable {
    case loading
    case loaded(Catalogue)
    case failed(CatalogueFault)
}

/// Learning progress of one Morse symbol.
public struct SymbolProgress: Hashable, Sendable {
    public let attempts: Int
    public let correct: Int
    public init(attempts: Int, correct: Int) {
        self.attempts = attempts
        self.correct = correct
    }
    /// Whole percent of right answers, 0 for a symbol never practised.
    public var percent: Int { attempts == 0 ? 0 : Int((Double(correct) * 100 / Double(attempts)).rounded()) }
}

public enum Verbosity: String, Hashable, Sendable, CaseIterable {
    case full, brief
}

/// Everything the reader decides from; the runtime holds one and feeds it actions.
public struct ReaderState: Equatable, Sendable {
    /// The catalogue and its loading (`CatalogueReducer`'s slice).
    public var loading: LoadingState
    /// Where the user is: tab, screens, filter, focus, search and review cursor (`Navigator`'s slice).
    public var navigation = NavigationState()
    public var morseProgress: [String: SymbolProgress] = [:]
    public var settings = ReaderSettings()
    /// The Morse exercise (listening, copying or sending), while one runs: typed lines are its
    /// answers then, and in sending practice keys key Morse.
    public var exercise: Exercise?
    public var announcement = AnnouncementState()
    /// The devices as the reader knows them (`DeviceReducer`'s slice, and the devices' settings).
    public var devices = DeviceState()
    public var display = DisplayState()
    /// What start-up found (storage, configuration, devices), said once when the reader starts.
    public var startupNotices: [StartupProblem] = []
    /// What the « Aide » and « Historique » screens list (`ListScreenReducer`'s slice).
    public var lists = ListScreens()
    /// On a terminal (`.attachTerminal`): a welcome, a goodbye, and `q` asks before quitting.
    public var onTerminal = false
    /// « Quitter Lecteur ? » was asked: the next line or key answers it.
    public var quitPending = false
    /// The goodbye is on the braille display: the program ends when its time is up
    /// (`TimerID.quit`) or at the next key, so a braille reader reads it before it goes.
    public var closing = false
    /// The command line typed on the braille display's keyboard.
    public var brailleInput = BrailleInputState()
    /// The screen reader running beside the reader, and the terminal's focus.
    public var beside = BesideScreenReader()

    public init(catalogue: CatalogueState = .loading) {
        loading = LoadingState(catalogue: catalogue)
    }

    public var verbosity: Verbosity {
        get { settings.verbosity }
        set { settings.verbosity = newValue }
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

/// What the braille display shows besides the focused element, and where `tout lire` is:
/// `DisplayReducer`'s slice.
public struct DisplayState: Hashable, Sendable {
    /// The message on the display, until its time is up or the next key or command.
    public var message: String?
    /// Identifies the message a timeout belongs to (an older timeout must not remove a newer message).
    public var token = 0
    /// The message shown is an answer the user asked for: it stays until a key, and has no
    /// timer (meaningful only while `message` is set; each message shown sets it).
    public var messageStays = false
    /// Messages waiting for the one shown to have had its time, in order (a start-up warning,
    /// then the load's count): each is shown for its whole time, then the focus comes back.
    public var queued: [String] = []
    /// `tout lire` without a voice: the display's reading, window by window.
    public var reading: DisplayReading?
    /// While `tout lire` runs by voice: the token its next step waits for.
    public var readAll: Int?
    /// Tokens already given out, so an old step never continues a new reading.
    public var readAllSerial = 0

    public init() {}
}

/// Where the review cursor is: the element it was moved in, and a Character offset in its text.
public struct ReviewPosition: Hashable, Sendable {
    public var screen: ScreenID
    public var index: Int
    public var offset: Int

    public init(screen: ScreenID, index: Int, offset: Int) {
        self.screen = screen
        self.index = index
        self.offset = offset
    }
}

public struct LastMessage: Hashable, Sendable {
    public let code: String
    public let text: String
    public let isError: Bool
}

public struct ReloadContext: Hashable, Sendable {
    public var filterName: String?
    /// Formations open in a detail screen, by id, with their titles.
    public var openFormations: [Int: String] = [:]
}
