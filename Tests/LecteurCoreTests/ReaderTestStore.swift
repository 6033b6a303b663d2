// SPDX-License-Identifier: GPL-3.0-or-later
import CustomDump
import Testing
@testable import LecteurCore

/// Like TCA's TestStore: each step sends one action, states the whole expected change of state
/// and the complete list of effects, in order. Nothing an action does goes unasserted.
///
/// An effect the runtime answers with an action fed back to the reducer (`.preparePractice` is
/// answered `.practiceSeeded`, `.queryStatus` `.statusReported`, …: `Effect.answer`) is a request
/// the test must answer with `receive`, as TCA's `receive` takes an effect's action: one left
/// unanswered when the store is dropped (the test's end) fails the test where it was asked for.
/// The test still writes the answer (the runtime is not here); `receive` checks that it answers a
/// request made, which `send` would not.
struct ReaderTestStore {
    let reader: Reader
    var state: ReaderState
    /// Shared by the copies of a store: the last one dropped checks that every request was received.
    private let requests: Requests

    /// `unanswered`: where a request left unanswered is reported; a test's failure by default. The
    /// store's own test passes a collector, to see the failure it would record without failing.
    init(reader: Reader = Fixture.reader, state: ReaderState = ReaderState(),
         unanswered: @escaping (String, SourceLocation) -> Void = { Issue.record(Comment(rawValue: $0), sourceLocation: $1) }) {
        self.reader = reader
        self.state = state
        self.requests = Requests(report: unanswered)
    }

    mutating func send(_ action: Action, _ expected: [Effect], sourceLocation: SourceLocation = #_sourceLocation,
                       state update: (inout ReaderState) -> Void = { _ in }) {
        var expectedState = state
        update(&expectedState)
        let effects = reader.reduce(&state, action)
        FocusGolden.record(expected: expected, actual: effects)
        if effects != expected {
            Issue.record("effects differ (−expected +actual):\n\(diff(expected, effects) ?? "")", sourceLocation: sourceLocation)
        }
        if state != expectedState {
            Issue.record("state differs (−expected +actual):\n\(diff(expectedState, state) ?? "")", sourceLocation: sourceLocation)
        }
        requests.asked(effects.filter(\.isRequest), at: sourceLocation)
    }

    /// The runtime's answer to a request an earlier step's effects made: it must answer one still
    /// waiting (the oldest it answers is taken), then is reduced as `send` reduces.
    mutating func receive(_ action: Action, _ expected: [Effect], sourceLocation: SourceLocation = #_sourceLocation,
                          state update: (inout ReaderState) -> Void = { _ in }) {
        if !requests.answer(action) {
            Issue.record("received \(action), which answers no request waiting (\(requests.waiting.map(\.effect)))",
                         sourceLocation: sourceLocation)
        }
        send(action, expected, sourceLocation: sourceLocation, state: update)
    }

    /// Requests the test leaves unanswered on purpose (the runtime's answer would come after its
    /// end, as `tout lire`'s next `.spoken` when the test stops there), named one by one, as TCA's
    /// `skipInFlightEffects` does for effects still running.
    mutating func leaveUnanswered(_ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation) {
        for effect in effects where !requests.drop(effect) {
            Issue.record("\(effect) is no request waiting (\(requests.waiting.map(\.effect)))", sourceLocation: sourceLocation)
        }
    }

    /// The requests asked for and not yet received, with where each was asked.
    private final class Requests {
        var waiting: [(effect: Effect, sourceLocation: SourceLocation)] = []
        let report: (String, SourceLocation) -> Void

        init(report: @escaping (String, SourceLocation) -> Void) { self.report = report }

        func asked(_ effects: [Effect], at sourceLocation: SourceLocation) {
            waiting += effects.map { ($0, sourceLocation) }
        }

        func answer(_ action: Action) -> Bool {
            guard let index = waiting.firstIndex(where: { $0.effect.isAnswered(by: action) }) else { return false }
            waiting.remove(at: index)
            return true
        }

        func drop(_ effect: Effect) -> Bool {
            guard let index = waiting.firstIndex(where: { $0.effect == effect }) else { return false }
            waiting.remove(at: index)
            return true
        }

        deinit {
            for request in waiting {
                report("\(request.effect) was never answered: `receive` the runtime's answer, or `leaveUnanswered` it",
                       request.sourceLocation)
            }
        }
    }
}

extension Effect {
    /// Whether the runtime answers this effect with an action (ReaderSession.perform applies one
    /// for each of these, always).
    var isRequest: Bool {
        switch self {
        case .queryStatus, .readSettings, .configureDevice, .preparePractice, .loadStatistics, .loadProgress,
             .readCopyText, .backTranslate, .advanceDisplay, .whenSpoken, .whenSettled, .runPiped:
            return true
        default:
            return false
        }
    }

    /// Whether `action` is the runtime's answer to this request.
    func isAnswered(by action: Action) -> Bool {
        switch (self, action) {
        case (.queryStatus, .statusReported), (.loadStatistics, .statisticsReady), (.loadProgress, .progressReady),
             (.advanceDisplay, .displayAdvanced):
            return true
        case (.readSettings(let keys), .settingsRead(let readings)):
            return Set(readings.keys).isSubset(of: Set(keys))
        case (.configureDevice(let key, _), .deviceConfigured(let answered, _)):
            return key == answered
        case (.preparePractice(let request), .practiceSeeded(let seeded, _)):
            return request == seeded
        case (.readCopyText(let path), .copyTextRead(let read, _)):
            return path == read
        case (.backTranslate(let cells), .brailleBackTranslated(let translated, _)):
            return cells == translated
        case (.whenSpoken(let token), .spoken(let heard)):
            return token == heard
        case (.whenSettled, .settled):
            return true
        case (.runPiped(.line(let text, let arrivedAtMs)), .timedLine(let line, let atMs)):
            return text == line && (arrivedAtMs.map { $0 == atMs } ?? true)
        case (.runPiped(.tooLong(let limit)), .device(.lineTooLong(let limitBytes))):
            return limit == limitBytes
        default:
            return false
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
