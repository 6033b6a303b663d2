// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// Issue 35: « Au revoir. » was brailled and the program ended at once, so a braille reader
/// never read it. With a display attached, the end waits for the goodbye's `message-braille`
/// time (`TimerID.quit`), or for any key; without a display, and from a pipe, it ends at once.
@Suite struct QuitOnDisplayTests {
    static let goodbye = Fixture.fr(.appGoodbye)

    /// On a terminal, the catalogue loaded, a display attached (`hasDisplay` as the session sets it).
    static func withDisplay(seconds: Double = 4) -> ReaderTestStore {
        var state = Fixture.loadedState()
        state.devices.hasDisplay = true
        state.devices.displayConnected = true
        state.settings.brailleMessageSeconds = seconds
        var store = ReaderTestStore(state: state)
        store.send(.attachTerminal(inputMode: nil), []) { $0.onTerminal = true }
        return store
    }

    /// `quitter` with a display: the goodbye on it, and the end when its time is up.
    static func quitting(_ store: inout ReaderTestStore, seconds: Double = 4) {
        let timer: [Effect] = seconds > 0 ? [.schedule(.quit, afterSeconds: seconds)] : []
        // The input loops are told the goodbye holds the display: no prompt under it.
        store.send(.timedLine("quitter", atMs: 0), store.said("goodbye", goodbye, interrupt: true) + timer + [.closing(true)]) {
            $0.display.messageStays = true
            $0.display.message = goodbye
            $0.display.token = 2
            $0.announcement.lastMessage = LastMessage(code: "goodbye", text: goodbye, isError: false)
            $0.closing = true
        }
    }

    @Test func theGoodbyeStaysOnTheDisplayForItsTimeThenTheProgramEnds() {
        var store = Self.withDisplay()
        Self.quitting(&store)
        // Nothing is said or shown over the goodbye meanwhile: not the message timer of an
        // earlier message, not a device's notice, not a catalogue's.
        store.send(.timer(.brailleMessage(token: 1)), [])
        store.send(.device(.audioLost), [])
        store.send(.timer(.catalogueStillLoading), [])
        store.send(.timer(.quit), [.quit])
    }

    @Test(arguments: [Action.displayKey(.next), .displayKey(.route(character: 3)), .brailleTyped(.character("a")),
                      .brailleTyped(.enter), .timedLine("", atMs: 0), .key(.character("x")), .command(.quit),
                      .timedKey(.character("o"), atMs: 0)])
    func anyKeyEndsItAtOnce(key: Action) {
        var store = Self.withDisplay()
        Self.quitting(&store)
        store.send(key, [.quit])
    }

    @Test func theReleaseOfTheKeyThatQuitDoesNotEndIt() {
        var store = Self.withDisplay()
        Self.quitting(&store)
        store.send(.timedKey(.released("o"), atMs: 0), [])
        store.send(.timer(.quit), [.quit])
    }

    @Test func aPannedWindowIsStillRecorded() {
        var store = Self.withDisplay()
        Self.quitting(&store)
        store.send(.displayPanned(text: Self.goodbye, cells: "⠁", cursor: 0, kind: .message),
                   [.braillePanned(text: Self.goodbye, cells: "⠁", cursor: 0, kind: .message)])
    }

    /// `régler message-braille 0` keeps messages until a key: the goodbye too.
    @Test func messagesUntilAKeyKeepTheGoodbyeUntilAKey() {
        var store = Self.withDisplay(seconds: 0)
        Self.quitting(&store, seconds: 0)
        store.send(.displayKey(.activate), [.quit])
    }

    @Test func yesToTheQuitQuestionIsHeldTooInKeysMode() {
        var store = Self.withDisplay()
        store.send(.key(.character("q")), [.silence] + store.said("quit.confirm", TerminalKeyboardTests.confirm, interrupt: true)
                   + [.quitPending(true)]) {
            $0.display.messageStays = true
            $0.display.message = TerminalKeyboardTests.confirm
            $0.display.token = 2
            $0.announcement.lastMessage = LastMessage(code: "quit.confirm", text: TerminalKeyboardTests.confirm, isError: false)
            $0.quitPending = true
        }
        store.send(.key(.character("o")), [.silence] + store.said("goodbye", Self.goodbye, interrupt: true)
                   + [.schedule(.quit, afterSeconds: 4), .closing(true), .quitPending(false)]) {
            $0.display.message = Self.goodbye
            $0.display.token = 3
            $0.announcement.lastMessage = LastMessage(code: "goodbye", text: Self.goodbye, isError: false)
            $0.quitPending = false
            $0.closing = true
        }
        store.send(.key(.down), [.quit])
    }

    /// Issue 45: `--braille auto` with no display answering held the goodbye 4.0 s for a display
    /// that was not there. Only a display connected now holds it; one that went away does not.
    @Test func aDisplayWantedButNotConnectedHoldsNothing() {
        var store = Self.withDisplay()
        store.state.devices.displayConnected = false
        let goodbye: (inout ReaderState) -> Void = {
            $0.display.messageStays = true
            $0.display.message = Self.goodbye
            $0.display.token = 2
            $0.announcement.lastMessage = LastMessage(code: "goodbye", text: Self.goodbye, isError: false)
        }
        var never = store
        never.send(.timedLine("quitter", atMs: 0), never.said("goodbye", Self.goodbye, interrupt: true) + [.quit], state: goodbye)
        // Connected, then lost: said (a display that was there went away), and the goodbye
        // does not wait for it either.
        var lost = Self.withDisplay()
        let error = BrailleDisplayError.connectionLost(SystemFailure(.unknown, text: "hang-up"))
        let notice = error.message(Fixture.fr)
        lost.send(.device(.brailleUnavailable(error)),
                  [.notice(code: "braille.lost", message: notice, detail: "hang-up")]
                  + Array(lost.saidBehind("braille.lost", notice, .notice).dropFirst())) {
            $0.devices.displayConnected = false
            $0.devices.brailleOutageSaid = true
            ReaderTestStore.rememberedBehind("braille.lost", notice)(&$0)
        }
        lost.send(.timedLine("quitter", atMs: 0), lost.said("goodbye", Self.goodbye, interrupt: true) + [.quit]) {
            goodbye(&$0)
            $0.display.queued = []
        }
    }

    @Test func withoutADisplayOrFromAPipeItEndsAtOnce() {
        var state = Fixture.loadedState()
        state.devices.hasDisplay = true
        var piped = ReaderTestStore(state: state)
        // A script ends where it always did: no goodbye, no wait.
        piped.send(.timedLine("quitter", atMs: 0), [.quit])
        var noDisplay = TerminalKeyboardTests.terminal()
        noDisplay.send(.timedLine("quitter", atMs: 0), noDisplay.said("goodbye", Self.goodbye, interrupt: true) + [.quit]) {
            $0.display.messageStays = true
            $0.display.message = Self.goodbye
            $0.display.token = 2
            $0.announcement.lastMessage = LastMessage(code: "goodbye", text: Self.goodbye, isError: false)
        }
    }
}
