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

    /// Bracketed paste's marks (issue 50, item 6): told apart, so that the reader takes a focus
    /// report only outside a paste.
    @Test func bracketedPasteMarksAreDecoded() {
        #expect(Self.decode("\u{1B}[200~") == .paste(true, length: 6))
        #expect(Self.decode("\u{1B}[201~") == .paste(false, length: 6))
        #expect(Self.decode("\u{1B}[O") == .focus(false, length: 3))
        #expect(Self.decode("\u{1B}[202~") == .ignored(length: 6))
    }

    @Test func anOverlongSequenceIsCutAtTheCapAndItsRestSkippedByteByByte() {
        let digits = "\u{1B}[" + String(repeating: "1", count: 300)
        #expect(Self.decode(digits, final: false) == .overlong(length: KeyDecoder.longestSequence))
        #expect(KeyDecoder.overlongRest(UInt8(ascii: "1")) == (dropped: true, ended: false))
        #expect(KeyDecoder.overlongRest(UInt8(ascii: "B")) == (dropped: true, ended: true))
        // A byte no sequence holds ends it and is read as a key of its own.
        #expect(KeyDecoder.overlongRest(0x0D) == (dropped: false, ended: true))
        // A real key's sequence is far below the cap.
        #expect(Self.decode("\u{1B}[97;5:3u") == .key(.released("a"), length: 9))
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

    @Test func practiceAndSendingArgumentsComplete() {
        #expect(Self.completion.complete("entraînement ", ReaderState()).candidates == ["koch", "faibles", "groupes", "mots", "indicatifs", "qso", "concours", "envoi"])
        #expect(Self.completion.complete("entrainement gr", ReaderState()) == Completion(replacing: 2, candidates: ["groupes"]))
        #expect(Self.completion.complete("entraînement envoi ", ReaderState()).candidates == ["koch", "écho", "libre"])
        #expect(Self.completion.complete("envoi e", ReaderState()) == Completion(replacing: 1, candidates: ["écho"]))
        #expect(Self.completion.complete("envoi ", ReaderState()).candidates == ["koch", "écho", "libre"])
    }

    @Test func everySettingNameOfferedIsUnderstood() {
        for name in Self.completion.settingNames { #expect(SettingKey(name: name) != nil, "« \(name) » is offered but not understood") }
    }

    // MARK: The reducer

    /// The built-in catalogue loaded, on a terminal (`--input` choosing `mode` for this run).
    static let confirm = Fixture.fr(.terminalQuitConfirm), goodbye = Fixture.fr(.appGoodbye)

    static func terminal(_ mode: InputMode? = nil) -> ReaderTestStore {
        var store = ReaderTestStore(state: Fixture.loadedState())
        // The input loops are told a keyboard mode chosen for this run, when it changes one.
        let told: [Effect] = mode.map { $0 == store.state.settings.inputMode ? [] : [.inputMode($0)] } ?? []
        store.send(.attachTerminal(inputMode: mode), told) {
            $0.onTerminal = true
            if let mode { $0.settings.inputMode = mode }
        }
        return store
    }

    @Test func qOnATerminalAsksAndAnythingButYesCancels() {
        var store = Self.terminal()
        store.send(.timedLine("q", atMs: 0), store.said("quit.confirm", Self.confirm, interrupt: true) + [.quitPending(true)]) {
            $0.display.messageStays = true
            $0.display.message = Self.confirm
            $0.display.token = 2
            $0.announcement.lastMessage = LastMessage(code: "quit.confirm", text: Self.confirm, isError: false)
            $0.quitPending = true
        }
        store.send(.timedLine("n", atMs: 0), store.said("quit.cancelled", Fixture.fr(.terminalQuitCancelled), interrupt: true)
                   + [.quitPending(false)]) {
            $0.display.message = Fixture.fr(.terminalQuitCancelled)
            $0.display.token = 3
            $0.announcement.lastMessage = LastMessage(code: "quit.cancelled", text: Fixture.fr(.terminalQuitCancelled), isError: false)
            $0.quitPending = false
        }
        store.send(.timedLine("Q", atMs: 0), store.said("quit.confirm", Self.confirm, interrupt: true) + [.quitPending(true)]) {
            $0.display.message = Self.confirm
            $0.display.token = 4
            $0.announcement.lastMessage = LastMessage(code: "quit.confirm", text: Self.confirm, isError: false)
            $0.quitPending = true
        }
        store.send(.timedLine("oui", atMs: 0), store.said("goodbye", Self.goodbye, interrupt: true) + [.quit, .quitPending(false)]) {
            $0.display.message = Self.goodbye
            $0.display.token = 5
            $0.announcement.lastMessage = LastMessage(code: "goodbye", text: Self.goodbye, isError: false)
            $0.quitPending = false
        }
    }

    @Test func fromAPipeQQuitsAtOnceAsBefore() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.timedLine("q", atMs: 0), [.quit])
        var terminal = Self.terminal()
        // « quitter » never asks.
        terminal.send(.timedLine("quitter", atMs: 0), terminal.said("goodbye", Self.goodbye, interrupt: true) + [.quit]) {
            $0.display.messageStays = true
            $0.display.message = Self.goodbye
            $0.display.token = 2
            $0.announcement.lastMessage = LastMessage(code: "goodbye", text: Self.goodbye, isError: false)
        }
    }

    @Test func escapeAtTheSearchPromptIsSaidAndNothingIsSearched() {
        var store = Self.terminal(.keys)
        store.send(.key(.character("/")), [.silence, ReaderTestStore.speak("Rechercher :", printed: "Rechercher :"), ReaderTestStore.message("Rechercher :"), .prompt(.search)]) {
            $0.display.messageStays = true
            $0.display.message = "Rechercher :"
            $0.display.token = 2
        }
        let cancelled = Fixture.fr(.terminalPromptSearchCancelled)
        #expect(cancelled == "Recherche abandonnée.")
        store.send(.promptCancelled(.search), store.said("prompt.cancelled", cancelled, interrupt: true)) {
            $0.display.message = cancelled
            $0.display.token = 3
            $0.announcement.lastMessage = LastMessage(code: "prompt.cancelled", text: cancelled, isError: false)
        }
    }

    @Test func theWelcomeIsSaidOnATerminalOnly() {
        var piped = ReaderTestStore()
        piped.send(.start, [.loadCatalogue(.initial)])
        var store = ReaderTestStore()
        store.send(.attachTerminal(inputMode: nil), []) { $0.onTerminal = true }
        store.send(.start, store.said("welcome", Fixture.fr(.appWelcome), .notice) + [.loadCatalogue(.initial), .schedule(.brailleMessage(token: 1), afterSeconds: 4)]) {
            $0.display.message = Fixture.fr(.appWelcome)
            $0.display.token = 1
            $0.announcement.lastMessage = LastMessage(code: "welcome", text: Fixture.fr(.appWelcome), isError: false)
        }
    }

    @Test func singleKeysSilenceFirstThenMove() {
        var store = Self.terminal(.keys)
        store.send(.key(.down), state: {
            $0.navigation.focus[.formations] = 1
            $0.display.message = nil
            $0.announcement.history.append("Accessibilité, non sélectionné, bouton, filtre 2 sur 7")
        }, effects: { [.silence] + ReaderTestStore.focused($0, "Accessibilité, non sélectionné, bouton, filtre 2 sur 7", role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4) })
        // An unbound key only silences.
        store.send(.key(.character("x")), [.silence])
        store.send(.key(.character("/")), [.silence, ReaderTestStore.speak("Rechercher :", printed: "Rechercher :"), ReaderTestStore.message("Rechercher :"), .prompt(.search)]) {
            $0.display.messageStays = true
            $0.display.message = "Rechercher :"
            $0.display.token = 2
        }
        store.send(.key(.character("q")), [.silence] + store.said("quit.confirm", Self.confirm, interrupt: true) + [.quitPending(true)]) {
            $0.display.message = Self.confirm
            $0.display.token = 3
            $0.announcement.lastMessage = LastMessage(code: "quit.confirm", text: Self.confirm, isError: false)
            $0.quitPending = true
        }
        store.send(.key(.character("o")), [.silence] + store.said("goodbye", Self.goodbye, interrupt: true) + [.quit, .quitPending(false)]) {
            $0.display.message = Self.goodbye
            $0.display.token = 4
            $0.announcement.lastMessage = LastMessage(code: "goodbye", text: Self.goodbye, isError: false)
            $0.quitPending = false
        }
    }

    @Test func arrowsAcrossMoveTheReviewCursor() {
        var store = Self.terminal(.keys)
        store.state.navigation.focus[.formations] = 0
        store.send(.key(.right), [.silence, ReaderTestStore.speak("o", printed: "o"), .braille(BrailleLine(text: "[x] Toutes btn", cursor: 5))]) {
            $0.display.message = nil
            $0.announcement.history.append("o")
            $0.navigation.review = ReviewPosition(screen: .formations, index: 0, offset: 1)
        }
        store.send(.key(.left), [.silence, ReaderTestStore.speak("t", printed: "t"), .braille(BrailleLine(text: "[x] Toutes btn", cursor: 4))]) {
            $0.announcement.history.append("t")
            $0.navigation.review = ReviewPosition(screen: .formations, index: 0, offset: 0)
        }
    }

    @Test func chipsAreJumpedTo() {
        var store = Self.terminal(.keys)
        store.state.navigation.focus[.formations] = 0
        store.send(.key(.character("c")), state: {
            $0.navigation.focus[.formations] = 1
            $0.display.message = nil
            $0.announcement.history.append("Accessibilité, non sélectionné, bouton, filtre 2 sur 7")
        }, effects: { [.silence] + ReaderTestStore.focused($0, "Accessibilité, non sélectionné, bouton, filtre 2 sur 7", role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4) })
        store.send(.key(.character("C")), state: {
            $0.navigation.focus[.formations] = 0
            $0.announcement.history.append("Toutes, sélectionné, bouton, filtre 1 sur 7")
        }, effects: { [.silence] + ReaderTestStore.focused($0, "Toutes, sélectionné, bouton, filtre 1 sur 7", role: "bouton", shows: "[x] Toutes btn", cursor: 4) })
        store.send(.key(.character("C")), [.silence] + store.said("edge", Fixture.fr(.terminalEdgeFirstChip), interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("edge", Fixture.fr(.terminalEdgeFirstChip), token: 2)(&$0)
        }
    }

    @Test func helpInKeysModeListsTheKeyTable() {
        var keys = Self.terminal(.keys)
        keys.send(.command(.help(topic: nil)), openingHelp: ReaderTestStore.keyHelp, "Aide, 63 éléments", token: 2)
        for entry in KeyTable.entries { #expect(keys.state.lists.helpEntries.contains(Fixture.fr(entry.help))) }
        var lines = Self.terminal(.lines)
        lines.send(.command(.help(topic: nil)), openingHelp: ReaderTestStore.commandHelp, "Aide, 40 éléments", token: 2)
        #expect(!lines.state.lists.helpEntries.contains(Fixture.fr(.terminalKeyDown)))
    }

    @Test func typedKeysSilenceAndEchoAsSet() {
        var store = Self.terminal()
        store.send(.typed("a", word: ""), [.silence])
        store.send(.timedLine("régler écho mots", atMs: 0), [.persist(["reader.echo": "words"])] + store.said("setting", "Écho de la frappe : mots.", interrupt: true)) {
            $0.display.messageStays = true
            $0.settings.typingEcho = .words
            ReaderTestStore.remembered("setting", "Écho de la frappe : mots.", token: 2)(&$0)
        }
        store.send(.typed("t", word: "sui"), [.silence])
        store.send(.typed(" ", word: "suivant"), [.speak(Utterance(text: "suivant", interrupt: true, priority: .answer, printed: nil))])
        store.send(.timedLine("régler écho caractères", atMs: 0), [.persist(["reader.echo": "characters"])] + store.said("setting", "Écho de la frappe : caractères.", interrupt: true)) {
            $0.settings.typingEcho = .characters
            ReaderTestStore.remembered("setting", "Écho de la frappe : caractères.", token: 3)(&$0)
        }
        // The echo is not kept in the history of what was said.
        store.send(.typed("é", word: ""), [ReaderTestStore.speak("é", printed: nil)])
        // An arrow only silences.
        store.send(.typed(nil, word: ""), [.silence])
    }

    @Test func echoAndKeyboardAreSavedSettings() {
        var store = Self.terminal()
        store.send(.timedLine("régler clavier touches", atMs: 0), [.persist(["reader.keyboard": "keys"])] + store.said("setting", Fixture.fr(.terminalSettingKeyboardSet, ["value": "touches"]), interrupt: true) + [.inputMode(.keys)]) {
            $0.display.messageStays = true
            $0.settings.inputMode = .keys
            ReaderTestStore.remembered("setting", Fixture.fr(.terminalSettingKeyboardSet, ["value": "touches"]), token: 2)(&$0)
        }
        let (restored, problems) = ReaderSettings.restore({ ["reader.keyboard": "keys", "reader.echo": "words"][$0] })
        #expect(restored.inputMode == .keys && restored.typingEcho == .words && problems.isEmpty)
        var piped = ReaderTestStore(state: Fixture.loadedState())
        piped.send(.timedLine("régler clavier touches", atMs: 0), [.persist(["reader.keyboard": "keys"])] + piped.said("setting", Fixture.fr(.terminalSettingKeyboardSetNoTerminal, ["value": "touches"]), interrupt: true) + [.inputMode(.keys)]) {
            $0.display.messageStays = true
            $0.settings.inputMode = .keys
            ReaderTestStore.remembered("setting", Fixture.fr(.terminalSettingKeyboardSetNoTerminal, ["value": "touches"]), token: 2)(&$0)
        }
        store.send(.timedLine("régler écho fort", atMs: 0), store.said("setting", "Écho inconnu « fort » : aucun, caractères ou mots.", isError: true, interrupt: true, .error)) {
            ReaderTestStore.remembered("setting", "Écho inconnu « fort » : aucun, caractères ou mots.", isError: true, token: 3)(&$0)
        }
    }

    @Test func completionIsSaidAndShown() {
        var store = Self.terminal()
        // The core completes the text before the cursor: the line editor writes in what it says.
        store.send(.completion(beforeCursor: "fil"), [.completed(Completion(replacing: 3, candidates: ["filtre"])),
                                                      ReaderTestStore.speak("filtre", printed: nil)])
        store.send(.completion(beforeCursor: "regler clavier "),
                   [.completed(Completion(replacing: 0, candidates: ["lignes", "touches"]))]
                   + store.saidBehind("completion", Fixture.fr(.terminalCompletionChoices, ["choices": "lignes, touches"]), interrupt: true)) {
            $0.display.queued.append(Fixture.fr(.terminalCompletionChoices, ["choices": "lignes, touches"]))
            $0.announcement.lastMessage = LastMessage(code: "completion", text: Fixture.fr(.terminalCompletionChoices, ["choices": "lignes, touches"]), isError: false)
        }
        store.send(.completion(beforeCursor: "zzz q"), [.completed(Completion(replacing: 1, candidates: []))]
                   + store.saidBehind("completion", Fixture.fr(.terminalCompletionNone), interrupt: true)) {
            $0.display.queued.append(Fixture.fr(.terminalCompletionNone))
            $0.announcement.lastMessage = LastMessage(code: "completion", text: Fixture.fr(.terminalCompletionNone), isError: false)
        }
    }
}
