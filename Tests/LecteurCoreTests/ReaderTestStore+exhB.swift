// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

extension ReaderTestStore {
    /// A reader that has loaded `catalogue` live, from a fresh state (`prepare` sets it up first),
    /// the load's whole effect list and change of state asserted: « N formations chargées. » is
    /// said and on the display (token 1), the first element is focused and said after it (`first`).
    static func loaded(_ catalogue: Catalogue = Fixture.builtIn, first: String, sourceLocation: SourceLocation = #_sourceLocation,
                       _ prepare: (inout ReaderState) -> Void = { _ in }) -> ReaderTestStore {
        var initial = ReaderState()
        prepare(&initial)
        var store = ReaderTestStore(state: initial)
        var list = initial
        list.catalogue.status = .loaded(catalogue)
        // The list opens on its « Toutes » chip, a button (the role word written out, not asked
        // of SpeechGenerator; the report from the golden, not from `builder.screen`: issue 51).
        let report = FocusGolden.report(FocusGolden.key(list, first), role: "bouton")
        let count = catalogue.formations.count
        let loaded = count == 1 ? "1 formation chargée." : "\(count) formations chargées."
        store.send(.catalogue(.loaded(catalogue, warnings: [], origin: .live)), [
            .notice(code: "loaded", message: loaded),
            .speak(Utterance(text: loaded, interrupt: false, priority: .notice)),
            .braille(BrailleLine(text: loaded, cursor: 0, kind: .message)),
            .focus(report), .speak(Utterance(text: first, interrupt: false, priority: .answer, printed: first)),
            .schedule(.brailleMessage(token: 1), afterSeconds: 4),
        ], sourceLocation: sourceLocation) {
            $0.catalogue.status = .loaded(catalogue)
            $0.navigation.focus[.formations] = 0
            $0.announcement.history += [loaded, first]
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: loaded, isError: false)
            $0.display.message = loaded
            $0.display.token = 1
        }
        return store
    }
}

extension ReaderTestStore {
    /// The focus report of element `index` on the screen `state` shows (the state the action
    /// leads to, as the test states it), with `spoken` said: the golden's (`FocusGolden`), its
    /// role word written out (`role`, nil for plain text). `index` is checked against the golden's.
    func focus(_ state: ReaderState, _ index: Int, saying spoken: String, role: String?,
               sourceLocation: SourceLocation = #_sourceLocation) -> Effect {
        let report = FocusGolden.report(FocusGolden.key(state, spoken), role: role)
        if report.screen != FocusGolden.missing && report.index != index + 1 {
            Issue.record("the golden's report for « \(spoken) » is element \(report.index), not \(index + 1)",
                         sourceLocation: sourceLocation)
        }
        return .focus(report)
    }

    /// A focused element's line on the display, written out: its text and its cursor.
    func focusLine(_ state: ReaderState, _ index: Int, shows: String, cursor: Int = 0) -> Effect {
        .braille(BrailleLine(text: shows, cursor: cursor))
    }

    /// The state after `update`, to build the expected screen from.
    func after(_ update: (inout ReaderState) -> Void) -> ReaderState {
        var next = state
        update(&next)
        return next
    }
}

extension ReaderTestStore {
    /// A screen change as it is said and shown: the screen's name and size as a message (cutting
    /// what was said), then the element focused on `screen`, said after it; the message's timer.
    /// `role`: the focused element's role word (`focus`).
    func screenShown(_ title: String, _ screen: ReaderState, _ index: Int = 0, saying spoken: String, token: Int,
                     role: String?) -> [Effect] {
        [.speak(Utterance(text: title, interrupt: true, priority: .answer, printed: title)),
         .braille(BrailleLine(text: title, cursor: 0, kind: .message)),
         focus(screen, index, saying: spoken, role: role), .speak(Utterance(text: spoken, interrupt: false, priority: .answer, printed: spoken)),
         .schedule(.brailleMessage(token: token), afterSeconds: 4)]
    }

    /// What a screen change changes beyond the screen: both said into the history, the name on
    /// the display with its token.
    static func screenRemembered(_ title: String, _ spoken: String, token: Int) -> (inout ReaderState) -> Void {
        { state in
            state.announcement.history += [title, spoken]
            state.display.message = title
            state.display.token = token
        }
    }

    /// A focus moved on the same screen: the report, the element said (cutting what was said)
    /// and its line on the display.
    /// `role`, `shows`, `cursor`: written out (`focus`, `focusLine`).
    func moved(_ screen: ReaderState, _ index: Int, saying spoken: String, role: String?, shows: String,
               cursor: Int = 0) -> [Effect] {
        [focus(screen, index, saying: spoken, role: role), .speak(Utterance(text: spoken, interrupt: true, priority: .answer, printed: spoken)),
         focusLine(screen, index, shows: shows, cursor: cursor)]
    }
}
