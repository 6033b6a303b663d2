// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Synchronization
import LecteurDevices
import LecteurStore
import LecteurTerminal
import LecteurThreads

/// The running reader, an interpreter: holds the state, feeds every action to the one reducer,
/// and carries out the effects it returns, through the transcript and the devices it was given.
/// It decides nothing about what is said or shown. It is an actor whose executor is one serial
/// queue (`SessionExecutor`): the compiler checks that only the session touches its state, and
/// key presses, typed commands and results of background loads never race. The synchronous
/// entry points (the line editor, piped scripts) enter that queue and are confirmed on it by
/// `assumeIsolated`.
public actor ReaderSession {
    public nonisolated let reader: Reader
    public nonisolated let transcript: Transcript
    private var state: ReaderState
    public nonisolated let catalogueSource: CatalogueSource
    public nonisolated let store: ReaderStore
    private nonisolated let devices: ReaderDevices
    private let morse: MorsePlayer

    private nonisolated let executor = SessionExecutor(label: "lecteur.session")
    private nonisolated var queue: DispatchQueue { executor.queue }
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private nonisolated let loads = DispatchGroup()
    private var quitRequested = false
    /// Bumped by every line written, so the steps of a rhythm that was overtaken stop.
    private var rhythmGeneration = 0
    /// The last `input` line shown, while one is typed: the transcript says what changes in it.
    private var lastInputLine: String?
    /// When the question just queued starts to sound (monotonic ms; nil while it waits for the
    /// speech before it): its rhythm on the display starts then, not when it was queued (a word
    /// space of lead-in and whatever still plays come first: 1 050 ms at 8 WPM).
    private var questionStartsAtMs: Double? = 0
    /// A rhythm that waits for its question to be queued after the speech, with the line
    /// generation it belongs to.
    private var rhythmWaiting: (rhythm: BrailleRhythm, generation: Int)?
    /// The pending timers, each with the serial of its last scheduling: only that one rings.
    private var timers: [TimerID: Int] = [:]
    private var timerSerial = 0
    /// The line a key asked for (`.prompt`), while that key is applied.
    private var requestedPrompt: PromptKind?
    /// `.spoken` answers owed without a voice, applied by `apply` once the action that asked
    /// for them is performed.
    private var heardAtOnce: [Action] = []
    /// The script's steps an action asked for (`.runPiped`, `.whenSettled`), taken once what was
    /// heard at once is applied: without a voice a reading is over before the script's next line,
    /// as it always was.
    private var scriptSteps: [Effect] = []
    /// What Tab completes (`.completed`), while `.completion` is applied.
    private var completed: Completion?
    /// What the input loops act on, as the reader's effects last told it.
    private var facts: RuntimeFacts
    private let practiceSeed: UInt64?
    /// How many practice seeds this run has handed out: with a fixed seed, the sessions of one run
    /// still differ from each other (as with a random one), and replay alike.
    private var seedsHandedOut: UInt64 = 0
    /// Becomes readable once the reader has quit: an input loop blocked on the terminal (or a
    /// pipe) also waits on it, so « quitter » typed on the braille display ends the program.
    public nonisolated let quitSignal: Int32
    private let quitSignalWrite: Int32

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
        let (settings, problems) = ReaderSettings.restore({ store.value($0) })
        state.settings = settings
        state.startupNotices = store.startupNotices + problems
        state.morseProgress = store.progress()
        state.practiceRecord = store.practiceRecord()
        state.devices.hasVoice = devices.speech != nil
        state.devices.hasDisplay = devices.braille?.hasDisplay ?? false
        state.devices.displayRequired = devices.braille?.displayRequired ?? false
        self.state = state
        facts = RuntimeFacts(state)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        quitSignal = fds[0]
        quitSignalWrite = fds[1]
    }

    deinit {
        if quitSignal >= 0 { close(quitSignal) }
        if quitSignalWrite >= 0 { close(quitSignalWrite) }
    }

    /// Runs `body` on the session's queue, isolated to the session, and waits for it.
    private nonisolated func onQueue<T: Sendable>(_ body: (isolated ReaderSession) -> T) -> T {
        queue.sync { assumeIsolated(body) }
    }

    /// Runs `body` on the session's queue, in turn with everything else, without waiting.
    private nonisolated func later(_ body: @escaping @Sendable (isolated ReaderSession) -> Void) {
        queue.async { self.assumeIsolated(body) }
    }

    public nonisolated var hasQuit: Bool { onQueue { $0.quitRequested } }

    /// Stops speech and sound and releases the braille display. Safe from any thread, also while
    /// the session queue is busy (a signal may arrive in the middle of a command).
    public nonisolated func shutdown() {
        devices.speech?.stop()
        devices.audio?.flush()
        devices.braille?.release()
    }

    /// Says what start-up found wrong (devices, storage), then loads the catalogue for the first
    /// time; the reader announces the result.
    public nonisolated func start(notices: [StartupProblem] = []) {
        for listen in devices.listen { listen { [weak self] action in self?.post(action) } }
        onQueue { session in
            session.state.startupNotices += notices
            session.apply(.start)
        }
    }

    /// Handles one typed line. Returns false once the user has asked to quit.
    @discardableResult
    /// `arrivedAtMs`: when its bytes arrived, if known (a script's lines arrive all at once,
    /// before the questions they answer are asked); else now.
    public nonisolated func handle(line: String, arrivedAtMs: Double? = nil) -> Bool {
        // Stamped as it arrives: practice counts the time to answer from the end of the tones.
        let atMs = arrivedAtMs ?? Self.nowMs()
        return onQueue { session in
            session.apply(.timedLine(line, atMs: atMs))
            return !session.quitRequested
        }
    }

    /// For display keys, device events and background results: applied in order with everything
    /// else. Display keys go through a bounded lane, one at a time, so a typed command waits for
    /// at most one key, never for a flood of them.
    public nonisolated func post(_ action: Action) {
        switch action.lane {
        case .keys: postKey(action)
        case .ordered: later { $0.apply(action) }
        }
    }

    /// Display keys (and panning reports) waiting for the reader, at most this many. A display,
    /// or a hostile BrlAPI server, sending 32 000 keys a second used to queue them all: typed
    /// commands waited seconds behind them and memory grew by hundreds of megabytes. Past the
    /// bound, key presses are dropped until the reader catches up (a person presses a few keys
    /// a second; only a stuck key or a flood fills it).
    public static let maximumWaitingKeys = 32
    /// Keys posted from the devices' threads, waiting for the session: the one place a lock is
    /// needed, since posting must not wait for the session to be free.
    private nonisolated let waitingKeys = Mutex(WaitingKeys())

    private struct WaitingKeys {
        var actions: [Action] = []
        var scheduled = false
    }

    private nonisolated func postKey(_ action: Action) {
        let schedule = waitingKeys.withLock { keys -> Bool in
            guard keys.actions.count < Self.maximumWaitingKeys else { return false }
            keys.actions.append(action)
            defer { keys.scheduled = true }
            return !keys.scheduled
        }
        if schedule { later { $0.applyNextKey() } }
    }

    /// On the queue: applies the oldest waiting key, then goes to the back of the queue for
    /// the next one, behind any command typed meanwhile.
    private func applyNextKey() {
        let next = waitingKeys.withLock { keys -> (action: Action, more: Bool)? in
            guard !keys.actions.isEmpty else { keys.scheduled = false; return nil }
            let action = keys.actions.removeFirst()
            let more = !keys.actions.isEmpty
            if !more { keys.scheduled = false }
            return (action, more)
        }
        guard let next else { return }
        apply(next.action)
        if next.more { later { $0.applyNextKey() } }
    }

    public nonisolated func send(_ action: Action) {
        onQueue { $0.apply(action) }
    }

    /// A key in single-key mode, with the monotonic time (ms) its bytes were read; returns the
    /// line it asks for (`/`, `:`), if any.
    public nonisolated func press(_ key: Key, atMs: Double) -> PromptKind? {
        onQueue { session in
            session.requestedPrompt = nil
            session.apply(.timedKey(key, atMs: atMs))
            return session.requestedPrompt
        }
    }

    /// Tab with the text before the cursor: what the reader says to write in (it says the
    /// candidates itself).
    public nonisolated func complete(_ beforeCursor: String) -> Completion {
        onQueue { session in
            session.completed = nil
            session.apply(.completion(beforeCursor: beforeCursor))
            return session.completed ?? Completion(replacing: 0, candidates: [])
        }
    }

    /// What the input loops act on (the keyboard mode, key releases, the goodbye held, the
    /// quit question, a reading), in turn with everything else, as the reader told it.
    public nonisolated var runtimeFacts: RuntimeFacts { onQueue { $0.facts } }

    /// Abandons a catalogue load in flight: someone who quits while a slow server is being
    /// waited for wants to leave now.
    public nonisolated func cancelLoads() { catalogueSource.cancel() }

    /// Waits for catalogue loads in flight (scripts read from a pipe act on a loaded catalogue).
    public nonisolated func waitForLoads() {
        loads.wait()
        queue.sync {}
    }

    /// Waits for the devices' first reports (a display that does not answer) to be applied.
    public nonisolated func waitForDevices() {
        for settle in devices.settle { settle() }
        queue.sync {}
    }

    /// A piped script's lines handed to the reader and not yet applied, at most: the input
    /// thread reads the next one once fewer wait (`yes suivant | lecteur` keeps that many in
    /// memory, not the whole input).
    public static let maximumPipedLines = 16

    /// Lines handed over by `enqueue` and not yet applied, and whether the reader quit: the piped
    /// input loop waits on it, never on what the lines start (the reader orders them itself).
    private nonisolated let script = Monitor(ScriptProgress())

    private struct ScriptProgress: Sendable {
        var waiting = 0
        var quit = false
    }

    /// One line read from a pipe: queued by the reader, applied when its turn comes (after what
    /// the lines before it started has settled; `stop` and `quitter` end a reading at once).
    public nonisolated func enqueue(_ line: PipedLine) {
        script.withLock { $0.waiting += 1 }
        post(.piped(line))
    }

    /// Waits until the reader has room for another piped line. False once it has quit.
    public nonisolated func awaitScriptRoom() -> Bool {
        script.wait(for: { $0.quit || $0.waiting < Self.maximumPipedLines }, then: { !$0.quit })
    }

    /// Waits until every piped line is applied (or the reader quit).
    public nonisolated func awaitScriptApplied() {
        script.wait(for: { $0.quit || $0.waiting == 0 }, then: { _ in () })
    }

    /// Monotonic milliseconds, the clock practice's times are all read from.
    public static func nowMs() -> Double { MonotonicClock.nowMs() }

    private func apply(_ action: Action) {
        // One action's lines are printed above the edited line together, and the prompt with
        // its typed text is drawn again once after them, not once per line.
        PromptOutput.holding {
            perform(reader.reduce(&state, action))
            // Without a voice, what was said is « heard » at once: applied here, in order, before
            // anything else queued (a script's next line, a key).
            while !heardAtOnce.isEmpty { perform(reader.reduce(&state, heardAtOnce.removeFirst())) }
            while !scriptSteps.isEmpty { step(scriptSteps.removeFirst()) }
        }
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .focus(let report):
                transcript.record(.focus(report))
            case .speak(let utterance):
                transcript.record(.speech(text: utterance.text, interrupt: utterance.interrupt, printed: utterance.printed))
                if let speech = devices.speech {
                    // The engine silences the shared output itself when it interrupts.
                    speech.speak(utterance)
                } else if utterance.interrupt {
                    devices.audio?.flush()
                }
            case .print(let line):
                transcript.record(.printed(line))
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
                    self?.assumeIsolated { session in
                        guard session.timers[id] == serial else { return }
                        session.timers[id] = nil
                        // The keyer's clock says when it rang: the keyer times the next ring from its own times.
                        session.apply(id == .keyer ? .keyerClock(atMs: Self.nowMs()) : .timer(id))
                    }
                }
            case .cancelTimer(let id):
                timers[id] = nil
            case .advanceDisplay:
                let window = devices.braille?.advance()
                if let window {
                    transcript.record(.braille(text: window.text, cells: window.cells, cursor: window.cursor, kind: window.kind))
                }
                apply(.displayAdvanced(moved: window != nil))
            case .notice(let code, let message, let detail, let braille):
                transcript.record(.notice(code: code, message: message, detail: detail, braille: braille))
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
            case .storeCopyResult(let result):
                apply(.stored(store.keep(result)))
            case .sendingAnswered(let result):
                transcript.record(.sending(result))
            case .sidetone(let sidetone):
                transcript.record(.sidetone(sidetone))
                morse.sidetone(sidetone)
            case .loadCatalogue(let reason):
                load(reason)
            case .playMorse(let text, let settings):
                // Speech and tones share one output: the tones are queued at the voice's mark,
                // after the speech asked for before them and before any asked for later. Speech
                // silenced first takes the tones with it, as a flush of the output would.
                let morse = self.morse
                afterSpeech { reached in if reached { morse.play(text, settings: settings) } }
            case .playCorrection(let text, let settings, let reportsHeard):
                // As a question: after a word space, so it never runs into the question's end.
                let morse = self.morse
                let report: @Sendable () -> Void = { [weak self] in self?.later { $0.apply(.correctionHeard) } }
                let heard = reportsHeard ? report : nil
                afterSpeech { reached in
                    if reached { morse.play(text, settings: settings, leadIn: true, heard: heard) } else { heard?() }
                }
            case .playQuestion(let text, let settings, let question):
                soundQuestion(text, settings: settings, question: question)
            case .silence:
                // One owner of the shared output: the speech engine flushes it when it stops.
                if let speech = devices.speech { speech.stop() } else { devices.audio?.flush() }
            case .loadStatistics:
                apply(.statisticsReady(store.statistics()))
            case .loadProgress:
                apply(.progressReady(store.practiceDays()))
            case .readCopyText(let path):
                apply(.copyTextRead(path: path, Self.readText(path)))
            case .queryStatus:
                apply(.statusReported(devices.status()))
            case .preparePractice(let request):
                apply(.practiceSeeded(request, seed: seed()))
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
                apply(.stored(store.keep(attempt)))
            case .whenSpoken(let token):
                // Without a voice it is heard now, in the same turn of the queue: posted for
                // later, a script's `quitter` read meanwhile cut `tout lire` at a point that
                // changed from run to run (7 or 15 lines; issue 50, item 9).
                guard devices.speech != nil else {
                    heardAtOnce.append(.spoken(token: token))
                    continue
                }
                // The voice says when it has been heard; no thread waits for it. Counted as work
                // in flight, so a piped script's next line waits for the reading.
                loads.enter()
                let finish: @Sendable () -> Void = { [weak self] in
                    guard let self else { return }
                    self.later { session in
                        session.apply(.spoken(token: token))
                        session.loads.leave()
                    }
                }
                devices.speech?.whenSpoken(finish)
            case .whenSettled, .runPiped:
                scriptSteps.append(effect)
            case .quit:
                script.withLock { $0.quit = true }
                if !quitRequested, quitSignalWrite >= 0 {
                    var byte: UInt8 = 1
                    _ = write(quitSignalWrite, &byte, 1)
                }
                quitRequested = true
            case .prompt(let kind):
                requestedPrompt = kind
            case .backTranslate(let cells):
                apply(.brailleBackTranslated(cells: cells, text: devices.braille?.backTranslate(cells)))
            case .inputMode(let mode):
                facts.inputMode = mode
            case .keyReleases(let answered):
                facts.keyReleases = answered
            case .closing(let closing):
                facts.closing = closing
            case .quitPending(let pending):
                facts.quitPending = pending
            case .reading(let reading):
                facts.reading = reading
            case .completed(let found):
                completed = found
            }
        }
    }

    /// A step of the script's queue, once the action that asked for it is performed.
    private func step(_ effect: Effect) {
        switch effect {
        case .whenSettled:
            // Once nothing is in flight (loads, readings, speech marks), in turn with everything
            // else: the script's next line. No thread waits for it.
            loads.notify(queue: queue) { [weak self] in self?.assumeIsolated { $0.apply(.settled) } }
        case .runPiped(let line):
            switch line {
            case .line(let text, let arrivedAtMs): apply(.timedLine(text, atMs: arrivedAtMs ?? Self.nowMs()))
            case .tooLong(let limit): apply(.device(.lineTooLong(limitBytes: limit)))
            }
            script.withLock { $0.waiting -= 1 }
        default:
            perform([effect])
        }
    }

    /// Runs `body` at the voice's mark (at once without a voice), counted as work in flight so
    /// that a piped script's next line waits for it.
    private func afterSpeech(_ body: @escaping @Sendable (_ reached: Bool) -> Void) {
        guard let speech = devices.speech else { body(true); return }
        loads.enter()
        speech.afterSpeech { [loads] reached in
            body(reached)
            loads.leave()
        }
    }

    /// A practice question's tones, then when they end: practice counts the time to answer from
    /// there. Tones silenced before their turn end now.
    private func soundQuestion(_ text: String, settings: MorseSettings, question: Int) {
        // When the tones have been played at the output: the drills' clocks start there.
        let heard: @Sendable () -> Void = { [weak self] in
            let atMs = Self.nowMs()
            self?.later { $0.apply(.questionHeard(question: question, atMs: atMs)) }
        }
        guard devices.speech != nil else {
            let scheduled = morse.play(text, settings: settings, leadIn: true, heard: heard)
            let now = Self.nowMs()
            questionStartsAtMs = now + scheduled.startsInMs
            apply(.questionSounded(question: question, endsAtMs: now + scheduled.endsInMs, askedAtMs: now))
            return
        }
        questionStartsAtMs = nil
        let morse = self.morse
        afterSpeech { [weak self] reached in
            let scheduled = reached ? morse.play(text, settings: settings, leadIn: true, heard: heard) : MorsePlayer.Scheduled()
            let now = Self.nowMs()
            self?.later { session in
                session.questionStartsAtMs = now + scheduled.startsInMs
                if let waiting = session.rhythmWaiting {
                    session.rhythmWaiting = nil
                    if reached, waiting.generation == session.rhythmGeneration { session.flash(waiting.rhythm) }
                }
                session.apply(.questionSounded(question: question, endsAtMs: now + scheduled.endsInMs, askedAtMs: now))
            }
        }
    }

    private func show(_ line: BrailleLine) {
        // Without a display the cells are for the JSON transcript alone: with neither, no table
        // is loaded to translate them (issue 49).
        let cells = devices.braille.flatMap { $0.hasDisplay || transcript.format == .jsonl ? $0.show(line) : nil }
        guard line.kind == .input else {
            lastInputLine = nil
            transcript.record(.braille(text: line.text, cells: cells, cursor: line.cursor, kind: line.kind))
            return
        }
        // What changed since the previous input line: typing a cell writes that cell, not the line.
        let kept = lastInputLine.map { previous in
            zip(previous, line.text).prefix { $0 == $1 }.count
        } ?? 0
        lastInputLine = line.text
        transcript.record(.brailleInput(at: kept, text: String(line.text.dropFirst(kept)), cells: cells, cursor: line.cursor))
    }

    /// The reducer decided the steps and their lengths; this only keeps time on the session
    /// queue, from when the question's first tone is heard (`questionStartsInMs`), and stops
    /// when another line is written first.
    private func flash(_ rhythm: BrailleRhythm) {
        guard let startsAtMs = questionStartsAtMs else {
            rhythmWaiting = (rhythm, rhythmGeneration)
            return
        }
        rhythmGeneration += 1
        let generation = rhythmGeneration
        var at = max(0, startsAtMs - Self.nowMs())
        func schedule(_ line: BrailleLine) {
            queue.asyncAfter(deadline: .now() + at / 1000) { [weak self] in
                self?.assumeIsolated { session in
                    guard session.rhythmGeneration == generation else { return }
                    session.show(line)
                }
            }
        }
        for step in rhythm.steps {
            schedule(BrailleLine(text: step.on ? BrailleRhythm.markCells : "", cursor: 0, kind: .message))
            at += step.milliseconds
        }
        schedule(rhythm.then)
    }

    /// The practice's seed: random, or for tests derived from LECTEUR_PRACTICE_SEED — the first
    /// session of a run takes it as it is, each later one the next step of a Weyl sequence from it.
    private func seed() -> UInt64 {
        guard let practiceSeed else { return UInt64.random(in: .min ... .max) }
        defer { seedsHandedOut += 1 }
        return practiceSeed &+ seedsHandedOut &* 0x9E37_79B9_7F4A_7C15
    }

    // MARK: Catalogue

    private func load(_ reason: LoadReason) {
        loads.enter()
        if catalogueSource.isImmediate {
            // Still on the session queue: results are applied before the next command.
            let pending = PendingActions()
            catalogueSource.load(reason: reason, deliver: { pending.append($0) }, done: { [loads] in loads.leave() })
            for action in pending.taken() { apply(action) }
        } else {
            let queue = self.queue, loads = self.loads
            catalogueSource.load(reason: reason, deliver: { [weak self] in self?.post($0) },
                                 done: { queue.async { loads.leave() } })
        }
    }
}

/// The terminal's loops drive the session through `TerminalSession` (LecteurTerminal).
extension ReaderSession: TerminalSession {
    public nonisolated var strings: Strings { reader.strings }
}

/// Results delivered synchronously by an immediate source, applied once it returns.
private final class PendingActions: Sendable {
    private let items = Mutex<[Action]>([])
    func append(_ action: Action) { items.withLock { $0.append(action) } }
    func taken() -> [Action] { items.withLock { items in defer { items = [] }; return items } }
}
