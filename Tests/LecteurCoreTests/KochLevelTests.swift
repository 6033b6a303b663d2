// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// The Koch level is the state's: restored at start-up, practice is built from it within the
/// Koch order, and `régler koch` reads it back without asking the runtime.
@Suite struct KochLevelTests {
    @Test func theStoredLevelIsRestoredIntoTheState() {
        let (stored, _) = ReaderSettings.restore { $0 == PracticeMode.kochLevelStorageKey ? "7" : nil }
        #expect(stored.kochLevel == 7)
        let (fresh, _) = ReaderSettings.restore { _ in nil }
        #expect(fresh.kochLevel == PracticeMode.kochStartLevel)
    }

    @Test func practiceIsBuiltFromTheStateWithinTheOrder() {
        let all = MorseAlphabet.standard.kochSymbols.count
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.settings.kochLevel = 999
        store.send(.command(.practice(koch: true)), [.preparePractice(.listening(.koch(level: all)))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        store.state.settings.kochLevel = 0
        store.send(.command(.copyPractice(.groups, count: nil)),
                   [.preparePractice(.copy(.groups, count: CopyKind.defaultCount))])
        // The requests are the point: what a seed starts is PracticeReducerTests' and CopyReducerTests'.
        store.leaveUnanswered([.preparePractice(.listening(.koch(level: all))),
                               .preparePractice(.copy(.groups, count: CopyKind.defaultCount))])
    }

    @Test func theLessonIsReadFromTheState() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.settings.kochLevel = 5
        let said = "Koch : 4 ; de 1 à \(MorseAlphabet.standard.kochSymbols.count - 1)."
        let token = store.state.display.token
        store.send(.command(.showSetting(name: "koch")),
                   store.said("setting", said, interrupt: true),
                   state: { ReaderTestStore.remembered("setting", said, token: token + 1)(&$0); $0.display.messageStays = true })
    }
}
