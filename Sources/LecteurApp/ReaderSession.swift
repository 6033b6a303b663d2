import Foundation
import LecteurCore

/// The running reader: holds the state, feeds actions to the pure navigator, and carries out
/// the effects it returns through the transcript and the devices. All of it runs on one serial
/// queue, so key presses, typed commands and results of background loads never race.
public final class ReaderSession: @unchecked Sendable {
    public let navigator: Navigator
    public let transcript: Transcript
    public private(set) var state: ReaderState
    public var speech: SpeechOutput?
    public var braille: BrailleSink?
    /// The devices' state for `état`; the runtime, which knows the concrete devices, sets it.
    public var status: (() -> ReaderStatus)?
    public let catalogueSource: CatalogueSource
    public let store: ReaderStore
    public let morse: MorsePlayer
    public let settings: SettingsController

    private let queue = DispatchQueue(label: "lecteur.session")
    private let loads = DispatchGroup()
    private var quitRequested = false
    private var practice: PracticeSession<SeededRandom>?
    /// The last things said, for `history` (one of the oldest screen-reader requests).
    private var history: [String] = []
    private static let historyLimit = 20

    public init(navigator: Navigator, transcript: Transcript, catalogueSource: CatalogueSource, store: ReaderStore,
                state: ReaderState = ReaderState()) {
        self.navigator = navigator
        self.transcript = transcript
        self.catalogueSource = catalogueSource
        self.store = store
        self.state = state
        let strings = navigator.strings
        let (morseSettings, issues) = MorseSettings.load { store.value($0) }
        self.morse = MorsePlayer(settings: morseSettings, strings: strings)
        self.settings = SettingsController(strings: strings, store: store, morse: morse)
        self.startupNotices = store.startupNotices + issues.map { $0.message(strings) }
        if let saved = store.value(SettingsController.verbosityKey), let verbosity = Verbosity(rawValue: saved) {
            self.state.verbosity = verbosity
        }
        self.state.morseProgress = store.progress()
    }

    private var startupNotices: [String]

    public var hasQuit: Bool { queue.sync { quitRequested } }

    /// Stops speech and sound and releases the braille display. Safe from any thread, also while
    /// the session queue is busy (a signal may arrive in the middle of a command).
    public func shutdown() {
        speech?.stop()
        morse.audio?.flush()
        braille?.release()
    }

    /// Says what start-up found wrong (devices, storage), then loads the catalogue for the first
    /// time; the navigator announces the result.
    public func start(notices: [String] = []) {
        queue.sync {
            for message in startupNotices + notices { apply(.notice(code: "startup", message: message)) }
            startupNotices = []
            perform([.loadCatalogue(.initial)])
        }
    }

    /// Handles one typed line. Returns false once the user has asked to quit.
    @discardableResult
    public func handle(line: String) -> Bool {
        queue.sync {
            if practice?.isActive == true {
                // Practice reads answers, not commands: "a" is the letter A here.
                runPractice(practice!.handle(TextSanitizer.clean(line)))
                return !quitRequested
            }
            switch navigator.parser.parse(line) {
            case .empty: break
            case .command(let command): apply(.command(command))
            case .failure(let error): apply(.invalidCommand(error))
            }
            return !quitRequested
        }
    }

    /// For display keys and background results: applied in order with everything else.
    public func post(_ action: Action) {
        queue.async { self.apply(action) }
    }

    public func send(_ action: Action) {
        queue.sync { apply(action) }
    }

    /// Abandons a catalogue load in flight: someone who quits while a slow server is being
    /// waited for wants to leave now.
    public func cancelLoads() { catalogueSource.cancel() }

    /// Waits for catalogue loads in flight (scripts read from a pipe act on a loaded catalogue).
    public func waitForLoads() {
        loads.wait()
        queue.sync {}
    }

    /// A notice for the transcript (and the braille user reading it) that must not be spoken:
    /// "sound is back" said aloud would cut the very announcement that brought it back.
    public func recordNotice(code: String, message: String) {
        queue.async { self.transcript.record(.notice(code: code, message: message)) }
    }

    /// The display panned inside a long line: the transcript shows the window the finger reads.
    public func recordBraillePan(text: String, cells: String, cursor: Int) {
        queue.async { self.transcript.record(.braille(text: text, cells: cells, cursor: cursor)) }
    }

    private func apply(_ action: Action) {
        perform(navigator.reduce(&state, action))
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .focus(let report):
                transcript.record(.focus(report, roleWord: navigator.composer.roleWord(report.element.role)))
            case .speak(let text, let interrupt):
                say(text, interrupt: interrupt)
            case .braille(let line):
                let cells = braille?.show(line)
                transcript.record(.braille(text: line.text, cells: cells, cursor: line.cursor))
            case .notice(let code, let message):
                transcript.record(.notice(code: code, message: message))
            case .error(let code, let message):
                transcript.record(.error(code: code, message: message))
            case .loadCatalogue(let reason):
                load(reason)
            case .playMorse(let text):
                playMorse(text)
            case .startPractice(let request):
                startPractice(request)
            case .changeSetting(let name, let value):
                switch settings.change(name: name, value: value) {
                case .applied(let message, let action):
                    if let action { apply(action) }
                    apply(.notice(code: "setting", message: message))
                case .failed(let message):
                    apply(.failure(code: "setting", message: message))
                }
            case .silence:
                speech?.stop()
                morse.audio?.flush()
                // Written, not spoken: the answer to "be quiet" is quiet, but an auditor or a
                // braille user still sees that the command was taken.
                transcript.record(.notice(code: "stop", message: navigator.strings(.stopDone)))
                if practice?.isActive == true { runPractice(practice!.stop()) }
            case .reportStatus:
                let current = status?() ?? ReaderStatus(sound: .none, speechPending: nil, braille: .off)
                let message = current.message(navigator.strings)
                transcript.record(.status(current, message: message))
                say(message, interrupt: true)
            case .showHistory:
                let lines = history.isEmpty ? [navigator.strings(.historyEmpty)]
                    : [navigator.strings(.historyTitle)] + history
                transcript.record(.notice(code: "history", message: lines.joined(separator: "\n")))
                speech?.speak(lines.joined(separator: ". "), interrupt: true)
            case .quit:
                quitRequested = true
            }
        }
    }

    private func say(_ text: String, interrupt: Bool) {
        transcript.record(.speech(text: text, interrupt: interrupt))
        if interrupt { morse.audio?.flush() }
        speech?.speak(text, interrupt: interrupt)
        history.append(text)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    // MARK: Morse

    private func playMorse(_ text: String) {
        switch morse.prepare(text: text) {
        case .ready(let playback, let event, let unknown):
            // Said first: a notice interrupts, and would cut tones queued before it.
            if let unknown { apply(.notice(code: "morse.unknown", message: unknown)) }
            // Speech and tones share one output queue, so the tones play after the speech
            // queued before them once its synthesis (milliseconds) is done; the session does
            // not wait for it to be heard, and keys and commands are answered meanwhile.
            speech?.waitUntilSynthesised()
            morse.sound(playback)
            transcript.record(event)
        case .failed(let message):
            apply(.failure(code: "morse", message: message))
        }
    }

    private func startPractice(_ request: PracticeRequest) {
        let mode: PracticeMode
        switch request {
        case .weakSymbols: mode = .weakSymbols(pool: nil)
        case .symbol(let id): mode = .symbol(id: id)
        case .koch:
            let level = store.value(PracticeMode.kochLevelStorageKey).flatMap(Int.init) ?? PracticeMode.kochStartLevel
            mode = .koch(level: level)
        }
        let seed = ProcessInfo.processInfo.environment["LECTEUR_PRACTICE_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: .min ... .max)
        var session = PracticeSession(mode: mode, progress: state.morseProgress, strings: navigator.strings,
                                      random: SeededRandom(seed: seed))
        let effects = session.start()
        practice = session
        runPractice(effects)
    }

    private func runPractice(_ effects: [PracticeEffect]) {
        var first = true
        for effect in effects {
            switch effect {
            case .say(let text):
                transcript.record(.notice(code: "practice", message: text))
                say(text, interrupt: first)
                first = false
            case .playSymbol(let symbol):
                playMorse(String(symbol.character))
            case .recordAttempt(let attempt):
                if let problem = store.record(attempt) { apply(.failure(code: "storage", message: problem)) }
                apply(.progressUpdated(store.database == nil ? practice?.progress ?? [:] : store.progress()))
            case .kochLevelChanged(let level):
                if let problem = store.save([PracticeMode.kochLevelStorageKey: String(level)]) {
                    apply(.failure(code: "storage", message: problem))
                }
            case .ended:
                practice = nil
            }
        }
    }

    // MARK: Catalogue

    private func load(_ reason: LoadReason) {
        loads.enter()
        if catalogueSource.isImmediate {
            // Still on the session queue: results are applied before the next command.
            let pending = PendingActions()
            catalogueSource.load(reason: reason, deliver: { pending.append($0) }, done: { [loads] in loads.leave() })
            for action in pending.items { apply(action) }
        } else {
            let queue = self.queue, loads = self.loads
            catalogueSource.load(reason: reason, deliver: { [weak self] in self?.post($0) },
                                 done: { queue.async { loads.leave() } })
        }
    }
}

/// Results delivered synchronously by an immediate source, applied once it returns.
private final class PendingActions: @unchecked Sendable {
    private(set) var items: [Action] = []
    func append(_ action: Action) { items.append(action) }
}
