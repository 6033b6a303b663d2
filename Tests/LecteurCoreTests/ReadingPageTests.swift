// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 45, item 4: beside a screen reader `tout lire` printed the whole screen at once (24
/// lines in 30 ms); Orca, through VTE, read only what was still visible, from the middle of a
/// word, and `où` after `stop` named the last element printed, never heard. Now it prints at
/// most one terminal screen, then waits for Enter (or `suivant`), the focus on the last element
/// printed; how to go on is said once.
@Suite struct ReadingPageTests {
    static let more = Fixture.fr(.readAllMore)

    /// Beside Orca on a terminal of `rows` × `columns`.
    static func beside(rows: Int, columns: Int = 80) -> ReaderTestStore {
        var store = BesideScreenReaderCoreTests.beside()
        store.send(.screenReader(.terminalSize(rows: rows, columns: columns)), []) {
            $0.beside.terminalSize = TerminalPage(rows: rows, columns: columns)
        }
        return store
    }

    /// What the voice would say reading `count` elements (from the focus, or from the one after
    /// it when `next`), each once the one before was heard, without its marks: beside a screen
    /// reader that is what is printed, at once. The state it leaves, the reading still running.
    static func voiced(_ state: ReaderState, next: Bool, count: Int) -> (effects: [Effect], state: ReaderState) {
        var alone = state
        alone.beside = BesideScreenReader()
        alone.display.page = nil
        var effects: [Effect] = []
        var action = Action.command(.readAll)
        if next {
            // The user's key took the message shown (how to go on) away: the lines show again.
            alone.display.message = nil
            alone.display.readAll = 1_000
            action = .spoken(token: 1_000)
        }
        for _ in 0..<count {
            effects += Fixture.reader.reduce(&alone, action)
            action = .spoken(token: alone.display.readAll ?? -1)
        }
        let printed = effects.filter {
            switch $0 {
            case .whenSpoken, .reading: false
            default: true
            }
        }
        return (BesideScreenReaderCoreTests.printedNotSpoken(printed), alone)
    }

    /// A screen of `count` elements was printed by `action` and the reading waits: the voice's
    /// state, its reading not running, and how to go on said (`hint`, with its display token).
    static func readsAScreen(_ store: inout ReaderTestStore, _ action: Action, next: Bool, count: Int, hintToken: Int?,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let (effects, after) = voiced(store.state, next: next, count: count)
        let before = store.state
        var expected = effects
        if let token = hintToken {
            expected += BesideScreenReaderCoreTests.printedNotSpoken(store.said("readAll.more", Self.more, .notice))
                + [.schedule(.brailleMessage(token: token), afterSeconds: 4)]
        }
        store.send(action, expected, sourceLocation: sourceLocation) {
            $0 = after
            $0.beside = before.beside
            $0.display.readAll = nil
            $0.display.readAllSerial = before.display.readAllSerial
            $0.display.page = ReadingPage(rows: count, waiting: true)
            $0.display.pageHintSaid = true
            if let token = hintToken { ReaderTestStore.remembered("readAll.more", Self.more, token: token)(&$0) }
        }
    }

    @Test func aScreenAtMostThenEnterGoesOnAndTheFocusIsTheLastElementPrinted() {
        // Six rows: the command's line, three elements, how to go on, the prompt.
        var store = Self.beside(rows: 6)
        Self.readsAScreen(&store, .command(.readAll), next: false, count: 3, hintToken: 1)
        // The focus is on the third element, the last printed, never past it.
        #expect(store.state.navigation.focus[.formations] == 2)
        // Enter: the next screen, from the fourth element; how to go on is not said again.
        Self.readsAScreen(&store, .timedLine("", atMs: 0), next: true, count: 3, hintToken: nil)
        #expect(store.state.navigation.focus[.formations] == 5)
    }

    @Test func suivantGoesOnTooAndStopEndsItWhereItWas() {
        var store = Self.beside(rows: 5)
        Self.readsAScreen(&store, .command(.readAll), next: false, count: 2, hintToken: 1)
        Self.readsAScreen(&store, .timedLine("suivant", atMs: 0), next: true, count: 2, hintToken: nil)
        let focus = store.state.navigation.focus
        #expect(focus[.formations] == 3)
        // `stop` ends the reading; the focus stays on the last element printed.
        store.send(.timedLine("stop", atMs: 0), [.silence, .notice(code: "stop", message: Fixture.fr(.stopDone))]) {
            $0.display.page = nil
        }
        #expect(store.state.navigation.focus == focus)
        // Enter now is an empty line again: nothing.
        store.send(.timedLine("", atMs: 0), [])
    }

    /// In single-key mode, Enter (bound to `activer` otherwise) goes on too.
    @Test func inSingleKeyModeEnterGoesOn() {
        var store = Self.beside(rows: 5)
        Self.readsAScreen(&store, .command(.readAll), next: false, count: 2, hintToken: 1)
        Self.readsAScreen(&store, .timedKey(.enter, atMs: 0), next: true, count: 2, hintToken: nil)
        #expect(store.state.navigation.focus[.formations] == 3)
    }

    /// Away from a screen reader, and from a pipe, the reading goes on by the voice as before.
    @Test func awayFromAScreenReaderNothingWaits() {
        var store = Self.beside(rows: 5)
        store.state.beside.reader = nil
        var alone = store.state
        let effects = Fixture.reader.reduce(&alone, .command(.readAll))
        // By the voice: the next step waits for the element to be heard.
        #expect(effects.contains(.whenSpoken(token: 1)))
        store.send(.command(.readAll), effects) { $0 = alone }
        #expect(store.state.display.page == nil)
        // That it waits for the voice is the point; the voice's steps are SkimmingTests'.
        store.leaveUnanswered([.whenSpoken(token: 1)])
    }

    @Test func aLongLineTakesTheRowsItWrapsTo() {
        let page = TerminalPage(rows: 24, columns: 10)
        #expect(page.rows("0123456789") == 1)
        #expect(page.rows("0123456789a") == 2)
        #expect(page.rows("") == 1)
        #expect(page.rows("ab\ncd") == 2)
        #expect(page.readingRows == 21)
        #expect(TerminalPage(rows: 2, columns: 80).readingRows == 1)
        #expect(page.rows(of: [.print("0123456789abc"), .speak(Utterance(text: "x", interrupt: false, priority: .answer)),
                               .notice(code: "n", message: "short")]) == 3)
    }
}
