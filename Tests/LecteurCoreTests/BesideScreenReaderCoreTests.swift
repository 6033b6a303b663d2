// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 35, item 4, the reader's part: beside a screen reader on a terminal the voice says
/// nothing the screen reader reads; while the terminal is not focused, a background event's
/// notice is said at the `background` priority; each switch is said once.
@Suite struct BesideScreenReaderCoreTests {
    static let lost = "Le son est coupé : le serveur de son ne répond plus. Le texte reste affiché ; le lecteur rétablit le son dès que le serveur revient."

    /// On a terminal, with `reader` found at start and speech-dispatcher as the voice.
    static func beside(_ reader: ScreenReader? = .orca, sharesQueue: Bool = true, onTerminal: Bool = true) -> ReaderTestStore {
        var state = Fixture.loadedState()
        // The load's count has had its time on the display.
        state.display = DisplayState()
        var store = ReaderTestStore(state: state)
        if onTerminal { store.send(.attachTerminal(inputMode: nil), []) { $0.onTerminal = true } }
        store.send(.screenReader(.found(reader, voiceSharesQueue: sharesQueue)), []) {
            $0.beside.reader = reader
            $0.beside.voiceSharesQueue = sharesQueue
        }
        return store
    }

    /// `effects` beside a screen reader: each utterance's printed line stays (`.print`, for the
    /// text transcript the screen reader reads), none is spoken.
    static func printedNotSpoken(_ effects: [Effect]) -> [Effect] {
        effects.compactMap { effect in
            guard case .speak(let utterance) = effect else { return effect }
            return utterance.printed.map(Effect.print)
        }
    }

    @Test func focusedBesideOrcaNothingIsSpokenAndEverythingIsPrinted() {
        var store = Self.beside()
        store.send(.device(.audioLost), Self.printedNotSpoken(store.said("audio.lost", Self.lost, .notice)) + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)],
                   state: ReaderTestStore.remembered("audio.lost", Self.lost, token: 1))
        // The user's command: its answer is printed (focus, braille) and not spoken.
        var alone = ReaderTestStore(state: store.state)
        alone.state.beside = BesideScreenReader()
        let answer = alone.reader.reduce(&alone.state, .command(.next))
        #expect(answer.contains { if case .speak = $0 { true } else { false } }, "away from a screen reader it speaks")
        let (after, beside) = (alone.state, store.state.beside)
        // The answer's line, with its role word and position, is printed for the screen reader.
        let printed = Self.printedNotSpoken(answer).compactMap { if case .print(let line) = $0 { line } else { nil } }
        #expect(printed == ["Accessibilité, non sélectionné, bouton, filtre 2 sur 7"], "\(answer)")
        store.send(.command(.next), Self.printedNotSpoken(answer)) { $0 = after; $0.beside = beside }
    }

    @Test func unfocusedBackgroundNoticesAreSaidAtBackgroundPriorityNotTheUsersAnswers() {
        var store = Self.beside()
        store.send(.screenReader(.terminalFocus(focused: false)), []) { $0.beside.terminalFocused = false }
        store.send(.device(.audioLost), [.notice(code: "audio.lost", message: Self.lost),
                                         .speak(Utterance(text: store.reader.navigator.spoken(Self.lost), interrupt: false, priority: .background)),
                                         .braille(BrailleLine(text: Self.lost, cursor: 0, kind: .message)),
                                         .schedule(.brailleMessage(token: 1), afterSeconds: 4)],
                   state: ReaderTestStore.remembered("audio.lost", Self.lost, token: 1))
        // A command typed meanwhile is still the screen reader's to read (the terminal prints it).
        var alone = ReaderTestStore(state: store.state)
        alone.state.beside = BesideScreenReader()
        let answer = alone.reader.reduce(&alone.state, .command(.whereAmI))
        let (after, beside) = (alone.state, store.state.beside)
        store.send(.command(.whereAmI), Self.printedNotSpoken(answer)) { $0 = after; $0.beside = beside }
        store.send(.screenReader(.terminalFocus(focused: true)), []) { $0.beside.terminalFocused = true }
    }

    @Test func withoutSpeechDispatcherNothingIsSaidEvenUnfocused() {
        var store = Self.beside(sharesQueue: false)
        store.send(.screenReader(.terminalFocus(focused: false)), []) { $0.beside.terminalFocused = false }
        store.send(.device(.audioLost), Self.printedNotSpoken(store.said("audio.lost", Self.lost, .notice)) + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)],
                   state: ReaderTestStore.remembered("audio.lost", Self.lost, token: 1))
    }

    @Test func fromAPipeTheReaderSpeaksAsBefore() {
        var store = Self.beside(onTerminal: false)
        store.send(.device(.audioLost), store.said("audio.lost", Self.lost, .notice) + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)],
                   state: ReaderTestStore.remembered("audio.lost", Self.lost, token: 1))
    }

    @Test func eachSwitchIsSaidOnceAndTheVoiceComesBack() {
        var store = Self.beside(nil)
        let started = "Orca a démarré : Lecteur écrit tout et ne parle plus."
        // Issue 45: the voice keeps out of Orca's way at once, but its start is said with the
        // answer to the user's next key or line: printed at once, it came while Orca was still
        // starting and nobody heard it.
        store.send(.screenReader(.observed(ScreenReaderSignals(orcaProcess: true))), []) {
            $0.beside.reader = .orca
            $0.beside.startUnsaid = .orca
        }
        store.send(.screenReader(.observed(ScreenReaderSignals(orcaProcess: true))), [])
        store.send(.timedLine("", atMs: 0), Self.printedNotSpoken(store.said("screenreader.started", started, .notice)) + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)]) {
            $0.beside.startUnsaid = nil
            ReaderTestStore.remembered("screenreader.started", started, token: 1)(&$0)
        }
        let stopped = "Orca s'est arrêté : Lecteur parle de nouveau."
        store.send(.screenReader(.observed(ScreenReaderSignals())), store.saidBehind("screenreader.stopped", stopped, .notice)) {
            $0.beside.reader = nil
            ReaderTestStore.rememberedBehind("screenreader.stopped", stopped)(&$0)
        }
        store.send(.screenReader(.observed(ScreenReaderSignals())), [])
    }

    /// The watch reports what it read; the core decides which screen reader speaks, and says
    /// nothing when that has not changed.
    @Test func aReadingThatChangesNoScreenReaderIsNotSaid() {
        var store = Self.beside(.orca)
        // The watch's first reading repeats what start-up found.
        store.send(.screenReader(.observed(ScreenReaderSignals(orcaProcess: true))), [])
        // Speakup loaded while Orca runs: Orca still speaks here.
        store.send(.screenReader(.observed(ScreenReaderSignals(orcaProcess: true, speakupSynth: true))), [])
        // Orca gone, Speakup left: the switch is to Speakup, said once.
        let started = "Speakup a démarré : Lecteur écrit tout et ne parle plus."
        store.send(.screenReader(.observed(ScreenReaderSignals(speakupSynth: true))), []) {
            $0.beside.reader = .speakup
            $0.beside.startUnsaid = .speakup
        }
        store.send(.timedLine("", atMs: 0), Self.printedNotSpoken(store.said("screenreader.started", started, .notice)) + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)]) {
            $0.beside.startUnsaid = nil
            ReaderTestStore.remembered("screenreader.started", started, token: 1)(&$0)
        }
    }

    /// Issue 45, item 5: beside a screen reader on a terminal the start prints the first element
    /// alone; the catalogue's count and the notice come `startupRestAfterSeconds` later (Orca
    /// read the three lines, printed in one burst, as one utterance: « …filtre 1 sur 7 14
    /// formations chargées »), or before the answer to the user's first line if it comes sooner.
    static func startingBesideOrca() -> (ReaderTestStore, element: [Effect]) {
        var state = ReaderState()
        state.startupNotices = [.screenReaderSharesSpeechd(.orca)]
        var store = ReaderTestStore(state: state)
        store.send(.attachTerminal(inputMode: nil), []) { $0.onTerminal = true }
        store.send(.screenReader(.found(.orca, voiceSharesQueue: true)), []) {
            $0.beside.reader = .orca
            $0.beside.voiceSharesQueue = true
        }
        let start = store.reader.reduce(&store.state, .start)
        #expect(start == [.loadCatalogue(.initial)], "nothing printed before the first element: \(start)")
        let loaded = store.reader.reduce(&store.state, .catalogue(.loaded(Fixture.builtIn, warnings: [], origin: .live)))
        return (store, loaded)
    }

    static let count = "14 formations chargées."
    static let notice = "Orca lit ce terminal, Lecteur écrit sans parler. Tapez aide pour les commandes."

    @Test func startBesideOrcaPrintsTheFirstElementAloneThenTheRestAfterItsPause() {
        var (store, loaded) = Self.startingBesideOrca()
        #expect(loaded.focused?.id == "chip.all", "\(loaded)")
        #expect(loaded.notices.isEmpty, "only the element: \(loaded)")
        let printed = loaded.compactMap { if case .print(let line) = $0 { line } else { nil } }
        #expect(printed == ["Toutes, sélectionné, bouton, filtre 1 sur 7"], "\(loaded)")
        #expect(loaded.last == .schedule(.startupRest, afterSeconds: BesideScreenReader.startupRestAfterSeconds), "\(loaded)")
        #expect(BesideScreenReader.startupRestAfterSeconds >= 0.5)
        let rest = store.reader.reduce(&store.state, .timer(.startupRest))
        #expect(rest.notices == [Self.count, Self.notice], "\(rest)")
        #expect(!rest.contains { if case .speak = $0 { true } else { false } }, "printed, not spoken: \(rest)")
        #expect(store.state.startupRestHeld.isEmpty)
        // Said once: the user's first line afterwards says only its answer.
        let line = store.reader.reduce(&store.state, .timedLine("où", atMs: 0))
        #expect(!line.notices.contains(Self.count) && !line.notices.contains(Self.notice), "\(line)")
    }

    @Test func aLineBeforeThePauseGetsTheRestBeforeItsAnswer() throws {
        var (store, _) = Self.startingBesideOrca()
        let line = store.reader.reduce(&store.state, .timedLine("suivant", atMs: 0))
        #expect(Array(line.notices.prefix(2)) == [Self.count, Self.notice], "\(line)")
        #expect(line.contains(.cancelTimer(.startupRest)), "\(line)")
        let answer = try #require(line.firstIndex { if case .focus = $0 { true } else { false } }, "the answer: \(line)")
        let notice = try #require(line.firstIndex { if case .notice(_, let m, _, _) = $0 { m == Self.notice } else { false } })
        #expect(notice < answer, "\(line)")
        // A timer that rang anyway prints nothing again.
        #expect(store.reader.reduce(&store.state, .timer(.startupRest)).notices.isEmpty)
    }

    @Test func orcaFirstThenTheConsoleReaders() {
        #expect(ScreenReaderSignals().screenReader == nil)
        #expect(ScreenReaderSignals(orcaProcess: true, speakupSynth: true, brlttySpeech: true).screenReader == .orca)
        #expect(ScreenReaderSignals(speakupSynth: true, brlttySpeech: true).screenReader == .speakup)
        #expect(ScreenReaderSignals(brlttySpeech: true).screenReader == .brltty)
    }

    @Test func theStartupNoticeSaysWhatTheReaderDoesOnATerminal() {
        #expect(StartupProblem.screenReaderSharesSpeechd(.orca).message(Fixture.fr, onTerminal: true)
            == "Orca lit ce terminal, Lecteur écrit sans parler. Tapez aide pour les commandes.")
        #expect(StartupProblem.screenReaderSharesSpeechd(.orca).message(Fixture.fr).hasPrefix("Orca est actif : Lecteur parle par speech-dispatcher"))
    }
}
