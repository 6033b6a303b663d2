// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// Issue 25, the terminal's part in the core: keys decoded from a terminal's bytes, the key
/// table, completion, the echo of typed keys, `q` asking first, welcome and goodbye.
@Suite struct TerminalKeyboardTests {
    static func decode(_ text: String, final: Bool = true) -> KeyDecoder.Result {
        KeyDecoder.decode(Array(text.utf8)[...], final: final)
    }

    @Test func keysAreDecodedFromTheBytesTerminalsSend() {
        #expect(Self.decode("\u{1B}[B") == .key(.down, length: 3))
        #expect(Self.decode("\u{1B}OA") == .key(.up, length: 3))
        #expect(Self.decode("\u{1B}[1;5C") == .key(.wordRight, length: 6))
        #expect(Self.decode("\u{1B}[1;5D") == .key(.wordLeft, length: 6))
        #expect(Self.decode("\u{1B}[H") == .key(.home, length: 3))
        #expect(Self.decode("\u{1B}[1~") == .key(.home, length: 4))
        #expect(Self.decode("\u{1B}[4~") == .key(.end, length: 4))
        #expect(Self.decode("\u{1B}[F") == .key(.end, length: 3))
        #expect(Self.decode("\r") == .key(.enter, length: 1))
        #expect(Self.decode("\u{7F}") == .key(.backspace, length: 1))
        #expect(Self.decode("\u{03}") == .key(.control("c"), length: 1))
        #expect(Self.decode("é") == .key(.character("é"), length: 2))
        #expect(Self.decode("H") == .key(.character("H"), length: 1))
        // F5 is not used: skipped whole, not read as letters.
        #expect(Self.decode("\u{1B}[15~") == .ignored(length: 5))
    }

    @Test func aLoneEscapeIsToldFromTheStartOfASequenceByTheWaitAfterIt() {
        #expect(Self.decode("\u{1B}", final: false) == .incomplete)
        #expect(Self.decode("\u{1B}", final: true) == .key(.escape, length: 1))
        #expect(Self.decode("\u{1B}[", final: false) == .incomplete)
        #expect(KeyDecoder.decode([0xC3][...], final: false) == .incomplete)
    }

    @Test func theKeyTableMapsEachKeyOnce() {
        #expect(KeyTable.binding(for: .down) == .command(.next))
        #expect(KeyTable.binding(for: .escape) == .command(.back))
        #expect(KeyTable.binding(for: .right) == .command(.review(.character, .next)))
        #expect(KeyTable.binding(for: .left) == .command(.review(.character, .previous)))
        #expect(KeyTable.binding(for: .wordRight) == .command(.review(.word, .next)))
        #expect(KeyTable.binding(for: .wordLeft) == .command(.review(.word, .previous)))
        #expect(KeyTable.binding(for: .backspace) == .command(.back))
        #expect(KeyTable.binding(for: .character("C")) == .command(.previousItem(.chip)))
        #expect(KeyTable.binding(for: .character("/")) == .search)
        #expect(KeyTable.binding(for: .character("q")) == .command(.askToQuit))
        #expect(KeyTable.binding(for: .character("x")) == nil)
        let keys = KeyTable.entries.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "a key is bound twice")
    }

    // MARK: Completion

    static let completion = LineCompletion(parser: CommandParser(), strings: Fixture.fr)

    @Test func commandsCompleteToOneNamePerCommandInTheInterfaceLanguage() {
        #expect(Self.completion.complete("fil", ReaderState()) == Completion(replacing: 3, candidates: ["filtre"]))
        #expect(Self.completion.complete("  suiv", ReaderState()).candidates == ["suivant"])
        let r = Self.completion.complete("r", ReaderState()).candidates
        #expect(r.contains("répéter") && r.contains("réessayer") && r.contains("régler"))
        #expect(!r.contains("repeat") && !r.contains("retry"), "English names are not offered in French: \(r)")
    }

    @Test func filterNamesComeFromTheLoadedCatalogue() {
        let state = Fixture.loadedState()
        #expect(Self.completion.complete("filtre bur", state) == Completion(replacing: 3, candidates: ["Bureautique"]))
        #expect(Self.completion.complete("filtre ia g", state) == Completion(replacing: 4, candidates: ["IA Générative"]))
        #expect(Self.completion.complete("filtre t", state).candidates == ["toutes"])
        #expect(Self.completion.complete("filtre bur", ReaderState()).candidates.isEmpty, "nothing loaded, nothing offered")
    }

    @Test func settingsTabsAndTheirValuesComplete() {
        #expect(Self.completion.complete("régler é", ReaderState()).candidates == ["écho"])
        #expect(Self.completion.complete("régler écho c", ReaderState()) == Completion(replacing: 1, candidates: ["caractères"]))
        #expect(Self.completion.complete("regler clavier ", ReaderState()).candidates == ["lignes", "touches"])
        #expect(Self.completion.complete("régler verbosité b", ReaderState()).candidates == ["brève"])
        #expect(Self.completion.complete("onglet m", ReaderState()).candidates == ["morse"])
        #expect(Self.completion.complete("zzz q", ReaderState()).candidates.isEmpty)
        #expect(Completion(replacing: 1, candidates: ["filtre", "filtrer"]).commonPrefix == "filtre")
    }

    @Test func everySettingNameOfferedIsUnderstood() {
        for name in Self.completion.settingNames { #expect(SettingKey(name: name) != nil, "« \(name) » is offered but not understood") }
    }

    // MARK: The reducer

    static func terminalState(_ mode: InputMode? = nil) -> ReaderState {
        var state = Fixture.loadedState()
        _ = Fixture.reader.reduce(&state, .attachTerminal(inputMode: mode))
        return state
    }

    @Test func qOnATerminalAsksAndAnythingButYesCancels() {
        var state = Self.terminalState()
        var effects = Fixture.reader.reduce(&state, .line("q"))
        #expect(effects.notices == [Fixture.fr(.terminalQuitConfirm)])
        #expect(effects.spoken == [Fixture.fr(.terminalQuitConfirm)])
        #expect(state.quitPending)
        effects = Fixture.reader.reduce(&state, .line("n"))
        #expect(!effects.contains(.quit))
        #expect(effects.notices == [Fixture.fr(.terminalQuitCancelled)])
        #expect(!state.quitPending)
        _ = Fixture.reader.reduce(&state, .line("Q"))
        effects = Fixture.reader.reduce(&state, .line("oui"))
        #expect(effects.contains(.quit))
        #expect(effects.notices == [Fixture.fr(.appGoodbye)])
    }

    @Test func fromAPipeQQuitsAtOnceAsBefore() {
        var state = Fixture.loadedState()
        #expect(Fixture.reader.reduce(&state, .line("q")) == [.quit])
        var terminal = Self.terminalState()
        #expect(Fixture.reader.reduce(&terminal, .line("quitter")).contains(.quit), "« quitter » never asks")
    }

    @Test func theWelcomeIsSaidOnATerminalOnly() {
        var piped = ReaderState()
        #expect(Fixture.reader.reduce(&piped, .start) == [.loadCatalogue(.initial)])
        var state = ReaderState()
        _ = Fixture.reader.reduce(&state, .attachTerminal(inputMode: nil))
        let effects = Fixture.reader.reduce(&state, .start)
        #expect(effects.notices == [Fixture.fr(.appWelcome)])
        #expect(effects.contains(.braille(BrailleLine(text: Fixture.fr(.appWelcome), cursor: 0, kind: .message))))
        #expect(effects.contains(.loadCatalogue(.initial)))
    }

    @Test func singleKeysSilenceFirstThenMove() {
        var state = Self.terminalState(.keys)
        let before = state.focusIndex
        let effects = Fixture.reader.reduce(&state, .key(.down))
        #expect(effects.first == .silence)
        #expect(effects.focusReport != nil)
        #expect(state.focusIndex == before + 1)
        #expect(Fixture.reader.reduce(&state, .key(.character("x"))) == [.silence], "an unbound key only silences")
        let search = Fixture.reader.reduce(&state, .key(.character("/")))
        #expect(search.contains(.prompt(.search)))
        _ = Fixture.reader.reduce(&state, .key(.character("q")))
        #expect(state.quitPending)
        #expect(Fixture.reader.reduce(&state, .key(.character("o"))).contains(.quit))
    }

    @Test func arrowsAcrossMoveTheReviewCursor() {
        var state = Self.terminalState(.keys)
        state.focus[.formations] = 0
        let right = Fixture.reader.reduce(&state, .key(.right))
        #expect(right.first == .silence)
        #expect(right.spoken.count == 1, "the next character is said: \(right.spoken)")
        let left = Fixture.reader.reduce(&state, .key(.left))
        #expect(left.spoken.count == 1)
        #expect(state.focusIndex == 0, "the focus stays on its element")
    }

    @Test func chipsAreJumpedTo() {
        var state = Self.terminalState(.keys)
        state.focus[.formations] = 0
        let effects = Fixture.reader.reduce(&state, .key(.character("c")))
        #expect(effects.focused?.id.hasPrefix("chip.") == true)
        #expect(state.focusIndex == 1)
        _ = Fixture.reader.reduce(&state, .key(.character("C")))
        #expect(state.focusIndex == 0)
        #expect(Fixture.reader.reduce(&state, .key(.character("C"))).notices == [Fixture.fr(.terminalEdgeFirstChip)])
    }

    @Test func helpInKeysModeListsTheKeyTable() {
        var keys = Self.terminalState(.keys)
        _ = Fixture.reader.reduce(&keys, .command(.help(topic: nil)))
        for entry in KeyTable.entries { #expect(keys.helpEntries.contains(Fixture.fr(entry.help))) }
        var lines = Self.terminalState(.lines)
        _ = Fixture.reader.reduce(&lines, .command(.help(topic: nil)))
        #expect(!lines.helpEntries.contains(Fixture.fr(.terminalKeyDown)))
    }

    @Test func typedKeysSilenceAndEchoAsSet() {
        var state = Self.terminalState()
        #expect(Fixture.reader.reduce(&state, .typed("a", word: "")) == [.silence])
        _ = Fixture.reader.reduce(&state, .line("régler écho mots"))
        #expect(state.settings.typingEcho == .words)
        #expect(Fixture.reader.reduce(&state, .typed("t", word: "sui")) == [.silence])
        let word = Fixture.reader.reduce(&state, .typed(" ", word: "suivant"))
        #expect(word == [.speak(Utterance(text: "suivant", interrupt: true, priority: .answer))])
        _ = Fixture.reader.reduce(&state, .line("régler écho caractères"))
        #expect(Fixture.reader.reduce(&state, .typed("é", word: "")).spoken == ["é"])
        #expect(Fixture.reader.reduce(&state, .typed(nil, word: "")) == [.silence], "an arrow only silences")
        #expect(!state.history.contains("é"), "the echo is not kept in the history of what was said")
    }

    @Test func echoAndKeyboardAreSavedSettings() {
        var state = Self.terminalState()
        let effects = Fixture.reader.reduce(&state, .line("régler clavier touches"))
        #expect(effects.contains(.persist([ReaderSettings.inputModeKey: "keys"])))
        #expect(effects.notices == [Fixture.fr(.terminalSettingKeyboardSet, ["value": "touches"])])
        let (restored, problems) = ReaderSettings.restore({ ["reader.keyboard": "keys", "reader.echo": "words"][$0] }, strings: Fixture.fr)
        #expect(restored.inputMode == .keys && restored.typingEcho == .words && problems.isEmpty)
        var piped = Fixture.loadedState()
        #expect(Fixture.reader.reduce(&piped, .line("régler clavier touches")).notices
                == [Fixture.fr(.terminalSettingKeyboardSetNoTerminal, ["value": "touches"])])
        #expect(Fixture.reader.reduce(&state, .line("régler écho fort")).errors.count == 1)
    }

    @Test func completionIsSaidAndShown() {
        var state = Self.terminalState()
        #expect(Fixture.reader.reduce(&state, .completion(["filtre"])).spoken == ["filtre"])
        let many = Fixture.reader.reduce(&state, .completion(["répéter", "réessayer"]))
        #expect(many.notices == [Fixture.fr(.terminalCompletionChoices, ["choices": "répéter, réessayer"])])
        #expect(Fixture.reader.reduce(&state, .completion([])).notices == [Fixture.fr(.terminalCompletionNone)])
    }
}
