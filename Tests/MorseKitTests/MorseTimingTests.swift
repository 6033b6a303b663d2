// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import MorseKit

/// MorseKit's timing alone, with nothing of the reader linked (moved from LecteurMorseTests'
/// TimingTests; the timeline's tests stay there, the timeline being the core's).
@Suite struct MorseTimingTests {
    @Test func unitIs1200OverWPM() {
        #expect(MorseTiming(characterWPM: 20).unitMs == 60)
        #expect(abs(MorseTiming(characterWPM: 35).unitMs - 34.2857142857) < 1e-9)
        #expect(MorseTiming(characterWPM: 20).samplesPerUnit(sampleRate: 22050) == 1323)
        #expect(MorseTiming(characterWPM: 35).samplesPerUnit(sampleRate: 22050) == 756)
    }

    @Test func arrlFarnsworthFigures() {
        let timing = MorseTiming(characterWPM: 20, overallWPM: 10)
        #expect(timing.usesFarnsworth)
        #expect(abs(timing.characterGapMs - 653.7) < 0.05)
        #expect(abs(timing.wordGapMs - 1525.3) < 0.05)
        #expect(timing.unitMs == 60)
        // Overall speed not lower than the character speed: plain spacing.
        #expect(MorseTiming(characterWPM: 20, overallWPM: 25).characterGapMs == 180)
        // PARIS + word gap at 20/10 lasts one tenth of a minute.
        let paris = 31 * timing.unitMs + 4 * timing.characterGapMs + timing.wordGapMs
        #expect(abs(paris - 6000) < 1e-6)
    }
}
