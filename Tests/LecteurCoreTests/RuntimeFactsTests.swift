// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// The input loops never read the state: each change of what they act on is told by an effect
/// at the end of the action that made it, and only a change is told.
@Suite struct RuntimeFactsTests {
    @Test func theTerminalsAnswerToTheKeyboardQueryIsToldOnce() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.keyboardProtocol(answered: true), [.keyReleases(true)]) { $0.devices.keyReleases = true }
        // The same answer again changes nothing: nothing is told.
        store.send(.keyboardProtocol(answered: true), [])
        store.send(.keyboardProtocol(answered: false), [.keyReleases(false)]) { $0.devices.keyReleases = false }
    }

    @Test func eachChangeIsToldInTheOrderOfTheFields() {
        var before = ReaderState()
        before.settings.inputMode = .lines
        var after = before
        after.settings.inputMode = .keys
        after.devices.keyReleases = true
        after.closing = true
        after.quitPending = true
        after.display.readAll = 3
        #expect(RuntimeFacts(after).changes(from: RuntimeFacts(before))
                == [.inputMode(.keys), .keyReleases(true), .closing(true), .quitPending(true), .reading(true)])
        #expect(RuntimeFacts(after).changes(from: RuntimeFacts(after)).isEmpty)
        // A reading the display paces (no voice) is a reading too.
        var paced = before
        paced.display.reading = DisplayReading(token: 1)
        #expect(RuntimeFacts(paced).reading && !RuntimeFacts(before).reading)
    }
}
