// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The whole reader as one reducer: state + action → new state + effects. Its children are the
/// stored properties below, each in its feature's folder (`Features/<Name>/`): navigation
/// (`Navigator`), the catalogue, the devices, the braille display's messages and reading
/// (`DisplayReducer`), the line typed on the display, the lists (aide, historique, statistiques),
/// settings, Morse playing, review, the terminal, the exercise that runs (listening, copying,
/// sending or reflex, through `ExerciseReducer`) and the screen reader beside, whose `voice` is the
/// last decision. Every child speaks through the `Announcer` it is handed, which applies the
/// announcement policy and keeps the effects in order, so every word said and every line brailled
/// comes from this one reduction; the root scopes the slices and takes the steps that cross them.
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
                sampleRate: Int = MorseRenderer.defaultSampleRate, qsoMaterial: [QSOLanguage: QSOMaterial] = [:]) {
        navigator = Navigator(strings: strings, timeZone: timeZone, alphabet: alphabet, parser: parser,
                              pronunciation: pronunciation)
        morse = MorseReducer(strings: strings, alphabet: alphabet, sampleRate: sampleRate)
        exercises = ExerciseReducer(strings: strings, alphabet: alphabet, morse: morse, qsoMaterial: qsoMaterial)
        settings = SettingsReducer(strings: strings)
        let symbols = pronunciation?.lexicon.symbols ?? [:]
        review = ReviewReducer(strings: strings, namer: CharacterNamer(lexicon: characters, symbols: symbols))
        punctuation = PunctuationReader(characters: characters, symbols: symbols,
                                        abbreviations: pronunciation?.lexicon.abbreviations.keys.map { $0 } ?? [])
        terminal = TerminalReducer(strings: strings)
        brailleInput = BrailleInputReducer(strings: strings, navigator: navigator, terminal: terminal)
        display = DisplayReducer(strings: strings)
        lists = ListScreenReducer(strings: strings)
        catalogue = CatalogueReducer(strings: strings, timeZone: timeZone)
        devices = DeviceReducer(strings: strings)
        screenReader = ScreenReaderReducer(strings: strings)
        presenter = AnnouncementPresenter(strings: strings)
    }

    public func reduce(_ state: inout ReaderState, _ action: Action) -> [Effect] {
        let effects = decide(&state, action)
        // Beside a screen reader the voice is the last decision: what would be said is known.
        return screenReader.voice(effects, background: action.isBackground, state.beside, onTerminal: state.onTerminal)
    }

    private func decide(_ state: inout ReaderState, _ action: Action) -> [Effect] {
        if state.closing {
            // The goodbye is on the display: its time, or any key, a typed cell or a line (Ctrl-D
            // too), ends the program at once; nothing else is said or shown over it.
            switch action {
            case .timer(.quit): return [.quit]
            case .timedKey(let key, _) where key.isRelease: return [] // the release of the key that quit
            case .displayPanned(let text, let cells, let cursor, let kind):
                return [.braillePanned(text: text, cells: cells, cursor: cursor, kind: kind)]
            default: return action.isTheUsers ? [.quit] : []
            }
        }
        if case .timedKey(let key, let atMs) = action, key.isRelease || keysMorse(key, state) {
            // Keying Morse: the question and the last verdict stay on the display meanwhile. A
            // key let go does nothing else (it must not silence what a press started).
            var out = Announcer(presenter: presenter, pronunciation: navigator.pronunciation, punctuation: punctuation,
                                punctuationLevel: state.settings.punctuation)
            if keysMorse(key, state) { exercise(.key(key, atMs: atMs), &state, &out) }
            finishDisplay(byUser: false, &state, &out)
            return out.effects
        }
        if case .keyerClock(let atMs) = action {
            // The keyer keying on its own clock is keying too: nothing else moves meanwhile.
            var out = Announcer(presenter: presenter, pronunciation: navigator.pronunciation, punctuation: punctuation,
                                punctuationLevel: state.settings.punctuation)
            exercise(.keyerClock(atMs: atMs), &state, &out)
            finishDisplay(byUser: false, &state, &out)
            return out.effects
        }
        let byUser = action.isTheUsers
        // A message still being read holds what the reader shows on its own; a countdown (the
        // last thing said was progress) is replaced by what follows it.
        let displayBusy = !byUser && state.display.message != nil && !state.announcement.lastWasProgress
        var out = Announcer(presenter: presenter, pronunciation: navigator.pronunciation, punctuation: punctuation,
                            punctuationLevel: state.settings.punctuation, holdFocus: displayBusy,
                            answering: byUser || state.announcement.answerPending, opensScreens: state.exercise == nil,
                            displayColumns: state.devices.displayColumns, cells: brailleCells)
        if byUser {
            state.announcement.answerPending = true
            // Any key or command stops a reading in progress, the focus staying where it is;
            // only the display's panning key skips ahead in a reading without a voice.
            state.display.readAll = nil
            if action != .displayKey(.panForward) { state.display.reading = nil }
        }

        switch action {
        case .start:
            // At most two lines before the first element (issue 35): beside a screen reader,
            // which reads every line aloud, the welcome ends its notice instead of following it
            // (measured with Orca 43: notice, welcome and catalogue were three lines to wait through).
            let besideOnTerminal = state.onTerminal && state.startupNotices.contains(where: \.isScreenReader)
            for problem in state.startupNotices {
                var message = problem.message(strings, onTerminal: state.onTerminal)
                if besideOnTerminal, problem.isScreenReader { message += " " + strings(.appWelcome) }
                out.notice("startup", message, kind: .notice, &state.announcement)
            }
            state.startupNotices = []
            if !besideOnTerminal { terminal.welcome(onTerminal: state.onTerminal, &state.announcement, &out) }
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
                if display.showNext(question: waitingQuestion(state), &state.display, state.settings, &out) { focusBack(state, &out) }
                state.announcement.answerPending = false
                return out.effects
            }
            let command: Command
            switch intent {
            case .next: command = .next
            case .previous: command = .previous
            case .panForward:
                guard state.display.reading == nil else {
                    readNextOnDisplay(&state, &out)
                    finishDisplay(byUser: byUser, &state, &out)
                    return out.effects
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
                guard !navigator.focusActs(state.navigationContext, state.navigation), let target = navigator.reviewTarget(state.navigationContext, state.navigation) else {
                    command = .activate
                    break
                }
                review.route(toLineCharacter: character, target: target, &state.navigation, &state.announcement, &out)
                finishDisplay(byUser: byUser, &state, &out)
                if !out.awaitsResult { state.announcement.answerPending = false }
                return out.effects
            }
            self.command(command, &state, &out)
        case .displayPanned(let text, let cells, let cursor, let kind):
            out.append(.braillePanned(text: text, cells: cells, cursor: cursor, kind: kind))
            display.panned(kind, state.display, state.settings, &out)
        case .displayAdvanced(let moved):
            if display.advanced(moved: moved, state.display, state.settings, &out) { readNextOnDisplay(&state, &out) }
        case .timer(.brailleMessage(let token)):
            if display.messageTimeUp(token: token, question: waitingQuestion(state), &state.display, state.settings, &out) {
                focusBack(state, &out)
            }
        case .timer(.readAllWindow(let token)):
            display.windowTimeUp(token: token, state.display, state.settings, &out)
        case .timer(.catalogueStillLoading):
            catalogue.stillLoadingRang(&state.catalogue, &state.announcement, &out)
        case .catalogue(let event):
            catalogueEvent(event, &state, &out)
        case .device(let event):
            devices.reduce(event, &state.devices, &state.announcement, &out)
        case .storageFailed(let fault):
            devices.storageFailed(fault, &state.announcement, &out)
        case .statusReported(let status):
            out.say(Announcement(.answer, status.message(strings), record: .status(status)), &state.announcement)
        case .settingsRead(let readings):
            settingsRead(readings, &state, &out)
        case .deviceConfigured(let key, let result):
            settings.deviceConfigured(key, result, &state.announcement, &out)
        case .practiceReady(let mode, let seed, let history):
            exercise(.start(.listening(mode, seed: seed, history: history)), &state, &out)
        case .copyReady(let kind, let count, let seed, let kochLevel, let language):
            exercise(.start(.copying(kind, count: count, seed: seed, kochLevel: kochLevel, language: language)), &state, &out)
        case .questionSounded(let question, let endsAtMs, let askedAtMs):
            exercise(.sounded(question: question, endsAtMs: endsAtMs, askedAtMs: askedAtMs), &state, &out)
        case .progressUpdated(let progress):
            state.morseProgress = progress
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
            terminal.attach(inputMode: inputMode, &state.onTerminal, &state.settings)
        case .typed(let character, let word):
            terminal.typed(character, word: word, echo: state.settings.typingEcho, &state.display, &state.announcement, &out)
        case .key(let key), .timedKey(let key, _):
            self.key(key, &state, &out)
        case .sendingReady(let mode, let seed, let kochLevel):
            exercise(.start(.sending(mode, seed: seed, kochLevel: kochLevel)), &state, &out)
        case .reflexReady(let mode, let seed, let kochLevel, let storedTimes):
            exercise(.start(.reflex(mode, seed: seed, kochLevel: kochLevel, storedTimes: storedTimes)), &state, &out)
        case .timer(.reflex(let question)):
            exercise(.reflexClock(question: question), &state, &out)
        case .keyboardProtocol(let answered):
            state.devices.keyReleases = answered
        case .screenReader(let event):
            screenReader.reduce(event, &state.beside, hasVoice: state.devices.hasVoice, &state.announcement, &out)
        case .timer(.screenReaderSwitch):
            screenReader.switchTimeUp(state.beside, hasVoice: state.devices.hasVoice, &state.announcement, &out)
        case .timer(.sendingSilence):
            exercise(.silence, &state, &out)
        case .keyerClock:
            break // taken above, as keying
        case .timer(.quit):
            break // taken above, while closing
        case .timer(.keyer):
            break // the runtime answers this timer with `.keyerClock`, which says when it rang
        case .completion(let candidates):
            terminal.completion(candidates, &state.announcement, &out)
        case .promptCancelled(let kind):
            terminal.promptCancelled(kind, &state.announcement, &out)
        case .brailleTyped(let input, let atMs):
            let request = brailleInput.typed(input, question: waitingQuestion(state), state.navigationContext, state.navigation,
                                             &state.brailleInput, &state.display, &state.announcement, &out)
            brailleRequest(request, atMs: atMs, &state, &out)
        case .brailleBackTranslated(let cells, let text):
            brailleInput.backTranslated(cells, text: text, echo: state.settings.typingEcho, &state.brailleInput, &state.display,
                                        &state.announcement, &out)
        }

        if let long = out.longAnswer { openLongAnswer(long, &state, &out) }
        finishDisplay(byUser: byUser, &state, &out)
        if byUser && !out.awaitsResult { state.announcement.answerPending = false }
        return out.effects
    }


    private func command(_ command: Command, _ state: inout ReaderState, _ out: inout Announcer) {
        switch command {
        case .next: navigator.move(.next, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .previous: navigator.move(.previous, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .first: navigator.move(.first, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .last: navigator.move(.last, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .activate: delegated(navigator.activateFocus(state.navigationContext, &state.navigation, &state.announcement, &out), &state, &out)
        case .back: navigator.goBack(state.navigationContext, &state.navigation, &state.announcement, &out)
        case .repeatLast: navigator.announceFocus(state.navigationContext, &state.navigation, &state.announcement, &out)
        case .whereAmI: navigator.sayWhereAmI(state.navigationContext, &state.navigation, &state.announcement, &out)
        case .nextItem(let kind): navigator.jump(kind, forward: true, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .previousItem(let kind): navigator.jump(kind, forward: false, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .go(let number): navigator.go(number, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .find(let text): navigator.find(text, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .tab(let tab): navigator.switchTab(to: tab, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .filter(let name): navigator.applyFilter(named: name, state.navigationContext, &state.navigation, &state.announcement, &out)
        case .help(let topic?): navigator.help(topic, state.navigationContext, &state.navigation, &state.announcement, &out)
        // `aide` alone opens the « Aide » screen; `aide COMMANDE` answers in one line.
        case .help(nil): openHelp(&state, &out)
        case .retry: out.append(.loadCatalogue(.retry))
        case .refresh: out.append(.loadCatalogue(.refresh))
        case .quit:
            terminal.quit(onTerminal: state.onTerminal, holdFor: goodbyeHold(state), &state.quitPending, &state.closing, &state.announcement, &out)
        case .askToQuit:
            terminal.askToQuit(&state.quitPending, &state.announcement, &out)
        case .morse(let text):
            morse.play(text, settings: state.settings.morse, &state.announcement, &out)
        case .practice(let koch):
            let level = kochLevel(state)
            // Weak symbols among those learnt so far: a beginner is never asked what Koch has not taught.
            let pool = state.settings.kochOrder.symbols(navigator.builder.alphabet).prefix(level).map(\.id)
            out.append(.preparePractice(.listening(koch ? .koch(level: level) : .weakSymbols(pool: pool))))
        case .copyPractice(let kind, let count, let language):
            let fallback = kind == .qso ? CopyKind.defaultQSOCount : CopyKind.defaultCount
            out.append(.preparePractice(.copy(kind, count: count ?? fallback, kochLevel: kochLevel(state), language: language)))
        case .copyText(let path):
            readCopyText(path, &state, &out)
        case .sendingPractice(let mode):
            out.append(.preparePractice(.sending(mode, kochLevel: kochLevel(state))))
        case .reflexDrill(let mode):
            out.append(.preparePractice(.reflex(mode, kochLevel: kochLevel(state))))
        case .set(let name, let value):
            settings.set(name: name, value: value, onTerminal: state.onTerminal, &state.settings, &state.announcement, &out)
        case .showSetting(let name):
            settings.show(name: name, state.settings, &state.devices, &state.announcement, &out)
        case .settingsScreen:
            settings.openScreen(&state.devices, &out)
        case .stop:
            out.append(.silence)
            // Written, not spoken nor brailled: the answer to "be quiet" is quiet, but the
            // transcript shows the command was taken.
            out.append(.notice(code: "stop", message: strings(.stopDone)))
            state.announcement.answerPending = false
            exercise(.running(.stop), &state, &out)
        case .history:
            openHistory(&state, &out)
        case .status:
            out.append(.queryStatus)
        case .statistics:
            out.append(.loadStatistics)
        case .progress:
            out.append(.loadProgress)
        case .repeatMessage:
            guard let last = state.announcement.lastMessage else {
                out.notice("repeat", strings(.repeatNoMessage), &state.announcement)
                return
            }
            if last.isError { out.error(last.code, last.text, &state.announcement) } else { out.notice(last.code, last.text, &state.announcement) }
        case .review(let unit, let step):
            review.handle(.review(unit, step), target: navigator.reviewTarget(state.navigationContext, state.navigation),
                          spellingAlphabet: state.settings.spellingAlphabet, &state.navigation, &state.announcement, &out)
        case .spell(let phonetic):
            review.handle(.spell(phonetic: phonetic), target: navigator.reviewTarget(state.navigationContext, state.navigation),
                          spellingAlphabet: state.settings.spellingAlphabet, &state.navigation, &state.announcement, &out)
        case .describeCharacter:
            review.handle(.describeCharacter, target: navigator.reviewTarget(state.navigationContext, state.navigation),
                          spellingAlphabet: state.settings.spellingAlphabet, &state.navigation, &state.announcement, &out)
        case .readAll:
            // From the focus: the element being read is said, the next step waits for it (or,
            // without a voice, for its time on the display).
            navigator.announceFocus(state.navigationContext, &state.navigation, &state.announcement, &out)
            if display.paces(state.devices) {
                display.startReading(&state.display, state.settings, &out)
            } else {
                display.continueReading(&state.display, &out)
            }
        }
    }

    private func typed(_ line: String, atMs: Double?, _ state: inout ReaderState, _ out: inout Announcer) {
        if state.quitPending {
            terminal.answerQuit(line, onTerminal: state.onTerminal, holdFor: goodbyeHold(state), &state.quitPending, &state.closing,
                                  &state.announcement, &out)
            return
        }
        if state.exercise != nil {
            practiceLine(line, atMs: atMs, &state, &out)
            return
        }
        if state.onTerminal, CommandParser.fold(TextSanitizer.clean(line)) == "q" {
            // The line `q` asks first on a terminal; from a pipe it quits as it always did.
            terminal.askToQuit(&state.quitPending, &state.announcement, &out)
            return
        }
        switch parser.parse(line) {
        case .empty: break
        case .command(let command): self.command(command, &state, &out)
        case .failure(let error): out.error("command", navigator.message(for: error), &state.announcement)
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
                terminal.quit(onTerminal: state.onTerminal, holdFor: goodbyeHold(state), &state.quitPending, &state.closing, &state.announcement, &out)
                return
            case .stop:
                self.command(.stop, &state, &out)
                return
            case .whereAmI:
                exercise(.running(.whereAmI), &state, &out)
                return
            case .help:
                exercise(.running(.help), &state, &out)
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
        exercise(.running(.answer(clean, atMs: atMs)), &state, &out)
    }

    /// Single-key mode: every key silences speech first, then does what the key table says; a
    /// pending « Quitter Lecteur ? » takes the key as its answer.
    private func key(_ key: Key, _ state: inout ReaderState, _ out: inout Announcer) {
        out.append(.silence)
        if state.quitPending {
            if case .character(let character) = key {
                terminal.answerQuit(String(character), onTerminal: state.onTerminal, holdFor: goodbyeHold(state), &state.quitPending, &state.closing,
                                  &state.announcement, &out)
            } else {
                terminal.answerQuit("", onTerminal: state.onTerminal, holdFor: goodbyeHold(state), &state.quitPending, &state.closing,
                                  &state.announcement, &out)
            }
            return
        }
        switch KeyTable.binding(for: key) {
        case .command(let command)?: self.command(command, &state, &out)
        case .search?: terminal.prompt(.search, &state.announcement, &out)
        case .commandLine?: terminal.prompt(.commandLine, &state.announcement, &out)
        case nil: break
        }
    }

    /// A line typed on the display runs as a typed line; what it writes replaces the typed
    /// line on the display, or the focus comes back.
    private func brailleRequest(_ request: BrailleInputReducer.Request?, atMs: Double?, _ state: inout ReaderState,
                                _ out: inout Announcer) {
        switch request {
        case .line(let line)?: typed(line, atMs: atMs, &state, &out)
        case .emptyLine? where exercises.waitsForALine(state.exercise): typed("", atMs: atMs, &state, &out)
        case .emptyLine?: self.command(.activate, &state, &out)
        case .command(let command)?: self.command(command, &state, &out)
        case nil: return
        }
        if !out.wroteBraille, !out.awaitsResult, let line = navigator.focusLine(state.navigationContext, state.navigation) {
            out.showInput(line)
        }
    }

    private func delegated(_ request: Navigator.Delegated?, _ state: inout ReaderState, _ out: inout Announcer) {
        switch request {
        case .playSymbol(let symbol)?: morse.play(String(symbol.character), settings: state.settings.morse, &state.announcement, &out)
        case .practise(let id)?: out.append(.preparePractice(.listening(.symbol(id: id))))
        case nil: break
        }
    }

    private func finishDisplay(byUser: Bool, _ state: inout ReaderState, _ out: inout Announcer) {
        if display.finish(byUser: byUser, question: waitingQuestion(state), &state.display, state.settings, &out) {
            focusBack(state, &out)
        }
    }
}

extension Action {
    /// Typed or pressed by the user: the answer interrupts what is playing.
    var isTheUsers: Bool {
        switch self {
        case .timedLine, .command, .displayKey, .key, .timedKey, .brailleTyped, .promptCancelled: true
        case .start, .displayPanned, .timer, .catalogue, .device, .storageFailed, .statusReported, .settingsRead,
             .deviceConfigured, .practiceReady, .questionSounded, .copyReady, .spoken, .progressUpdated,
             .attachTerminal, .typed, .completion, .statisticsReady, .brailleBackTranslated, .displayAdvanced,
             .keyboardProtocol, .sendingReady, .screenReader, .progressReady, .copyTextRead, .reflexReady: false
        case .keyerClock: false
        }
    }
}

extension Reader {
    /// How long the end waits for the goodbye to be read on the display: nil (no display, or
    /// its end at once).
    func goodbyeHold(_ state: ReaderState) -> Double? {
        state.devices.hasDisplay ? state.settings.brailleMessageSeconds : nil
    }

    /// The Koch level practice starts at: the one stored, within the order's bounds.
    func kochLevel(_ state: ReaderState) -> Int {
        KochLesson.clamped(state.settings.kochLevel, navigator.builder.alphabet, order: state.settings.kochOrder)
    }
}
