// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import LecteurCore

@Suite struct TimingTests {
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
