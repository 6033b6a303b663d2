// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 35, item 1: an answer longer than three display windows that names its screen
/// (`aide régler`, 551 characters) is said and printed whole, and opens on the display as a
/// screen of its sentences, its name and size first, read line by line and left with `retour`.
@Suite struct LongAnswerTests {
    /// `aide régler` lists every declared setting (`SettingDeclaration`): 551 characters.
    static let settings = SettingDeclaration.names(localeCode: "fr").joined(separator: ", ")
    static let help = "régler, reglage — réglage : \(settings) ; « régler NOM » seul dit la valeur, « régler » seul ouvre "
        + "l'écran des réglages"
    static let lines = [
        "régler, reglage — réglage : \(settings) ;",
        "« régler NOM » seul dit la valeur, « régler » seul ouvre l'écran des réglages",
    ]
    static let title = "Aide de « régler »"

    @Test func aLongHelpOpensAScreenOfItsSentences() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let token = store.state.display.token
        let first = Element(id: "answer.1", role: .text, label: Self.lines[0])
        store.send(.command(.help(topic: "régler")), store.saidBehind("help", Self.help, interrupt: true) + [
            ReaderTestStore.message("Aide de « régler », 2 éléments"),
            .focus(FocusReport(screen: "answer", title: Self.title, index: 1, count: 2, element: first, roleWord: nil)),
            // The screen's name flashes; the first sentence comes after it without a key.
            .schedule(.brailleMessage(token: token + 1), afterSeconds: 4),
        ]) {
            $0.announcement.history.append(Self.help)
            $0.announcement.lastMessage = LastMessage(code: "help", text: Self.help, isError: false)
            $0.lists.answerEntries = Self.lines
            $0.lists.answerTitle = Self.title
            $0.navigation.stacks[.formations, default: []].append(.answer)
            $0.navigation.focus[.answer] = 0
            $0.display.message = "Aide de « régler », 2 éléments"
            $0.display.token = token + 1
        }
        store.send(.timer(.brailleMessage(token: token + 1)), [.braille(BrailleLine(text: Self.lines[0], cursor: 0))]) {
            $0.display.message = nil
        }
        // Read like any list: the next sentence, said, printed and on the display.
        let spoken = store.reader.navigator.spoken(Self.lines[1])
        store.send(.command(.next), state: {
            $0.navigation.focus[.answer] = 1
            $0.announcement.history.append(Self.lines[1])
        }, effects: { ReaderTestStore.focused($0, spoken, printed: Self.lines[1], role: nil, shows: "« régler NOM » seul dit la valeur, « régler » seul ouvre l'écran des réglages") })
    }

    /// Short, `aide COMMANDE` stays one message, which stays until a key (it is the answer).
    @Test func aShortHelpIsAMessageThatStays() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let text = "suivant, s — élément suivant"
        let token = store.state.display.token + 1
        store.send(.command(.help(topic: "suivant")), store.said("help", text, interrupt: true)) {
            ReaderTestStore.remembered("help", text, token: token)(&$0)
            $0.display.messageStays = true
        }
    }
}

/// Issue 35: « longer than three windows » counts windows of the display attached (its width
/// as it reported it, 40 before), in cells after contraction with the table in use.
@Suite struct LongAnswerWindowsTests {
    static func helpIsAMessage(_ store: inout ReaderTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        let token = store.state.display.token + 1
        store.send(.command(.help(topic: "régler")), store.said("help", LongAnswerTests.help, interrupt: true),
                   sourceLocation: sourceLocation) {
            ReaderTestStore.remembered("help", LongAnswerTests.help, token: token)(&$0)
            $0.display.messageStays = true
        }
    }

    @Test func theDisplaysWidthIsTakenFromItsReport() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.device(.displayWidth(columns: 200)), []) { $0.devices.displayColumns = 200 }
        // 551 characters are under three windows of 200 cells (600): a message, which stays.
        Self.helpIsAMessage(&store)
    }

    @Test func atFortyCellsTheSameHelpOpensAScreen() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.device(.displayWidth(columns: 40)), []) { $0.devices.displayColumns = 40 }
        let effects = store.reader.reduce(&store.state, .command(.help(topic: "régler")))
        #expect(effects.contains(ReaderTestStore.message("Aide de « régler », 2 éléments")), "\(effects)")
    }

    @Test func cellsAfterContractionAreCounted() {
        // A table that writes the help in a fifth of its characters (as a contracted one
        // shortens a line): 100 cells, under three windows of 40.
        var reader = Fixture.reader
        reader.brailleCells = { $0.count / 5 }
        var store = ReaderTestStore(reader: reader, state: Fixture.loadedState())
        Self.helpIsAMessage(&store)
        // Counted in characters, the same help opens a screen (`atFortyCellsTheSameHelpOpensAScreen`).
    }
}
