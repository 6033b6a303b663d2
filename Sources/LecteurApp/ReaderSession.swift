// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The running reader: holds the state, feeds every action to the one reducer, and carries out
/// the effects it returns, through the transcript and the devices it was given. It decides
/// nothing about what is said or shown. All of it runs on one serial queue, so key presses,
/// typed commands and results of background loads never race.
public final class ReaderSession: @unchecked Sendable {
    public let reader: Reader
    public let transcript: Transcript
    public private(set) var state: ReaderState
    public let catalogueSource: CatalogueSource
    public let store: ReaderStore
    private let devices: ReaderDevices
    private let morse: MorsePlayer

    private let queue = DispatchQueue(label: "lecteur.session")
    private let loads = DispatchGroup()
    private var quitRequested = false
    /// Bumped by every line written, so the steps of a rhythm that was overtaken stop.
    private var rhythmGeneration = 0
    /// The pending timers, each with the serial of its last scheduling: only that one rings.
    private var timers: [TimerID: Int] = [:]
    private var timerSerial = 0
    /// The line a key asked for (`.prompt`), while that key is applied.
    private var requestedPrompt: PromptKind?
    private let practiceSeed: UInt64?

    public init(reader: Reader, transcript: Transcript, catalogueSource: CatalogueSource, store: ReaderStore,
                devices: ReaderDevices = ReaderDevices(), state: ReaderState = ReaderState(),
                practiceSeed: UInt64? = ProcessInfo.processInfo.environment["LECTEUR_PRACTICE_SEED"].flatMap(UInt64.init)) {
        self.reader = reader
        self.transcript = transcript
        self.catalogueSource = catalogueSource
        self.store = store
        self.devices = devices
        self.practiceSeed = practiceSeed
        self.morse = MorsePlayer(audio: devices.audio)
        var state = state
        let (settings, problems) = ReaderSettings.restore({ store.value($0) }, strings: reader.strings)
        state.settings = settings
        state.startupNotices = store.startupNotices + problems
        state.morseProgress = store.progress()
        self.state = state
    }

    public var hasQuit: Bool { queue.sync { quitRequested } }

    /// Stops speech and sound and releases the braille display. Safe from any thread, also while
    /// the session queue is busy (a signal may arrive in the middle of a command).
    public func shutdown() {
        devices.speech?.stop()
        devices.audio?.flush()
        devices.braille?.release()
    }

    /// Says what start-up found wrong (devices, storage), then loads the catalogue for the first
    /// time; the reader announces the result.
    public func start(notices: [String] = []) {
        for listen in devices.listen { listen { [weak self] action in self?.post(action) } }
        queue.sync {
            state.startupNotices += notices
            apply(.start)
        }
    }

    /// Handles one typed line. Returns false once the user has asked to quit.
    @discardableResult
    public func handle(line: String) -> Bool {
        // Stamped as it arrives: practice counts the time to answer from the end of the tones.
        let atMs = Self.nowMs()
        return queue.sync {
            apply(.timedLine(line, atMs: atMs))
            return !quitRequested
        }
    }

    /// For display keys, device events and background results: applied in order with everything
    /// else. Display keys go through a bounded lane, one at a time, so a typed command waits for
    /// at most one key, never for a flood of them.
    public func post(_ action: Action) {
        switch action {
        case .displayKey, .displayPanned: postKey(action)
        default: queue.async { self.apply(action) }
        }
    }

    /// Display keys (and panning reports) waiting for the reader, at most this many. A display,
    /// or a hostile BrlAPI server, sending 32 000 keys a second used to queue them all: typed
    /// commands waited seconds behind them and memory grew by hundreds of megabytes. Past the
    /// bound, key presses are dropped until the reader catches up (a person presses a few keys
    /// a second; only a stuck key or a flood fills it).
    public static let maximumWaitingKeys = 32
    private let keysLock = NSLock()
    private var waitingKeys: [Action] = []
    private var keysScheduled = false

    private func postKey(_ action: Action) {
        keysLock.lock()
        guard waitingKeys.count < Self.maximumWaitingKeys else { keysLock.unlock(); return }
        waitingKeys.append(action)
        let schedule = !keysScheduled
        keysScheduled = true
        keysLock.unlock()
        if schedule { queue.async { self.applyNextKey() } }
    }

    /// On the queue: applies the oldest waiting key, then goes to the back of the queue for
    /// the next one, behind any command typed meanwhile.
    private func applyNextKey() {
        keysLock.lock()
        guard !waitingKeys.isEmpty else { keysScheduled = false; keysLock.unlock(); return }
        let action = waitingKeys.removeFirst()
        let more = !waitingKeys.isEmpty
        if !more { keysScheduled = false }
        keysLock.unlock()
        apply(action)
        if more { queue.async { self.applyNextKey() } }
    }

    public func send(_ action: Action) {
        queue.sync { apply(action) }
    }

    /// A key in single-key mode; returns the line it asks for (`/`, `:`), if any.
    public func press(_ key: Key) -> PromptKind? {
        queue.sync {
            requestedPrompt = nil
            apply(.key(key))
            return requestedPrompt
        }
    }

    /// Reads the state in turn with everything else (completion, the keyboard mode).
    public func inspect<T>(_ read: (ReaderState) -> T) -> T {
        queue.sync { read(state) }
    }

    /// Abandons a catalogue load in flight: someone who quits while a slow server is being
    /// waited for wants to leave now.
    public func cancelLoads() { catalogueSource.cancel() }

    /// Waits for catalogue loads in flight (scripts read from a pipe act on a loaded catalogue).
    public func waitForLoads() {
        loads.wait()
        queue.sync {}
    }

    /// Waits for the devices' first reports (a display that does not answer) to be applied.
    public func waitForDevices() {
        for settle in devices.settle { settle() }
        queue.sync {}
    }

    /// Monotonic milliseconds, the clock practice's times are all read from.
    static func nowMs() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000 }

    private func apply(_ action: Action) {
        perform(reader.reduce(&state, action))
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .focus(let report):
                transcript.record(.focus(report))
            case .speak(let utterance):
                transcript.record(.speech(text: utterance.text, interrupt: utterance.interrupt))
                if let speech = devices.speech {
                    // The engine silences the shared output itself when it interrupts.
                    speech.speak(utterance)
                } else if utterance.interrupt {
                    devices.audio?.flush()
                }
            case .braille(let line):
                // Any other line ends a rhythm still flashing (the answer came first).
                rhythmGeneration += 1
                show(line)
            case .braillePanned(let text, let cells, let cursor, let kind):
                transcript.record(.braille(text: text, cells: cells, cursor: cursor, kind: kind))
            case .schedule(let id, let seconds):
                timerSerial += 1
                let serial = timerSerial
                timers[id] = serial
                queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
                    guard let self, self.timers[id] == serial else { return }
                    self.timers[id] = nil
                    self.apply(.timer(id))
                }
            case .cancelTimer(let id):
                timers[id] = nil
            case .notice(let code, let message, let detail):
                transcript.record(.notice(code: code, message: message, detail: detail))
            case .error(let code, let message, let detail):
                transcript.record(.error(code: code, message: message, detail: detail))
            case .status(let status, let message):
                transcript.record(.status(status, message: message))
            case .morse(let report):
                transcript.record(.morse(report))
            case .morseQuestion(let report):
                transcript.record(.morseQuestion(report))
            case .practiceAnswered(let result):
                transcript.record(.practice(result))
            case .copyResult(let result):
                transcript.record(.copyResult(result))
            case .loadCatalogue(let reason):
                load(reason)
            case .playMorse(let text, let settings):
                // Speech and tones share one output: the tones play after the speech asked for
                // before them once it is synthesised (milliseconds); the session does not wait
                // for it to be heard, so keys and commands are answered meanwhile.
                devices.speech?.waitUntilSynthesised()
                morse.play(text, settings: settings)
            case .playQuestion(let text, let settings, let question):
                devices.speech?.waitUntilSynthesised()
                let endsInMs = morse.play(text, settings: settings, leadIn: true)
                apply(.questionSounded(question: question, endsAtMs: Self.nowMs() + endsInMs))
            case .silence:
                // One owner of the shared output: the speech engine flushes it when it stops.
                if let speech = devices.speech { speech.stop() } else { devices.audio?.flush() }
            case .loadStatistics:
                apply(.statisticsReady(store.statistics()))
            case .queryStatus:
                apply(.statusReported(devices.status()))
            case .preparePractice(.copy(let kind, let count)):
                apply(.copyReady(kind, count: count, seed: practiceSeed ?? UInt64.random(in: .min ... .max), kochLevel: kochLevel()))
            case .preparePractice(let request):
                let mode = practiceMode(request)
                apply(.practiceReady(mode, seed: practiceSeed ?? UInt64.random(in: .min ... .max), history: store.history(for: mode)))
            case .configureDevice(let key, let value):
                // Asked once each, in order: applying a setting has effects (a relative "+20").
                var result: Result<SettingValue, SettingFault>?
                for domain in devices.settings where result == nil { result = domain.configure(key, value: value) }
                apply(.deviceConfigured(key, result ?? .failure(.unavailable)))
            case .brailleRhythm(let rhythm):
                flash(rhythm)
            case .readSettings(let keys):
                var readings: [SettingKey: SettingReading] = [:]
                for key in keys {
                    if let reading = devices.settings.lazy.compactMap({ $0.reading(key) }).first { readings[key] = reading }
                }
                apply(.settingsRead(readings))
            case .persist(let values):
                if let fault = store.save(values.mapValues { Optional($0) }) { apply(.storageFailed(fault)) }
            case .recordAttempt(let attempt):
                if let fault = store.record(attempt) {
                    apply(.storageFailed(fault))
                } else {
                    // The Morse list shows recent accuracy, as storage counts it.
                    apply(.progressUpdated(store.progress()))
                }
            case .whenSpoken(let token):
                // Counted as work in flight, so a piped script's next line waits for the reading.
                loads.enter()
                let speech = devices.speech
                let finish: @Sendable () -> Void = { [weak self] in
                    guard let self else { return }
                    self.queue.async {
                        self.apply(.spoken(token: token))
                        self.loads.leave()
                    }
                }
                if let speech {
                    DispatchQueue.global().async { speech.waitUntilSpoken(); finish() }
                } else {
                    finish()
                }
            case .quit:
                quitRequested = true
            case .prompt(let kind):
                requestedPrompt = kind
            }
        }
    }

    private func show(_ line: BrailleLine) {
        let cells = devices.braille?.show(line)
        transcript.record(.braille(text: line.text, cells: cells, cursor: line.cursor, kind: line.kind))
    }

    /// The reducer decided the steps and their lengths; this only keeps time on the session
    /// queue, from now (the tones start as the question is played), and stops when another line
    /// is written first.
    private func flash(_ rhythm: BrailleRhythm) {
        rhythmGeneration += 1
        let generation = rhythmGeneration
        var at = 0.0
        func schedule(_ line: BrailleLine) {
            queue.asyncAfter(deadline: .now() + at / 1000) { [weak self] in
                guard let self, self.rhythmGeneration == generation else { return }
                self.show(line)
            }
        }
        for step in rhythm.steps {
            schedule(BrailleLine(text: step.on ? BrailleRhythm.markCells : "", cursor: 0, kind: .message))
            at += step.milliseconds
        }
        schedule(rhythm.then)
    }

    private func practiceMode(_ request: PracticeRequest) -> PracticeMode {
        let symbols = reader.navigator.builder.alphabet.kochSymbols
        let level = kochLevel()
        switch request {
        // Weak symbols among those learnt so far: a beginner is never asked what Koch has not taught.
        case .weakSymbols: return .weakSymbols(pool: symbols.prefix(level).map(\.id))
        case .symbol(let id): return .symbol(id: id)
        case .koch, .copy: return .koch(level: level)
        }
    }

    /// The Koch level stored (symbols unlocked), within the order's bounds.
    private func kochLevel() -> Int {
        let count = reader.navigator.builder.alphabet.kochSymbols.count
        return min(max(store.value(PracticeMode.kochLevelStorageKey).flatMap(Int.init) ?? PracticeMode.kochStartLevel,
                       PracticeMode.kochStartLevel), count)
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
