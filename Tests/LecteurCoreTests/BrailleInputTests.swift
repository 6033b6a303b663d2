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

    /// Sends each character as the display's keyboard would (a keysym per character).
    static func type(_ text: String, _ state: inout ReaderState) {
        for character in text { _ = Fixture.reader.reduce(&state, .brailleTyped(.character(character))) }
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
        store.send(.brailleBackTranslated(cells: [Self.s], text: "s"), [.silence, Self.input("s")]) {
            $0.brailleInput.translated = .init(cells: [Self.s], text: "s")
            $0.announcement.answerPending = false
        }
        // The whole word is translated again at each cell.
        store.send(.brailleTyped(.dots(Self.u)), [.backTranslate([Self.s, Self.u])]) {
            $0.brailleInput.cells = [Self.s, Self.u]
            $0.announcement.answerPending = true
        }
        store.send(.brailleBackTranslated(cells: [Self.s, Self.u], text: "su"), [.silence, Self.input("su")]) {
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
        var state = Fixture.loadedState()
        let before = state.focusIndex
        Self.type("suivant", &state)
        #expect(state.brailleInput.text == "suivant")
        let effects = Fixture.reader.reduce(&state, .brailleTyped(.dots(Self.dot8)))
        #expect(effects.focusReport?.index == before + 2, "« suivant » moved the focus")
        #expect(state.focusIndex == before + 1)
        #expect(state.brailleInput.purpose == nil && state.brailleInput.text.isEmpty)
        #expect(!effects.contains { if case .braille(let line) = $0 { line.kind == .input } else { false } })
        // A line that writes nothing on the display (« stop ») brings the focus line back.
        Self.type("stop", &state)
        let stop = Fixture.reader.reduce(&state, .brailleTyped(.enter))
        #expect(stop.contains(.silence))
        #expect(stop.contains { if case .braille(let line) = $0 { line.kind == .focus } else { false } })
    }

    @Test func backspaceOrDot7ErasesEscapeAbandons() {
        var state = Fixture.loadedState()
        Self.type("fx", &state)
        #expect(Fixture.reader.reduce(&state, .brailleTyped(.dots(Self.dot7))) == [.silence, Self.input("f")])
        #expect(Fixture.reader.reduce(&state, .brailleTyped(.backspace)) == [.silence, Self.input("")])
        Self.type("filtre", &state)
        let focusLine = Fixture.reader.navigator.focusLine(state)!
        let abandoned = Fixture.reader.reduce(&state, .brailleTyped(.escape))
        #expect(abandoned.spoken == [Fixture.fr(.brailleInputAbandoned)])
        #expect(abandoned.last == .braille(focusLine))
        #expect(state.brailleInput.purpose == nil && state.brailleInput.text.isEmpty)
    }

    @Test func withNothingTypedEnterActivatesAndEscapeGoesBack() {
        var state = Fixture.loadedState()
        _ = Fixture.reader.reduce(&state, .command(.next))
        let activated = Fixture.reader.reduce(&state, .brailleTyped(.enter))
        #expect(activated.focused?.selected == true, "Enter toggles the chip as RETURN does")
        _ = Fixture.reader.reduce(&state, .command(.tab(.morse)))
        _ = Fixture.reader.reduce(&state, .command(.activate))
        #expect(state.stacks[.morse]?.count == 2)
        _ = Fixture.reader.reduce(&state, .brailleTyped(.escape))
        #expect(state.stacks[.morse]?.count == 1, "Escape went back")
    }

    @Test func aContractedWordIsSaidWhenItEndsNotCellByCell() {
        var state = Fixture.loadedState()
        state.settings.typingEcho = .characters
        // Two cells of a contracted word; the device's back-translation is given here.
        let ch: UInt8 = 0b0010_1111, er: UInt8 = 0b0011_1011
        _ = Fixture.reader.reduce(&state, .brailleTyped(.dots(ch)))
        _ = Fixture.reader.reduce(&state, .brailleBackTranslated(cells: [ch], text: "ch"))
        _ = Fixture.reader.reduce(&state, .brailleTyped(.dots(er)))
        let grown = Fixture.reader.reduce(&state, .brailleBackTranslated(cells: [ch, er], text: "cher"))
        #expect(grown.spoken.isEmpty, "a word that grows by two letters is not spelled out")
        #expect(grown.last == Self.input("cher"))
        // Characters echo one at a time when they come one at a time.
        state.brailleInput.clear()
        #expect(Fixture.reader.reduce(&state, .brailleTyped(.character("a"))).spoken == ["a"])
        state.settings.typingEcho = .words
        let word = Fixture.reader.reduce(&state, .brailleTyped(.character(" ")))
        #expect(word.spoken == ["a"])
    }

    @Test func controlCharactersFromTheDisplayNeverReachTheLine() {
        var state = Fixture.loadedState()
        state.display.message = nil
        for character: Character in ["\u{07}", "\u{1B}", "\u{202E}", "\n"] {
            #expect(Fixture.reader.reduce(&state, .brailleTyped(.character(character))).isEmpty)
        }
        #expect(state.brailleInput.purpose == nil)
        _ = Fixture.reader.reduce(&state, .brailleTyped(.dots(Self.s)))
        _ = Fixture.reader.reduce(&state, .brailleBackTranslated(cells: [Self.s], text: "s\u{1B}[2J"))
        #expect(!state.brailleInput.text.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func chordsGiveTheCommonCommands() {
        var state = Fixture.loadedState()
        let before = state.focusIndex
        _ = Fixture.reader.reduce(&state, .brailleTyped(.chord(0b0000_1000)))
        #expect(state.focusIndex == before + 1, "space with dot 4: next")
        _ = Fixture.reader.reduce(&state, .brailleTyped(.chord(0b0000_0001)))
        #expect(state.focusIndex == before, "space with dot 1: previous")
        _ = Fixture.reader.reduce(&state, .brailleTyped(.chord(0b0010_1000)))
        #expect(state.tab == .morse, "space with dots 4-6: the other tab")
        _ = Fixture.reader.reduce(&state, .brailleTyped(.chord(0b0000_0101)))
        #expect(state.tab == .formations, "space with dots 1-3: the other tab, backwards")
        let unknown = Fixture.reader.reduce(&state, .brailleTyped(.chord(0b0011_0000)))
        #expect(unknown.notices == [Fixture.fr(.brailleInputChordUnknown, ["dots": "5, 6"])])
        _ = Fixture.reader.reduce(&state, .brailleTyped(.chord(0b0001_0011)))
        #expect(state.currentScreenID == .help, "space with dots 1-2-5: the « Aide » screen")
        #expect(state.helpEntries.first == Fixture.fr(.brailleInputChordsIntro), "aide lists the chords first once the keyboard is used")
        #expect(state.helpEntries.contains(Fixture.fr(.brailleInputChordSearch)))
        let dots = BrailleChords.entries.map(\.dots)
        #expect(Set(dots).count == dots.count, "a chord is bound twice")
    }

    @Test func theSearchChordAsksForTheTextThenSearches() {
        var state = Fixture.loadedState()
        let prompt = Fixture.fr(.terminalPromptSearch)
        let asked = Fixture.reader.reduce(&state, .brailleTyped(.chord(0b0000_1011)))
        #expect(asked.spoken == [prompt])
        #expect(asked.last == Self.input(prompt + " "))
        Self.type("python", &state)
        let found = Fixture.reader.reduce(&state, .brailleTyped(.enter))
        #expect((found.focused?.label ?? "").contains("Python"))
        #expect(state.lastSearch == "python")
    }
}

extension BrailleInputTests {
    /// A practice answer typed on the display is an answer like a typed line, timed to its Enter.
    @Test func aPracticeAnswerTypedOnTheDisplayIsAnsweredAndTimed() throws {
        var state = Fixture.loadedState()
        _ = Fixture.reader.reduce(&state, .practiceReady(.koch(level: 2), seed: 5))
        let expected = try #require(state.practice?.current).character
        _ = Fixture.reader.reduce(&state, .questionSounded(question: 1, endsAtMs: 10_000))
        _ = Fixture.reader.reduce(&state, .brailleTyped(.character(expected), atMs: 10_300))
        let effects = Fixture.reader.reduce(&state, .brailleTyped(.dots(0x80), atMs: 10_900))
        let result = try #require(effects.compactMap { if case .practiceAnswered(let r) = $0 { r } else { nil } }.first)
        #expect(result.correct)
        #expect(result.answer == String(expected))
        #expect(result.latencyMs == 900)
    }
}
