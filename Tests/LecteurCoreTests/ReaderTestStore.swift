// SPDX-License-Identifier: GPL-3.0-or-later
import CustomDump
import Testing
@testable import LecteurCore

/// Like TCA's TestStore: each step sends one action, states the whole expected change of state
/// and the complete list of effects, in order. Nothing an action does goes unasserted.
struct ReaderTestStore {
    let reader: Reader
    var state: ReaderState

    init(reader: Reader = Fixture.reader, state: ReaderState = ReaderState()) {
        self.reader = reader
        self.state = state
    }

    mutating func send(_ action: Action, _ expected: [Effect], sourceLocation: SourceLocation = #_sourceLocation,
                       state update: (inout ReaderState) -> Void = { _ in }) {
        var expectedState = state
        update(&expectedState)
        let effects = reader.reduce(&state, action)
        if effects != expected {
            Issue.record("effects differ (−expected +actual):\n\(diff(expected, effects) ?? "")", sourceLocation: sourceLocation)
        }
        if state != expectedState {
            Issue.record("state differs (−expected +actual):\n\(diff(expectedState, state) ?? "")", sourceLocation: sourceLocation)
        }
    }
}

extension ReaderTestStore {
    /// A notice or an error as the reader says it, in order: the transcript's event, the speech,
    /// the braille message, every one written out by the test. What is said is `text` itself:
    /// the lexicon changes none of the store tests' messages (issue 51 checked all 141 sites
    /// against `navigator.spoken` once, then took it out: an expectation built by the code under
    /// test cannot disagree with it). A message the lexicon would change states what espeak-ng
    /// is handed in `spoken`.
    /// `braille`: the notice's shorter form on the display, which its event carries.
    func said(_ code: String, _ text: String, isError: Bool = false, interrupt: Bool = false,
              _ priority: Utterance.Priority = .answer, braille: String? = nil, spoken: String? = nil) -> [Effect] {
        [isError ? .error(code: code, message: text) : .notice(code: code, message: text, braille: braille),
         .speak(Utterance(text: spoken ?? text, interrupt: interrupt, priority: priority)),
         .braille(BrailleLine(text: text, cursor: 0, kind: .message))]
    }

    /// A message said while an earlier one is still on the display: it is said, and waits for
    /// the display (`queued`) rather than cutting the message being read.
    func saidBehind(_ code: String, _ text: String, isError: Bool = false, interrupt: Bool = false,
                    _ priority: Utterance.Priority = .answer, braille: String? = nil) -> [Effect] {
        Array(said(code, text, isError: isError, interrupt: interrupt, priority, braille: braille).dropLast())
    }

    /// What saying a message that waits for the display changes: the history, the last message
    /// and the display's queue.
    static func rememberedBehind(_ code: String, _ text: String, isError: Bool = false) -> (inout ReaderState) -> Void {
        { state in
            state.announcement.history.append(text)
            state.announcement.lastMessage = LastMessage(code: code, text: text, isError: isError)
            state.display.queued.append(text)
        }
    }

    /// What saying it changes: the history, the last message, and the display's message (`shown`
    /// when more than the text is shown) with its token.
    /// `stays`: an answer the user asked for, which stays on the display until a key.
    static func remembered(_ code: String, _ text: String, isError: Bool = false, shown: String? = nil,
                           stays: Bool = false, token: Int) -> (inout ReaderState) -> Void {
        { state in
            state.announcement.history.append(text)
            state.announcement.lastMessage = LastMessage(code: code, text: text, isError: isError)
            state.display.message = shown ?? text
            state.display.token = token
            if stays { state.display.messageStays = true }
        }
    }
}
