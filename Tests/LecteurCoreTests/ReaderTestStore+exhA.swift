// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

extension ReaderTestStore {
    /// Like `send(_:_:state:)`, for effects that name what the action leads to (a focus report
    /// names the screen after it): they are stated from the expected state.
    mutating func send(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation,
                       state update: (inout ReaderState) -> Void, effects: (ReaderState) -> [Effect]) {
        var expectedState = state
        update(&expectedState)
        send(action, effects(expectedState), sourceLocation: sourceLocation, state: update)
    }

    static func speak(_ text: String, interrupt: Bool = true, _ priority: Utterance.Priority = .answer) -> Effect {
        .speak(Utterance(text: text, interrupt: interrupt, priority: priority))
    }

    /// The element focused in `state`.
    static func element(_ state: ReaderState, reader: Reader = Fixture.reader) -> Element {
        let screen = reader.builder.screen(for: state)
        return screen.elements[state.clampedFocus(on: screen)]
    }

    /// The focus on the element focused in `state` as the reader gives it: its report, what is
    /// said, and its braille line (`line: false` when a message holds the display).
    static func focused(_ state: ReaderState, _ spoken: String, interrupt: Bool = true, line: Bool = true,
                        reader: Reader = Fixture.reader) -> [Effect] {
        let screen = reader.builder.screen(for: state)
        let index = state.clampedFocus(on: screen)
        let element = screen.elements[index]
        let report = FocusReport(screen: screen.code, title: screen.title, index: index + 1, count: screen.elements.count,
                                 element: element, roleWord: SpeechGenerator(strings: Fixture.fr).roleWord(element.role))
        return [.focus(report), speak(spoken, interrupt: interrupt)]
            + (line ? [.braille(BrailleGenerator(strings: Fixture.fr).line(element))] : [])
    }

    /// The index of the element `id` on the screen `state` shows.
    static func index(of id: String, _ state: ReaderState, reader: Reader = Fixture.reader) -> Int {
        reader.builder.screen(for: state).elements.firstIndex { $0.id == id }!
    }
}

extension ReaderTestStore {
    /// `said` and `saidBehind` for an effect list stated from the expected state (where the
    /// store itself cannot be read), with the fixture's reader.
    static func saying(_ code: String, _ text: String, isError: Bool = false, interrupt: Bool = false,
                       _ priority: Utterance.Priority = .answer) -> [Effect] {
        ReaderTestStore().said(code, text, isError: isError, interrupt: interrupt, priority)
    }

    static func sayingBehind(_ code: String, _ text: String, isError: Bool = false, interrupt: Bool = false,
                             _ priority: Utterance.Priority = .answer) -> [Effect] {
        ReaderTestStore().saidBehind(code, text, isError: isError, interrupt: interrupt, priority)
    }

    /// A screen opened or a tab switched to: its name (and size) said and shown, then its
    /// focused element said after it, whose line waits for the message's time.
    static func opened(_ state: ReaderState, _ title: String, _ spoken: String, token: Int) -> [Effect] {
        [speak(title), message(title)] + focused(state, spoken, interrupt: false, line: false)
            + [.schedule(.brailleMessage(token: token), afterSeconds: 4)]
    }

    /// A message on the braille display.
    static func message(_ text: String) -> Effect { .braille(BrailleLine(text: text, cursor: 0, kind: .message)) }
}
