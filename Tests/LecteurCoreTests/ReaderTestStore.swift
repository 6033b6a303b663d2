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
