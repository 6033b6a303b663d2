// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 26: the rhythm of a question for the braille display, and when it is refused.
@Suite struct BrailleRhythmCoreTests {
    /// K at 8 WPM: dah, gap, dit, gap, dah — 450, 150, 150, 150, 450 ms (a unit is 150 ms).
    @Test func theRhythmIsTheTonesMarksAndGaps() throws {
        let k = try #require(MorseAlphabet.standard.symbol(for: "K"))
        let timing = try MorseSettings(wpm: 8).timing
        let timeline = MorseTimeline(symbol: k, timing: timing, sampleRate: 22_050)
        let rhythm = BrailleRhythm(timeline, then: BrailleLine(text: "Question 1", cursor: 0, kind: .message))
        #expect(rhythm.steps.map(\.on) == [true, false, true, false, true])
        for (step, expected) in zip(rhythm.steps, [450.0, 150, 150, 150, 450]) {
            #expect(abs(step.milliseconds - expected) < 1, "\(step)")
        }
    }

    @Test func theRhythmIsRefusedAboveTwelveWordsPerMinute() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        // Each answer stays on the display until a key: no timer is asked for.
        // Refused: nothing saved, the setting stays as it was.
        let refused = "Le rythme sur la plage demande une vitesse de 12 mots par minute au plus ; elle est de 20. Baissez-la (régler vitesse 12) ou choisissez « motif »."
        store.send(.command(.set(name: "question-braille", value: "rythme")),
                   store.said("setting", refused, isError: true, interrupt: true, .error),
                   state: { ReaderTestStore.remembered("setting", refused, isError: true, token: 2)(&$0); $0.display.messageStays = true })
        #expect(store.state.settings.questionBraille == .auto)
        let wpm = "Vitesse Morse : 8 mots par minute.", eight = try MorseSettings(wpm: 8)
        store.send(.command(.set(name: "vitesse", value: "8")),
                   [.persist(["morse.wpm": "8"])] + store.said("setting", wpm, interrupt: true)) {
            $0.settings.morse = eight
            ReaderTestStore.remembered("setting", wpm, token: 3)(&$0)
        }
        let accepted = "Questions en braille : le rythme, des cellules pleines le temps de chaque point et de chaque trait, en même temps que les sons."
        store.send(.command(.set(name: "question-braille", value: "rythme")),
                   [.persist([ReaderSettings.questionBrailleKey: "rhythm"])] + store.said("setting", accepted, interrupt: true)) {
            $0.settings.questionBraille = .rhythm
            ReaderTestStore.remembered("setting", accepted, token: 4)(&$0)
        }
    }

}
