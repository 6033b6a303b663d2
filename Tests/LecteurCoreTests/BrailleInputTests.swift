// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 24, items 1–2 in the core: a command line typed on the braille display's keyboard,
/// shown as it is typed, run as a typed line; chords for the common commands.
@Suite struct BrailleInputTests {
    static let s: UInt8 = 0b0000_1110, u: UInt8 = 0b0010_0101, dot7: UInt8 = 0x40, dot8: UInt8 = 0x80

    static func input(_ text: String) -> Effect {
        .braille(BrailleLine(text: text, cursor: text.count, kind: .input))
    }

    /// Sends each character as the display's keyboard would (a keysym per character): each
    /// silences speech (no typing echo here) and the line grows on the display after `prompt`,
    /// the cursor after it; a line for a command unless another purpose was asked.
    static func type(_ text: String, _ store: inout ReaderTestStore, after prompt: String = "",
                     sourceLocation: SourceLocation = #_sourceLocation) {
        var typed = store.state.brailleInput.committed
        for character in text {
            typed.append(character)
            store.send(.brailleTyped(.character(character)), [.silence, input(prompt + typed)], sourceLocation: sourceLocation) {
                $0.brailleInput.purpose = $0.brailleInput.purpose ?? .command
                $0.brailleInput.committed = typed
                $0.brailleInput.keyboardUsed = true
                $0.display.message = nil
            }
        }
    }

    @Test func cellsAreTranslatedBackThenShownWithTheCursorAfterThem() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        // A cell asks the device for the word's back-translation; nothing is shown before it.
        store.send(.brailleTyped(.dots(Self.s)), [.backTranslate([Self.s])]) {
            $0.brailleInput.purpose = .command
            $0.brailleInput.cells = [Self.s]
            $0.brailleInput.keyboardUsed = true
            $0.announcement.answerPending = true
            // The typed line will take the place of the load message (the answer shows itself).
            $0.display.message = nil
        }
        store.receive(.brailleBackTranslated(cells: [Self.s], text: "s"), [.silence, Self.input("s")]) {
            $0.brailleInput.translated = .init(cells: [Self.s], text: "s")
            $0.announcement.answerPending = false
        }
        // The whole word is translated again at each cell.
        store.send(.brailleTyped(.dots(Self.u)), [.backTranslate([Self.s, Self.u])]) {
            $0.brailleInput.cells = [Self.s, Self.u]
            $0.announcement.answerPending = true
        }
        store.receive(.brailleBackTranslated(cells: [Self.s, Self.u], text: "su"), [.silence, Self.input("su")]) {
            $0.brailleInput.translated = .init(cells: [Self.s, Self.u], text: "su")
            $0.announcement.answerPending = false
        }
        // The space bar ends the word: its translation joins the line.
        store.send(.brailleTyped(.dots(0)), [.silence, Self.input("su ")]) {
            $0.brailleInput.committed = "su "
            $0.brailleInput.cells = []
            $0.brailleInput.translated = nil
        }
        // An answer for cells no longer typed changes nothing.
        store.send(.brailleBackTranslated(cells: [Self.s], text: "s"), [])
    }

    @Test func enterOrDot8RunsTheLineExactlyAsTypedAndTheFocusComesBack() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        Self.type("suivant", &store)
        // « suivant » moved the focus; the input line is gone, no input line is written.
        let next = "Accessibilité, non sélectionné, bouton, filtre 2 sur 7"
        let moved: (inout ReaderState) -> Void = {
            $0.navigation.focus[.formations] = 1
            $0.announcement.history.append(next)
            $0.brailleInput.purpose = nil
            $0.brailleInput.committed = ""
        }
        store.send(.brailleTyped(.dots(Self.dot8)), [.silence] + store.moved(store.after(moved), 1, saying: next, role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4), state: moved)
        // A line that writes nothing on the display (« stop ») brings the focus line back.
        Self.type("stop", &store)
        store.send(.brailleTyped(.enter), [.silence, .silence, .notice(code: "stop", message: "Silence."), store.focusLine(store.state, 1, shows: "[ ] Accessibilité btn", cursor: 4)]) {
            $0.brailleInput.purpose = nil
            $0.brailleInput.committed = ""
        }
    }

    @Test func backspaceOrDot7ErasesEscapeAbandons() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        Self.type("fx", &store)
        store.send(.brailleTyped(.dots(Self.dot7)), [.silence, Self.input("f")]) { $0.brailleInput.committed = "f" }
        store.send(.brailleTyped(.backspace), [.silence, Self.input("")]) { $0.brailleInput.committed = "" }
        Self.type("filtre", &store)
        // Confirmed on the display as a message (issue 35), printed as said; the focus comes back after it.
        let abandoned = Fixture.fr(.brailleInputAbandoned)
        let token = store.state.display.token + 1
        store.send(.brailleTyped(.escape), [
            .speak(Utterance(text: abandoned, interrupt: true, priority: .answer, printed: abandoned)),
            .braille(BrailleLine(text: abandoned, cursor: 0, kind: .message)),
        ]) {
            $0.display.messageStays = true
            $0.brailleInput.purpose = nil
            $0.brailleInput.committed = ""
            $0.display.message = abandoned
            $0.display.token = token
        }
    }

    /// `suivant` from the first chip: the focus on « Accessibilité », said and remembered.
    static let accessibility = "Accessibilité, non sélectionné, bouton, filtre 2 sur 7"
    static func movedToAccessibility(_ state: inout ReaderState) {
        state.navigation.focus[.formations] = 1
        state.display.message = nil
        state.announcement.history.append(accessibility)
    }

    @Test func withNothingTypedEnterActivatesAndEscapeGoesBack() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let accessibility = Self.accessibility
        let next = Self.movedToAccessibility
        store.send(.command(.next), store.moved(store.after(next), 1, saying: accessibility, role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4), state: next)
        // Enter toggles the chip as RETURN does: the filter is on, and said.
        let selected = "Accessibilité, sélectionné, bouton, filtre 2 sur 7", count = "Accessibilité : 2 formations"
        let filtered: (inout ReaderState) -> Void = {
            $0.navigation.filter = CategoryKey("#4")
            $0.brailleInput.keyboardUsed = true
            $0.announcement.history.append(selected)
            ReaderTestStore.remembered("filter", count, token: 2)(&$0)
        }
        store.send(.brailleTyped(.enter), store.moved(store.after(filtered), 1, saying: selected, role: "bouton", shows: "[x] Accessibilité btn", cursor: 4) + [
            .notice(code: "filter", message: count), .speak(Utterance(text: count, interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: count, cursor: 0, kind: .message)), ], state: { filtered(&$0); $0.display.messageStays = true })
        let symbol = "A, point, trait, pas encore pratiqué, bouton, symbole 1 sur 54. Ouvre la fiche de ce symbole"
        let morse: (inout ReaderState) -> Void = {
            $0.navigation.tab = .morse
            $0.navigation.focus[.morse] = 0
            ReaderTestStore.screenRemembered("Apprendre, 54 symboles", symbol, token: 3)(&$0)
        }
        store.send(.command(.tab(.morse)), store.screenShown("Apprendre, 54 symboles", store.after(morse), saying: symbol, token: 3, role: "bouton"),
                   state: { morse(&$0); $0.display.messageStays = false })
        let opened: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.morse] = [.morse, .symbol(id: "41")]
            $0.navigation.focus[.symbol(id: "41")] = 0
            ReaderTestStore.screenRemembered("Symbole A, 6 éléments", "A, titre", token: 4)(&$0)
        }
        store.send(.command(.activate), store.screenShown("Symbole A, 6 éléments", store.after(opened), saying: "A, titre", token: 4, role: "titre"),
                   state: opened)
        // Escape goes back.
        let back: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.morse] = [.morse]
            $0.display.message = nil
            $0.announcement.history.append(symbol)
        }
        store.send(.brailleTyped(.escape), store.moved(store.after(back), 0, saying: symbol, role: "bouton", shows: "A ⠂⠒ - pas encore pratiqué btn"), state: back)
    }

    @Test func aContractedWordIsSaidWhenItEndsNotCellByCell() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.settings.typingEcho = .characters
        // Two cells of a contracted word; the device's back-translation is given here.
        let ch: UInt8 = 0b0010_1111, er: UInt8 = 0b0011_1011
        store.send(.brailleTyped(.dots(ch)), [.backTranslate([ch])]) {
            $0.brailleInput.purpose = .command
            $0.brailleInput.cells = [ch]
            $0.brailleInput.keyboardUsed = true
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        // Nothing spoken: a word's first cell giving two letters is not spelled out either.
        store.receive(.brailleBackTranslated(cells: [ch], text: "ch"), [.silence, Self.input("ch")]) {
            $0.brailleInput.translated = .init(cells: [ch], text: "ch")
            $0.announcement.answerPending = false
        }
        store.send(.brailleTyped(.dots(er)), [.backTranslate([ch, er])]) {
            $0.brailleInput.cells = [ch, er]
            $0.announcement.answerPending = true
        }
        // A word that grows by two letters is not spelled out.
        store.receive(.brailleBackTranslated(cells: [ch, er], text: "cher"), [.silence, Self.input("cher")]) {
            $0.brailleInput.translated = .init(cells: [ch, er], text: "cher")
            $0.announcement.answerPending = false
        }
        // Characters echo one at a time when they come one at a time.
        store.state.brailleInput.clear()
        store.send(.brailleTyped(.character("a")), [.speak(Utterance(text: "a", interrupt: true, priority: .answer, printed: nil)), Self.input("a")]) {
            $0.brailleInput.purpose = .command
            $0.brailleInput.committed = "a"
        }
        store.state.settings.typingEcho = .words
        store.send(.brailleTyped(.character(" ")), [.speak(Utterance(text: "a", interrupt: true, priority: .answer, printed: nil)), Self.input("a ")]) {
            $0.brailleInput.committed = "a "
        }
    }

    @Test func controlCharactersFromTheDisplayNeverReachTheLine() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.display.message = nil
        // Nothing is typed nor shown; the display's keyboard was used all the same.
        for character: Character in ["\u{07}", "\u{1B}", "\u{202E}", "\n"] {
            store.send(.brailleTyped(.character(character)), []) { $0.brailleInput.keyboardUsed = true }
        }
        store.send(.brailleTyped(.dots(Self.s)), [.backTranslate([Self.s])]) {
            $0.brailleInput.purpose = .command
            $0.brailleInput.cells = [Self.s]
            $0.announcement.answerPending = true
        }
        store.receive(.brailleBackTranslated(cells: [Self.s], text: "s\u{1B}[2J"), [.silence, Self.input("s")]) {
            $0.brailleInput.translated = .init(cells: [Self.s], text: "s")
            $0.announcement.answerPending = false
        }
        #expect(!store.state.brailleInput.text.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func chordsGiveTheCommonCommands() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        // Space with dot 4: next.
        let accessibility = Self.accessibility
        let next: (inout ReaderState) -> Void = {
            Self.movedToAccessibility(&$0)
            $0.brailleInput.keyboardUsed = true
        }
        store.send(.brailleTyped(.chord(0b0000_1000)), store.moved(store.after(next), 1, saying: accessibility, role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4), state: next)
        // Space with dot 1: previous.
        let all = "Toutes, sélectionné, bouton, filtre 1 sur 7"
        let previous: (inout ReaderState) -> Void = { $0.navigation.focus[.formations] = 0; $0.announcement.history.append(all) }
        store.send(.brailleTyped(.chord(0b0000_0001)), store.moved(store.after(previous), 0, saying: all, role: "bouton", shows: "[x] Toutes btn", cursor: 4), state: previous)
        // Space with dots 4-6: the other tab.
        let symbol = "A, point, trait, pas encore pratiqué, bouton, symbole 1 sur 54. Ouvre la fiche de ce symbole"
        let morse: (inout ReaderState) -> Void = {
            $0.navigation.tab = .morse
            $0.navigation.focus[.morse] = 0
            ReaderTestStore.screenRemembered("Apprendre, 54 symboles", symbol, token: 2)(&$0)
        }
        store.send(.brailleTyped(.chord(0b0010_1000)),
                   store.screenShown("Apprendre, 54 symboles", store.after(morse), saying: symbol, token: 2, role: "bouton"), state: morse)
        // Space with dots 1-3: the other tab, backwards.
        let formations: (inout ReaderState) -> Void = {
            $0.navigation.tab = .formations
            ReaderTestStore.screenRemembered("Formations, 14 formations", all, token: 3)(&$0)
        }
        store.send(.brailleTyped(.chord(0b0000_0101)),
                   store.screenShown("Formations, 14 formations", store.after(formations), saying: all, token: 3, role: "bouton"), state: formations)
        let unknown = Fixture.fr(.brailleInputChordUnknown, ["dots": "5, 6"])
        store.send(.brailleTyped(.chord(0b0011_0000)),
                   store.said("braille.chord", unknown, interrupt: true),
                   state: {
            $0.display.messageStays = true
            // Not history: a slip of the fingers.
            $0.announcement.lastMessage = LastMessage(code: "braille.chord", text: unknown, isError: false)
            $0.display.message = unknown
            $0.display.token = 4
        })
        // Space with dots 1-2-5: the « Aide » screen, which lists the chords first once the keyboard is used.
        let entries = Fixture.reader.navigator.helpEntries(store.state.navigationContext)
        let intro = Fixture.fr(.brailleInputChordsIntro)
        let help: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.formations] = [.formations, .help]
            $0.navigation.focus[.help] = 0
            $0.lists.helpEntries = entries
            $0.announcement.history.append(intro)
            $0.display.message = "Aide, \(entries.count) éléments"
            $0.display.token = 5
        }
        store.send(.brailleTyped(.chord(0b0001_0011)),
                   store.screenShown("Aide, \(entries.count) éléments", store.after(help), saying: intro, token: 5, role: nil), state: { help(&$0); $0.display.messageStays = false })
        #expect(store.state.navigation.currentScreenID == .help)
        #expect(store.state.lists.helpEntries.first == Fixture.fr(.brailleInputChordsIntro))
        #expect(store.state.lists.helpEntries.contains(Fixture.fr(.brailleInputChordSearch)))
        let dots = BrailleChords.entries.map(\.dots)
        #expect(Set(dots).count == dots.count, "a chord is bound twice")
    }

    @Test func theSearchChordAsksForTheTextThenSearches() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let prompt = Fixture.fr(.terminalPromptSearch)
        store.send(.brailleTyped(.chord(0b0000_1011)), [
            .speak(Utterance(text: prompt, interrupt: true, priority: .answer, printed: prompt)), Self.input(prompt + " "),
        ]) {
            $0.brailleInput.purpose = .search
            $0.brailleInput.keyboardUsed = true
            $0.display.message = nil
        }
        Self.type("python", &store, after: prompt + " ")
        let python = "Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2490 euros, bouton, formation 4 sur 14. Appuyez pour voir les détails de cette formation"
        let found: (inout ReaderState) -> Void = {
            $0.navigation.focus[.formations] = 11
            $0.announcement.history.append(python)
            $0.navigation.lastSearch = "python"
            $0.brailleInput.purpose = nil
            $0.brailleInput.committed = ""
        }
        store.send(.brailleTyped(.enter), [.silence] + store.moved(store.after(found), 11, saying: python, role: "bouton", shows: "Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2\u{202F}490\u{A0}€ btn"), state: found)
        #expect(store.state.navigation.lastSearch == "python")
    }
}

extension BrailleInputTests {
    /// A practice answer typed on the display is an answer like a typed line, timed to its Enter.
    @Test func aPracticeAnswerTypedOnTheDisplayIsAnsweredAndTimed() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        var twin = PracticeSession(mode: .koch(level: 2), progress: [:], random: SeededRandom(seed: 5))
        _ = twin.start()
        let first = try #require(twin.current)
        let expected = first.character
        let intro = "Entraînement Koch, 2 symboles : K, M. Écoutez, puis tapez le caractère entendu. "
            + "Ligne vide pour réécouter, « stop » pour finir. Encore 20 bonnes réponses pour débloquer U."
        // The load's message is still read: the introduction waits for it.
        store.send(.practiceSeeded(.listening(.koch(level: 2)), seed: 5), [
            .notice(code: "practice", message: intro, braille: "Koch K M ; ligne vide : réécouter, stop : finir."), .speak(Utterance(text: intro, interrupt: false, priority: .answer)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
            .playQuestion(text: String(expected), settings: .default, question: 1),
        ]) {
            $0.exercise = .listening(twin)
            $0.announcement.history.append(intro)
            $0.announcement.lastMessage = LastMessage(code: "practice", text: intro, isError: false)
            $0.display.queued = ["Question 1 (Koch K M ; ligne vide : réécouter, stop : finir.)"]
        }
        twin.sounded(question: 1, endsAtMs: 10_000)
        store.send(.questionSounded(question: 1, endsAtMs: 10_000), []) { $0.exercise = .listening(twin) }
        // The answer typed takes the display from the load's message and the introduction after it.
        store.send(.brailleTyped(.character(expected), atMs: 10_300), [.silence, Self.input(String(expected))]) {
            $0.brailleInput.purpose = .command
            $0.brailleInput.committed = String(expected)
            $0.brailleInput.keyboardUsed = true
            $0.display.message = nil
            $0.display.queued = []
        }
        // Answered right, timed from the question's end to the Enter.
        _ = twin.handle(String(expected), atMs: 10_900)
        let next = try #require(twin.current)
        let verdict = "Juste : \(expected)."
        store.send(.brailleTyped(.dots(0x80), atMs: 10_900), [
            .silence,
            .recordAttempt(PracticeAttempt(symbolID: first.id, correct: true, answer: String(expected), mode: "koch",
                                           typedID: first.id, latencyMs: 900, replays: 0, wpm: 20, kochLevel: 2)),
            .practiceAnswered(PracticeResult(mode: "koch", question: 1, expected: String(expected), answer: String(expected),
                                             correct: true, latencyMs: 900, replays: 0)),
            .notice(code: "practice", message: verdict), .speak(Utterance(text: verdict, interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: "Question 2 (" + verdict + ")", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 2, wpm: 20, toneHz: 600)),
            .playQuestion(text: String(next.character), settings: .default, question: 2),
        ]) {
            $0.exercise = .listening(twin)
            $0.morseProgress = twin.progress
            $0.brailleInput.purpose = nil
            $0.brailleInput.committed = ""
            ReaderTestStore.remembered("practice", verdict, shown: "Question 2 (" + verdict + ")", stays: true, token: 2)(&$0)
        }
    }

    // MARK: Issue 38 item 9 and issue 35 item 8

    /// Dots 2 and 8 together in a 6-dot table: liblouis wrote « \28/ » into the line. The cell
    /// is dropped and said; the line stays as it was.
    @Test func aCellTheTableCannotTranslateNeverPutsEscapeTextInTheLine() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let cell: UInt8 = 0b1000_0010
        store.send(.brailleTyped(.dots(cell)), [.backTranslate([cell])]) {
            $0.brailleInput.purpose = .command
            $0.brailleInput.cells = [cell]
            $0.brailleInput.keyboardUsed = true
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        let said = Fixture.fr(.brailleInputUndefinedCell, ["dots": "2, 8"])
        store.receive(.brailleBackTranslated(cells: [cell], text: "\\28/"),
                   store.said("braille.undefinedCell", said, interrupt: true)) {
            $0.display.messageStays = true
            $0.brailleInput.cells = []
            $0.announcement.answerPending = false
            $0.announcement.lastMessage = LastMessage(code: "braille.undefinedCell", text: said, isError: false)
            $0.display.message = said
            $0.display.token = 2
        }
        #expect(!store.state.brailleInput.text.contains("\\"))
        #expect(BrailleInputReducer.hasUndefinedDots("a\\28/") && !BrailleInputReducer.hasUndefinedDots("a\\b/ \\/"))
    }

    /// 1 000 dot-1 cells a second without a space pinned the CPU: the line stops at its limit,
    /// said once, and what goes past is not added.
    @Test func theTypedLineStopsAtItsLimitSaidOnce() {
        var state = Fixture.loadedState()
        state.brailleInput.purpose = .command
        state.brailleInput.keyboardUsed = true
        state.brailleInput.committed = String(repeating: "a", count: BrailleInputState.maximumCharacters)
        state.display.message = nil
        var store = ReaderTestStore(state: state)
        let full = Fixture.fr(.brailleInputLineFull, ["limit": "1000", "word": "100"])
        store.send(.brailleTyped(.character("b")),
                   store.said("braille.lineFull", full, interrupt: true)) {
            $0.display.messageStays = true
            $0.brailleInput.limitSaid = true
            $0.announcement.lastMessage = LastMessage(code: "braille.lineFull", text: full, isError: false)
            $0.display.message = full
            $0.display.token = 2
        }
        // Said once a line: the next keys add nothing, and show the line back in place of the message.
        let line = Self.input(String(repeating: "a", count: BrailleInputState.maximumCharacters))
        store.send(.brailleTyped(.character("b")), [line]) { $0.display.message = nil }
        store.send(.brailleTyped(.dots(1)), [line])
        #expect(store.state.brailleInput.text.count == BrailleInputState.maximumCharacters)
    }

    /// A word of 100 cells is translated back whole at every cell: the 101st is refused.
    @Test func aWordStopsAtItsCellLimit() {
        var state = Fixture.loadedState()
        state.brailleInput.purpose = .command
        state.brailleInput.keyboardUsed = true
        state.brailleInput.cells = Array(repeating: 1, count: BrailleInputState.maximumWordCells)
        state.display.message = nil
        var store = ReaderTestStore(state: state)
        let full = Fixture.fr(.brailleInputLineFull, ["limit": "1000", "word": "100"])
        store.send(.brailleTyped(.dots(1)),
                   store.said("braille.lineFull", full, interrupt: true)) {
            $0.display.messageStays = true
            $0.brailleInput.limitSaid = true
            $0.announcement.lastMessage = LastMessage(code: "braille.lineFull", text: full, isError: false)
            $0.display.message = full
            $0.display.token = 2
        }
        #expect(store.state.brailleInput.cells.count == BrailleInputState.maximumWordCells)
    }
    /// In abrégé « ⠟⠋ » is « quelquefois »: counted by cells, a line of such words passed the
    /// 1 000 characters (1 008 through the binary). The cell whose translation does not fit is
    /// refused and the limit said, the word left as it was.
    @Test func aContractedWordThatWouldPassTheLineLimitIsRefused() {
        let que: UInt8 = 0x1F, fois: UInt8 = 0x0B
        var state = Fixture.loadedState()
        state.brailleInput.purpose = .command
        state.brailleInput.keyboardUsed = true
        state.brailleInput.committed = String(repeating: "a", count: BrailleInputState.maximumCharacters - 4)
        state.brailleInput.cells = [que, fois]
        state.brailleInput.translated = .init(cells: [que], text: "que")
        state.display.message = nil
        var store = ReaderTestStore(state: state)
        let full = Fixture.fr(.brailleInputLineFull, ["limit": "1000", "word": "100"])
        // Not interrupting: it comes with the device's answer, after the key already silenced speech.
        store.send(.brailleBackTranslated(cells: [que, fois], text: "quelquefois"),
                   store.said("braille.lineFull", full, interrupt: false)) {
            $0.display.messageStays = true
            $0.brailleInput.cells = [que]
            $0.brailleInput.limitSaid = true
            $0.announcement.lastMessage = LastMessage(code: "braille.lineFull", text: full, isError: false)
            $0.display.message = full
            $0.display.token = 2
        }
        #expect(store.state.brailleInput.text.count == BrailleInputState.maximumCharacters - 1)
    }
}
