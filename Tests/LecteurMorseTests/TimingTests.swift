// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import LecteurCore

@Suite struct TimingTests {
    @Test func unitIs1200OverWPM() {
        #expect(MorseTiming(characterWPM: 20).unitMs == 60)
        #expect(abs(MorseTiming(characterWPM: 35).unitMs - 34.2857142857) < 1e-9)
        #expect(MorseTiming(characterWPM: 20).samplesPerUnit(sampleRate: 22050) == 1323)
        #expect(MorseTiming(characterWPM: 35).samplesPerUnit(sampleRate: 22050) == 756)
    }

    @Test func standardWordParisIsFiftyUnits() {
        let timing = MorseTiming(characterWPM: 20)
        let paris = MorseAlphabet.standard.encode("PARIS PARIS")
        let timeline = MorseTimeline(encoding: paris, timing: timing, sampleRate: 22050)
        // Without the trailing word gap: 43 + 7 + 43 units.
        #expect(timeline.sampleCount == 93 * 1323)
        #expect(timeline.durationMs == 93 * 60)
        #expect(timeline.segments.filter { $0.kind == .wordGap }.map(\.length) == [7 * 1323])
        #expect(timeline.segments.filter { $0.kind == .characterGap }.allSatisfy { $0.length == 3 * 1323 })
        #expect(timeline.segments.first?.start == 0)
        #expect(zip(timeline.segments, timeline.segments.dropFirst()).allSatisfy { $0.end == $1.start })
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

    @Test func roundingNeverAccumulates() {
        // 44100 Hz at 13 WPM: 4070.77 samples per unit, and Farnsworth gaps in fractions of a sample.
        for (timing, rate) in [(MorseTiming(characterWPM: 13), 44100), (MorseTiming(characterWPM: 18, overallWPM: 7), 22050),
                               (MorseTiming(characterWPM: 27), 8000)] {
            let text = String(repeating: "PARIS CODEX 73 ", count: 40)
            let timeline = MorseTimeline(encoding: MorseAlphabet.standard.encode(text), timing: timing, sampleRate: rate)
            var ideal = 0.0
            let perMs = Double(rate) / 1000
            for segment in timeline.segments {
                let ms: Double = switch segment.kind {
                case .dot, .elementGap: timing.unitMs
                case .dash: 3 * timing.unitMs
                case .characterGap: timing.characterGapMs
                case .wordGap: timing.wordGapMs
                }
                #expect(abs(Double(segment.length) - ms * perMs) <= 1, "\(segment)")
                ideal += ms * perMs
            }
            #expect(abs(Double(timeline.sampleCount) - ideal) <= 0.5 + 1e-6)
        }
    }
}
