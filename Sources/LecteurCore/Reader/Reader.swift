// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The whole reader as one reducer: state + action → new state + effects. Its children are the
/// stored properties below, each in its feature's folder (`Features/<Name>/`): navigation
/// (`Navigator`), the catalogue, the devices, the braille display's messages and reading
/// (`DisplayReducer`), the line typed on the display, the lists (aide, historique, statistiques),
/// settings, Morse playing, review, the terminal, the exercise that runs (listening, copying,
/// sending or reflex, through `ExerciseReducer`) and the screen reader beside, whose `voice` is the
/// last decision. One `Announcer` is the output of an action: it owns the announcement state
/// while the action is reduced, applies the announcement policy and keeps the effects in order, so
/// every word said and every line brailled comes from this one reduction. The root maps an action
/// to a child's own action and calls `scope` (`ReaderChildren.swift`), which hands the child its
/// slice, its read-only context and the output; what a child asks of the rest comes back as its
/// `Delegate`s, applied by the root's `handle` (`ReaderDelegates.swift`).
public struct Reader: Sendable {
    public let navigator: Navigator
    let settings: SettingsReducer
    let morse: MorseReducer
    let review: ReviewReducer
    let punctuation: PunctuationReader?
    let terminal: TerminalReducer
    let brailleInput: BrailleInputReducer
    let display: DisplayReducer
    let lists: ListScreenReducer
    let exercises: ExerciseReducer
    let catalogue: CatalogueReducer
    let devices: DeviceReducer
    let screenReader: ScreenReaderReducer
    /// Renders every announcement to the printed line, the voice and the display.
    let presenter: AnnouncementPresenter
    /// How many cells a line takes on the display with the table in use (the display's
    /// adapter measures it with liblouis); nil: one a character. Only the long-answer threshold
    /// reads it.
    public var brailleCells: (@Sendable (String) -> Int)?

    public var strings: Strings { navigator.strings }
    public var parser: CommandParser { navigator.parser }
    public var builder: ScreenBuilder { navigator.builder }

    /// `sampleRate` is the audio output's, so Morse durations in the transcript are exact.
    /// `qsoMaterial`: each QSO language's material (the interface's own is read from `strings`
    /// when it is not given).
    public init(strings: Strings, timeZone: TimeZone, alphabet: MorseAlphabet = .standard,
                parser: CommandParser = CommandParser(), pronunciation: SpokenTextBuilder? = nil,
                characters: CharacterLexicon = CharacterLexicon(),
                sampleRate: Int = MorseRenderer.defaultSampleRate, qsoMaterial: QSOMaterialSource = [:]) {
        navigator = Navigator(strings: strings, timeZone: timeZone, alphabet: alphabet, parser: parser,
                              pronunciation: pronunciation)
        morse = MorseReducer(strings: strings, alphabet: alphabet, sampleRate: sampleRate)
        exercises = ExerciseReducer(strings: strings, alphabet: alphabet,
                                    tones: MorseTones(strings: strings, alphabet: alphabet, sampleRate: sampleRate),
                                    qsoMaterial: qsoMaterial)
        settings = SettingsReducer(strings: strings)
        let symbols = pronunciation?.lexicon.symbols ?? [:]
        review = ReviewReducer(strings: strings, namer: CharacterNamer(lexicon: characters, symbols: symbols))
        punctuation = PunctuationReader(characters: characters, symbols: symbols,
                                        abbreviations: pronunciation?.lexicon.abbreviations.keys.map { $0 } ?? [])
        terminal = TerminalReducer(strings: strings)
        brailleInput = BrailleInputReducer(strings: strings)
        display = DisplayReducer(strings: strings)
        lists = ListScreenReducer(strings: strings)
        catalogue = CatalogueReducer(strings: strings, timeZone: timeZone)
        devices = DeviceReducer(strings: strings)
        screenReader = ScreenReaderReducer(strings: strings)
        presenter = AnnouncementPresenter(strings: strings)
    }

    public func reduce(_ state: inout ReaderState, _ action: Action) -> [Effect] {
        let facts = RuntimeFacts(state)
        // The script's queue moves on its own actions, which say and show nothing.
        if let queued = script(action, &state) { return queued }
        // One output per action: it owns the announcement state while the action is reduced,
        // and the state gets it back once, here.
        var out = output(for: action, state)
        decide(&state, action, &out)
        state.announcement = out.announcement
        let effects = out.effects + nextPiped(after: out.effects, &state) + RuntimeFacts(state).changes(from: facts)
        // What storage is asked to keep, the record keeps too: the next exercise starts from it.
        for case .recordAttempt(let attempt) in effects { state.practiceRecord.keep(attempt) }
        // Beside a screen reader the voice is the last decision: what would be said is known.
        return screenReader.voice(effects, background: action.isBackground, state.beside, onTerminal: state.onTerminal)
    }

    /// Keying Morse (a key pressed for the exercise, any key let go, the keyer's clock): the
    /// question and the last verdict stay on the display meanwhile, nothing else moves.
    private func isKeying(_ action: Action, _ state: ReaderState) -> Bool {
        switch action {
        case .timedKey(let key, _): key.isRelease || keysMorse(key, state)
        case .keyerClock: true
        case .start, .timedLine, .command, .displayKey, .displayPanned, .timer, .displayAdvanced, .catalogue, .device,
             .storageFailed, .statusReported, .settingsRead, .deviceConfigured, .questionSounded, .questionHeard, .correctionHeard,
             .spoken, .stored, .attachTerminal, .typed, .key, .completion, .promptCancelled,
             .statisticsReady, .progressReady, .copyTextRead, .brailleTyped, .brailleBackTranslated,
             .keyboardProtocol, .screenReader, .practiceSeeded, .piped, .settled: false
        }
    }

    /// The output of one action, with the announcement state copied in and the policy's view
    /// of the action: whose it is, whether a message on the display holds the focus back.
    private func output(for action: Action, _ state: ReaderState) -> Announcer {
        guard !state.closing, !isKeying(action, state) else {
            return Announcer(presenter: presenter, announcement: state.announcement, pronunciation: navigator.pronunciation,
                             punctuation: punctuation, punctuationLevel: state.settings.punctuation)
        }
        let byUser = action.isTheUsers
        // A message still being read holds what the reader shows on its own; a countdown (the
        // last thing said was progress) is replaced by what follows it.
        let displayBusy = !byUser && state.display.message != nil && !state.announcement.lastWasProgress
        return Announcer(presenter: presenter, announcement: state.announcement, pronunciation: navigator.pronunciation,
                         punctuation: punctuation, punctuationLevel: state.settings.punctuation, holdFocus: displayBusy,
                         answering: byUser || state.announcement.answerPending, opensScreens: state.exercise == nil,
                         displayColumns: state.devices.displayColumns, cells: brailleCells)
    }

    private func decide(_ state: inout ReaderState, _ action: Action, _ out: inout Announcer) {
        if state.closing {
            // The goodbye is on the display: its time, or any key, a typed cell or a line (Ctrl-D
            // too), ends the program at once; nothing else is said or shown over it.
            switch action {
            case .timer(.quit): out.append(.quit)
            case .timedKey(let key, _) where key.isRelease: break // the release of the key that quit
            case .displayPanned(let text, let cells, let cursor, let kind):
                out.append(.braillePanned(text: text, cells: cells, cursor: cursor, kind: kind))
            case .timedLine, .command, .displayKey, .key, .timedKey, .brailleTyped, .promptCancelled:
                out.append(.quit) // the user's: a key, a typed cell or a line
            case .start, .timer, .displayAdvanced, .catalogue, .device, .storageFailed, .statusReported, .settingsRead,
                 .deviceConfigured, .questionSounded, .questionHeard, .correctionHeard, .spoken, .stored,
                 .attachTerminal, .typed, .completion, .statisticsReady, .progressReady, .copyTextRead,
                 .brailleBackTranslated, .keyerClock, .keyboardProtocol, .screenReader, .practiceSeeded:
                break // the reader's own: nothing over the goodbye
            case .piped, .settled:
                break // the script's queue, taken in `reduce` before this
            }
            return
        }
        if isKeying(action, state) {
            // A key let go does nothing else (it must not silence what a press started).
            if case .timedKey(let key, let atMs) = action, keysMorse(key, state) { scope(.exercise(.key(key, atMs: atMs)), &state, &out) }
            if case .keyerClock(let atMs) = action { scope(.exercise(.keyerClock(atMs: atMs)), &state, &out) }
            scope(.display(.finish(byUser: false, out.written)), &state, &out)
            return
        }
        let byUser = action.isTheUsers
        if byUser {
            // Start-up's lines held behind the first element come before the answer.
            sayStartupRest(&state, &out)
            scope(.screenReader(.userActed), &state, &out)
            out.announcement.answerPending = true
            // Any key or command stops a reading in progress, the focus staying where it is;
            // only the display's panning key skips ahead in a reading without a voice.
            state.display.readAll = nil
            if action != .displayKey(.panForward) { state.display.reading = nil }
            let waiting = state.display.page?.waiting == true
            state.display.page = nil
            if waiting, let screen = readingPage(state), resumesReading(action) {
                // A screen of `tout lire` waited for this: the next screen.
                readPage(screen, used: 0, &state, &out)
                scope(.display(.finish(byUser: byUser, out.written)), &state, &out)
                if !out.awaitsResult { out.announcement.answerPending = false }
                return
            }
        }

        switch action {
        case .start:
            // At most two lines before the first element (issue 35): beside a screen reader,
            // which reads every line aloud, the welcome ends its notice instead of following it
            // (measured with Orca 43: notice, welcome and catalogue were three lines to wait through).
            // Beside one that shares speech-dispatcher the notice is one short line that names
            // `aide` itself (issue 45: Orca 43 read the 220-character notice and welcome for 13 s
            // before the first element, scripts/orca-pace.sh).
            // Printed after the first element, and the catalogue's count with them: Orca 43 read
            // the notice and the count for 6.1 s before the element, heard whole 9.5 s after
            // Enter (scripts/orca-pace.sh); the element is what the user came for.
            let besideOnTerminal = state.onTerminal && state.startupNotices.contains(where: \.isScreenReader)
            for problem in state.startupNotices {
                var message = problem.message(strings, onTerminal: state.onTerminal)
                if besideOnTerminal, problem.isScreenReader, !problem.namesHelpOnTerminal { message += " " + strings(.appWelcome) }
                if besideOnTerminal {
                    state.startupNoticesAfterFocus.append(message)
                } else {
                    out.notice("startup", message, kind: .notice)
                }
            }
            state.startupNotices = []
            state.catalogue.countSaidAfterList = besideOnTerminal
            if !besideOnTerminal { scope(.terminal(.welcome), &state, &out) }
            out.append(.loadCatalogue(.initial))
        case .timedLine(let line, let atMs):
            typed(line, atMs: atMs, &state, &out)
        case .command(let command):
            self.command(command, &state, &out)
        case .displayKey(.activate) where exercises.waitsForALine(state.exercise):
            // Enter on the display is an empty line during practice: the question again, never
            // the focused element opened mid-lesson.
            typed("", atMs: nil, &state, &out)
        case .displayKey(let intent):
            if state.display.message != nil {
                // A key first takes the message away, as NVDA does: the finger reads the next
                // message, the question waiting for its answer, or the focus again.
                scope(.display(.showNext), &state, &out)
                out.announcement.answerPending = false
                return
            }
            let command: Command
            switch intent {
            case .next: command = .next
            case .previous: command = .previous
            case .panForward:
                guard state.display.reading == nil else {
                    readNextOnDisplay(&state, &out)
                    scope(.display(.finish(byUser: byUser, out.written)), &state, &out)
                    return
                }
                command = .next
            case .panBack:
                // Reading backwards: the previous element opens on its last window.
                out.focusFromEnd = true
                command = .previous
            case .activate: command = .activate
            case .repeatElement: command = .repeatLast
            case .route(let character):
                // Over an element that acts, a routing key activates it; over text it reads there.
                guard !navigator.focusActs(state.navigationContext, state.navigation),
                      navigator.reviewTarget(state.navigationContext, state.navigation) != nil else {
                    command = .activate
                    break
                }
                scope(.review(.route(toLineCharacter: character)), &state, &out)
                scope(.display(.finish(byUser: byUser, out.written)), &state, &out)
                if !out.awaitsResult { out.announcement.answerPending = false }
                return
            }
            self.command(command, &state, &out)
        case .displayPanned(let text, let cells, let cursor, let kind):
            out.append(.braillePanned(text: text, cells: cells, cursor: cursor, kind: kind))
            scope(.display(.panned(kind)), &state, &out)
        case .displayAdvanced(let moved):
            scope(.display(.advanced(moved: moved)), &state, &out)
        case .timer(.brailleMessage(let token)):
            scope(.display(.messageTimeUp(token: token)), &state, &out)
        case .timer(.readAllWindow(let token)):
            scope(.display(.windowTimeUp(token: token)), &state, &out)
        case .timer(.catalogueStillLoading):
            // A slow load: what start-up had to say is not held behind it any longer.
            sayStartupNoticesAfterFocus(&state, &out)
            scope(.catalogue(.stillLoadingRang), &state, &out)
        case .catalogue(let event):
            scope(.catalogue(.event(event)), &state, &out)
        case .device(let event):
            scope(.devices(.event(event)), &state, &out)
        case .storageFailed(let fault):
            scope(.devices(.storageFailed(fault)), &state, &out)
        case .statusReported(let status):
            out.say(Announcement(.answer, status.message(strings), record: .status(status)))
        case .settingsRead(let readings):
            scope(.settings(.read(readings)), &state, &out)
        case .deviceConfigured(let key, let result):
            scope(.settings(.deviceConfigured(key, result)), &state, &out)
        case .practiceSeeded(let request, let seed):
            scope(.exercise(.start(practiceStart(request, seed: seed, state))), &state, &out)
        case .questionSounded(let question, let endsAtMs, let askedAtMs):
            scope(.exercise(.sounded(question: question, endsAtMs: endsAtMs, askedAtMs: askedAtMs)), &state, &out)
        case .questionHeard(let question, let atMs):
            scope(.exercise(.heard(question: question, atMs: atMs)), &state, &out)
        case .correctionHeard:
            scope(.exercise(.correctionHeard), &state, &out)
        case .stored(.success(.attempt(let progress))):
            // The Morse list shows recent accuracy as storage counts it.
            state.morseProgress = progress
        case .stored(.success(.copyResult)):
            break // kept for « Progrès », read back when it is asked for
        case .stored(.failure(let fault)):
            scope(.devices(.storageFailed(fault)), &state, &out)
        case .statisticsReady(let statistics):
            showStatistics(statistics, &state, &out)
        case .progressReady(let days):
            showProgress(days, &state, &out)
        case .copyTextRead(let path, let result):
            copyTextRead(path, result, &state, &out)
        case .spoken(let token):
            guard state.display.readAll == token else { break }
            readNextByVoice(&state, &out)
        case .attachTerminal(let inputMode):
            scope(.terminal(.attach(inputMode: inputMode)), &state, &out)
        case .typed(let character, let word):
            scope(.terminal(.typed(character, word: word)), &state, &out)
        case .key(let key), .timedKey(let key, _):
            self.key(key, &state, &out)
        case .timer(.reflex(let question)):
            scope(.exercise(.reflexClock(question: question)), &state, &out)
        case .timer(.practiceNext(let question)):
            scope(.exercise(.practiceNext(question: question)), &state, &out)
        case .timer(.practiceCorrection):
            scope(.exercise(.practiceCorrection), &state, &out)
        case .keyboardProtocol(let answered):
            scope(.devices(.keyboardProtocol(answered: answered)), &state, &out)
        case .screenReader(let event):
            scope(.screenReader(.event(event)), &state, &out)
        case .timer(.screenReaderSwitch):
            scope(.screenReader(.switchTimeUp), &state, &out)
        case .timer(.startupRest):
            sayStartupRest(&state, &out)
        case .timer(.sendingSilence):
            scope(.exercise(.silence), &state, &out)
        case .keyerClock:
            break // taken above, as keying
        case .piped, .settled:
            break // the script's queue, taken in `reduce` before this
        case .timer(.quit):
            break // taken above, while closing
        case .timer(.keyer):
            break // the runtime answers this timer with `.keyerClock`, which says when it rang
        case .completion(let beforeCursor):
            let found = LineCompletion(parser: parser, strings: strings).complete(beforeCursor, state)
            out.append(.completed(found))
            scope(.terminal(.completion(found.candidates)), &state, &out)
        case .promptCancelled(let kind):
            scope(.terminal(.promptCancelled(kind)), &state, &out)
        case .brailleTyped(let input, let atMs):
            scope(.brailleInput(.typed(input, atMs: atMs)), &state, &out)
        case .brailleBackTranslated(let cells, let text):
            scope(.brailleInput(.backTranslated(cells: cells, text: text)), &state, &out)
        }

        if let long = out.longAnswer { openLongAnswer(long, &state, &out) }
        scope(.display(.finish(byUser: byUser, out.written)), &state, &out)
        if byUser && !out.awaitsResult { out.announcement.answerPending = false }
    }


    func command(_ command: Command, _ state: inout ReaderState, _ out: inout Announcer) {
        switch command {
        case .next: scope(.navigation(.move(.next)), &state, &out)
        case .previous: scope(.navigation(.move(.previous)), &state, &out)
        case .first: scope(.navigation(.move(.first)), &state, &out)
        case .last: scope(.navigation(.move(.last)), &state, &out)
        case .activate: scope(.navigation(.activate), &state, &out)
        case .back: scope(.navigation(.back), &state, &out)
        case .repeatLast: scope(.navigation(.announceFocus), &state, &out)
        case .whereAmI: scope(.navigation(.whereAmI), &state, &out)
        case .nextItem(let kind): scope(.navigation(.jump(kind, forward: true)), &state, &out)
        case .previousItem(let kind): scope(.navigation(.jump(kind, forward: false)), &state, &out)
        case .go(let number): scope(.navigation(.go(number)), &state, &out)
        case .find(let text): scope(.navigation(.find(text)), &state, &out)
        case .tab(let tab): scope(.navigation(.tab(tab)), &state, &out)
        case .filter(let name): scope(.navigation(.filter(name)), &state, &out)
        case .help(let topic?): scope(.navigation(.help(topic: topic)), &state, &out)
        // `aide` alone opens the « Aide » screen; `aide COMMANDE` answers in one line.
        case .help(nil): openHelp(&state, &out)
        case .retry: out.append(.loadCatalogue(.retry))
        case .refresh: out.append(.loadCatalogue(.refresh))
        case .quit:
            scope(.terminal(.quit), &state, &out)
        case .askToQuit:
            scope(.terminal(.askToQuit), &state, &out)
        case .morse(let text):
            scope(.morse(.play(text)), &state, &out)
        case .practice(let koch):
            let level = kochLevel(state)
            // Weak symbols among those learnt so far: a beginner is never asked what Koch has not taught.
            let pool = state.settings.kochOrder.symbols(navigator.builder.alphabet).prefix(level).map(\.id)
            out.append(.preparePractice(.listening(koch ? .koch(level: level) : .weakSymbols(pool: pool))))
        case .copyPractice(let kind, let count, let language):
            let fallback = kind == .qso ? CopyKind.defaultQSOCount : CopyKind.defaultCount
            out.append(.preparePractice(.copy(kind, count: count ?? fallback, language: language)))
        case .copyText(let path):
            readCopyText(path, &state, &out)
        case .sendingPractice(let mode):
            out.append(.preparePractice(.sending(mode)))
        case .reflexDrill(let mode):
            out.append(.preparePractice(.reflex(mode)))
        case .set(let name, let value):
            scope(.settings(.set(name: name, value: value)), &state, &out)
        case .showSetting(let name):
            scope(.settings(.show(name: name)), &state, &out)
        case .settingsScreen:
            scope(.settings(.openScreen), &state, &out)
        case .stop:
            out.append(.silence)
            // Written, not spoken nor brailled: the answer to "be quiet" is quiet, but the
            // transcript shows the command was taken.
            out.append(.notice(code: "stop", message: strings(.stopDone)))
            out.announcement.answerPending = false
            scope(.exercise(.running(.stop)), &state, &out)
        case .history:
            openHistory(&state, &out)
        case .status:
            out.append(.queryStatus)
        case .statistics:
            out.append(.loadStatistics)
        case .progress:
            out.append(.loadProgress)
        case .repeatMessage:
            guard let last = out.announcement.lastMessage else {
                out.notice("repeat", strings(.repeatNoMessage))
                return
            }
            if last.isError { out.error(last.code, last.text) } else { out.notice(last.code, last.text) }
        case .review(let unit, let step):
            scope(.review(.review(unit, step)), &state, &out)
        case .spell(let phonetic):
            scope(.review(.spell(phonetic: phonetic)), &state, &out)
        case .describeCharacter:
            scope(.review(.describeCharacter), &state, &out)
        case .readAll:
            // From the focus: the element being read is said, the next step waits for it (or,
            // without a voice, for its time on the display).
            let before = out.effects.count
            scope(.navigation(.announceFocus), &state, &out)
            if let screen = readingPage(state), !display.paces(state.devices) {
                // Beside a screen reader: a screen at a time, printed now.
                readPage(screen, used: screen.rows(of: out.effects.dropFirst(before)), &state, &out)
            } else {
                scope(.display(.startReading), &state, &out)
            }
        }
    }

    func typed(_ line: String, atMs: Double?, _ state: inout ReaderState, _ out: inout Announcer) {
        if state.quitPending {
            scope(.terminal(.answerQuit(line)), &state, &out)
            return
        }
        if state.exercise != nil {
            practiceLine(line, atMs: atMs, &state, &out)
            return
        }
        if state.onTerminal, CommandParser.fold(TextSanitizer.clean(line)) == "q" {
            // The line `q` asks first on a terminal; from a pipe it quits as it always did.
            scope(.terminal(.askToQuit), &state, &out)
            return
        }
        switch parser.parse(line) {
        case .empty: break
        case .command(let command): self.command(command, &state, &out)
        case .failure(let error): out.error("command", navigator.message(for: error))
        }
    }

    /// In practice a line is an answer ("a" is the letter A), except the few whole words a
    /// user needs there: « quitter » leaves the reader, « stop » ends practice, « où » says the
    /// question, the score and the Koch lesson, « aide » says what to do, « répéter message »
    /// says the last verdict again.
    private func practiceLine(_ line: String, atMs: Double?, _ state: inout ReaderState, _ out: inout Announcer) {
        let clean = TextSanitizer.clean(line).trimmingCharacters(in: .whitespaces)
        if clean.count > 1, case .command(let command) = parser.parse(clean) {
            switch command {
            case .quit:
                scope(.terminal(.quit), &state, &out)
                return
            case .stop:
                self.command(.stop, &state, &out)
                return
            case .whereAmI:
                scope(.exercise(.running(.whereAmI)), &state, &out)
                return
            case .help:
                scope(.exercise(.running(.help)), &state, &out)
                return
            case .repeatMessage:
                self.command(.repeatMessage, &state, &out)
                return
            case .next, .previous, .first, .last, .activate, .back, .repeatLast, .tab, .filter, .retry, .refresh,
                 .morse, .practice, .copyPractice, .set, .showSetting, .settingsScreen, .history, .status,
                 .nextItem, .previousItem, .go, .find, .readAll, .statistics, .askToQuit, .review, .spell,
                 .describeCharacter, .sendingPractice, .progress, .copyText, .reflexDrill:
                break // any other word is an answer: a copy may be any word
            }
        }
        scope(.exercise(.running(.answer(clean, atMs: atMs))), &state, &out)
    }

    /// Single-key mode: every key silences speech first, then does what the key table says; a
    /// pending « Quitter Lecteur ? » takes the key as its answer.
    private func key(_ key: Key, _ state: inout ReaderState, _ out: inout Announcer) {
        out.append(.silence)
        if state.quitPending {
            if case .character(let character) = key {
                scope(.terminal(.answerQuit(String(character))), &state, &out)
            } else {
                scope(.terminal(.answerQuit("")), &state, &out)
            }
            return
        }
        switch KeyTable.binding(for: key) {
        case .command(let command)?: self.command(command, &state, &out)
        case .search?: scope(.terminal(.prompt(.search)), &state, &out)
        case .commandLine?: scope(.terminal(.prompt(.commandLine)), &state, &out)
        case nil: break
        }
    }
}

extension Action {
    /// Typed or pressed by the user: the answer interrupts what is playing.
    var isTheUsers: Bool {
        switch self {
        case .timedLine, .command, .displayKey, .key, .timedKey, .brailleTyped, .promptCancelled: true
        case .start, .displayPanned, .timer, .catalogue, .device, .storageFailed, .statusReported, .settingsRead,
             .deviceConfigured, .practiceSeeded, .questionSounded, .questionHeard, .correctionHeard, .spoken, .stored,
             .attachTerminal, .typed, .completion, .statisticsReady, .brailleBackTranslated, .displayAdvanced,
             .keyboardProtocol, .screenReader, .progressReady, .copyTextRead: false
        // A piped line becomes the user's when it is applied, as `.timedLine`.
        case .keyerClock, .piped, .settled: false
        }
    }
}

extension Reader {
    /// How long the end waits for the goodbye to be read on the display: nil (no display
    /// connected, or its end at once). A display only wanted (`--braille auto`) that never
    /// answered holds nothing: the shell came back 4.0 s late for a display that was not there.
    func goodbyeHold(_ state: ReaderState) -> Double? {
        state.devices.displayConnected ? state.settings.brailleMessageSeconds : nil
    }

    /// The Koch level practice starts at: the one stored, within the order's bounds.
    func kochLevel(_ state: ReaderState) -> Int {
        KochLesson.clamped(state.settings.kochLevel, navigator.builder.alphabet, order: state.settings.kochOrder)
    }
}
