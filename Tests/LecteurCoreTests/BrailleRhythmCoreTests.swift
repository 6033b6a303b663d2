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

    @Test func theRhythmIsRefusedAboveEightWordsPerMinute() {
        var state = Fixture.loadedState()
        let refused = Fixture.reader.reduce(&state, .command(.set(name: "question-braille", value: "rythme")))
        #expect(refused.errors == ["Le rythme sur la plage demande une vitesse de 8 mots par minute au plus ; elle est de 20. Baissez-la (régler vitesse 8) ou choisissez « motif »."])
        #expect(state.settings.questionBraille == .none)
        _ = Fixture.reader.reduce(&state, .command(.set(name: "vitesse", value: "8")))
        let accepted = Fixture.reader.reduce(&state, .command(.set(name: "question-braille", value: "rythme")))
        #expect(accepted.contains(.persist([ReaderSettings.questionBrailleKey: "rhythm"])))
        #expect(state.settings.questionBraille == .rhythm)
    }

}
