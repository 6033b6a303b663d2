// SPDX-License-Identifier: GPL-3.0-or-later
/// Tone-on and tone-off segments, in samples at one sample rate. The single source of truth for
/// what is played: the synthesiser renders it and the transcript's `duration_ms` is read from it,
/// so the two cannot disagree.
///
/// Segment boundaries are the running exact time rounded to the nearest sample, so rounding never
/// accumulates: each segment is within one sample of its ideal length and the whole within one
/// sample of the ideal total. When a unit is a whole number of samples (22050 Hz at 20 or 35 WPM)
/// every segment is exact. No silence is added before the first or after the last element.
public struct MorseTimeline: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case dot, dash
        case elementGap, characterGap, wordGap

        public var isTone: Bool { self == .dot || self == .dash }
    }

    public struct Segment: Hashable, Sendable {
        public let kind: Kind
        /// First sample, from the start of the timeline.
        public let start: Int
        public let length: Int
        /// Index of the symbol (counted over the whole text) a tone or element gap belongs to.
        public let symbolIndex: Int

        public var end: Int { start + length }
    }

    public let sampleRate: Int
    public let timing: MorseTiming
    public let segments: [Segment]
    public let sampleCount: Int

    public init(words: [[MorseSymbol]], timing: MorseTiming, sampleRate: Int) {
        precondition(sampleRate > 0, "sample rate must be positive")
        self.sampleRate = sampleRate
        self.timing = timing
        let perUnit = timing.samplesPerUnit(sampleRate: sampleRate)
        let perMs = Double(sampleRate) / 1000
        let characterGap = timing.usesFarnsworth ? timing.characterGapMs * perMs : 3 * perUnit
        let wordGap = timing.stretchesWordGaps ? timing.wordGapMs * perMs : 7 * perUnit

        var segments: [Segment] = []
        var ideal = 0.0
        var position = 0
        func append(_ kind: Kind, _ samples: Double, _ symbolIndex: Int) {
            ideal += samples
            let end = Int(ideal.rounded())
            segments.append(Segment(kind: kind, start: position, length: end - position, symbolIndex: symbolIndex))
            position = end
        }
        var symbolIndex = 0
        for (w, word) in words.enumerated() where !word.isEmpty {
            if w > 0, !segments.isEmpty { append(.wordGap, wordGap, symbolIndex) }
            for (s, symbol) in word.enumerated() {
                if s > 0 { append(.characterGap, characterGap, symbolIndex) }
                for (e, element) in symbol.elements.enumerated() {
                    if e > 0 { append(.elementGap, perUnit, symbolIndex) }
                    append(element == .dot ? .dot : .dash, Double(element.units) * perUnit, symbolIndex)
                }
                symbolIndex += 1
            }
        }
        self.segments = segments
        self.sampleCount = position
    }

    public init(encoding: MorseEncoding, timing: MorseTiming, sampleRate: Int) {
        self.init(words: encoding.words, timing: timing, sampleRate: sampleRate)
    }

    public init(symbol: MorseSymbol, timing: MorseTiming, sampleRate: Int) {
        self.init(words: [[symbol]], timing: timing, sampleRate: sampleRate)
    }

    public var durationMs: Double { Double(sampleCount) * 1000 / Double(sampleRate) }

    /// Whole milliseconds, as the transcript reports them.
    public var durationMsRounded: Int { Int(durationMs.rounded()) }

    public var isEmpty: Bool { segments.isEmpty }
}
