// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 45, items 8 and 9: every answer visible on the display (a prefix cell typed alone, the
/// line being typed after a warning), and printed lines a screen reader reads well aloud (a
/// sign reviewed alone by its name, tones as words).
@Suite struct EveryAnswerShownTests {
    /// ⠨ (the capital sign) alone translates back to nothing until its letter: the display
    /// showed an empty line. The cell stays on the line, the cursor after it; nothing is echoed.
    @Test func aPrefixCellAloneStaysOnTheLineWithItsCursor() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let prefix: UInt8 = 0b0010_1000
        store.send(.brailleTyped(.dots(prefix)), [.backTranslate([prefix])]) {
            $0.brailleInput.purpose = .command
            $0.brailleInput.cells = [prefix]
            $0.brailleInput.keyboardUsed = true
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        store.receive(.brailleBackTranslated(cells: [prefix], text: ""),
                   [.silence, .braille(BrailleLine(text: "⠨", cursor: 1, kind: .input))]) {
            $0.brailleInput.translated = BrailleInputState.Translation(cells: [prefix], text: "")
            $0.announcement.answerPending = false
        }
        #expect(store.state.brailleInput.text == "⠨")
        // Its letter makes the capital.
        store.send(.brailleTyped(.dots(0b0000_0001)), [.backTranslate([prefix, 0b0000_0001])]) {
            $0.brailleInput.cells = [prefix, 0b0000_0001]
            $0.announcement.answerPending = true
        }
        #expect(store.state.brailleInput.text == "⠨⠁", "untranslated cells stay as typed until translated")
        // What is shown before the translation is the point.
        store.leaveUnanswered([.backTranslate([prefix, 0b0000_0001])])
    }

    /// A chord that means nothing, while a line is typed: the warning stays until a key, and
    /// the key that takes it away brings back the typed line (the focused element came back).
    @Test func afterAChordWarningTheTypedLineComesBack() throws {
        var state = Fixture.loadedState()
        state.display.message = nil
        state.brailleInput.purpose = .command
        state.brailleInput.committed = "filtre"
        state.brailleInput.keyboardUsed = true
        var store = ReaderTestStore(state: state)
        let chord = try #require((UInt8(1)...63).first { BrailleChords.request(for: $0) == nil }, "a chord that means nothing")
        let warning = Fixture.fr(.brailleInputChordUnknown, ["dots": BrailleChords.dotNumbers(chord)])
        store.send(.brailleTyped(.chord(chord)), store.said("braille.chord", warning, interrupt: true)) {
            $0.display.message = warning
            $0.display.token = 2
            $0.display.messageStays = true
            $0.announcement.lastMessage = LastMessage(code: "braille.chord", text: warning, isError: false)
        }
        store.send(.displayKey(.next), [.braille(BrailleLine(text: "filtre", cursor: 6, kind: .input))]) {
            $0.display.message = nil
        }
    }

    /// Beside a screen reader, `mot` on a comma printed « , », which Orca does not voice:
    /// it is printed by its name; away from one, the line keeps the sign (the voice names it).
    @Test func aSignReviewedAloneIsPrintedByItsNameBesideAScreenReader() throws {
        var state = ReviewCursorTests.onDetail(1, index: 1) // the description
        // With the lexicon's names for signs, as the program has them.
        let reader = Reader(strings: Fixture.fr, timeZone: Fixture.paris,
                            pronunciation: SpokenTextBuilder(lexicon: ReviewCursorTests.lexicon, strings: Fixture.fr),
                            characters: ReviewCursorTests.characters)
        let target = try #require(reader.navigator.reviewTarget(state.navigationContext, state.navigation))
        let comma = try #require(target.text.characters.firstIndex(of: ","))
        state.navigation.review = ReviewPosition(screen: target.screen, index: target.index, offset: comma)
        var beside = state
        beside.onTerminal = true
        beside.beside.reader = .orca
        let printed = reader.reduce(&beside, .command(.review(.word, .current)))
            .compactMap { if case .print(let line) = $0 { line } else { nil } }
        #expect(printed == ["virgule"], "\(printed)")
        var alone = state
        let said = reader.reduce(&alone, .command(.review(.word, .current)))
            .compactMap { if case .speak(let utterance) = $0 { utterance.printed } else { nil } }
        #expect(said == [","], "\(said)")
    }

    /// « ♪ M K : -- / -.- » was read « croche M K deux points tiret tiret barre oblique… »:
    /// the text transcript prints the words sounded, the pattern left to the display and to the
    /// `morse` event's fields.
    @Test func tonesArePrintedAsWords() {
        let report = MorseReport(text: "M K", pattern: "-- / -.-", wpm: 20, toneHz: 600, durationMs: 1_000)
        #expect(report.readableLine(Fixture.fr) == "♪ M, puis K")
        #expect(report.readableLine(Fixture.en) == "♪ M, then K")
        #expect(MorseReport(text: "SOS", pattern: "... --- ...", wpm: 20, toneHz: 600, durationMs: 1_000)
            .readableLine(Fixture.fr) == "♪ SOS")
    }
}
