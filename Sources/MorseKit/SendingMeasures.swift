// SPDX-License-Identifier: GPL-3.0-or-later
/// The timing of one sending, measured against the sender's own unit: what the coach tells
/// (speed, dah/dit ratio, spacing in units). Lengths are means over the sending's marks and gaps.
public struct SendingMeasures: Hashable, Sendable {
    public let ditMs: Double?
    public let dahMs: Double?
    public let elementGapMs: Double?
    public let characterGapMs: Double?
    public let wordGapMs: Double?
    /// The sender's unit: the mean of the dits and the gaps inside characters (both one unit), or
    /// a third of the dah when the sending has neither.
    public let unitMs: Double?

    /// `unitMs`: the unit the marks were keyed at when it is known (tapping's whole elements);
    /// nil to measure it from the hand.
    public init(_ text: KeyedText, unitMs knownUnit: Double? = nil) {
        var dits: [Double] = [], dahs: [Double] = [], inner: [Double] = [], between: [Double] = [], words: [Double] = []
        for character in text.characters {
            if let gap = character.gapBeforeMs {
                if character.boundary == .word { words.append(gap) } else { between.append(gap) }
            }
            for (index, element) in character.elements.enumerated() {
                if element.element == .dot { dits.append(element.mark.durationMs) } else { dahs.append(element.mark.durationMs) }
                if index > 0, let gap = element.gapBeforeMs { inner.append(gap) }
            }
        }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        ditMs = mean(dits)
        dahMs = mean(dahs)
        elementGapMs = mean(inner)
        characterGapMs = mean(between)
        wordGapMs = mean(words)
        unitMs = knownUnit ?? mean(dits + inner) ?? dahMs.map { $0 / 3 }
    }

    /// Words per minute at the sender's unit (PARIS: 1200 / unit ms).
    public var wpm: Double? { unitMs.map { 1200 / $0 } }
    /// Mean dah over mean dit: 3 for the book.
    public var ratio: Double? {
        guard let ditMs, let dahMs, ditMs > 0 else { return nil }
        return dahMs / ditMs
    }
    public func units(_ ms: Double?) -> Double? {
        guard let ms, let unitMs, unitMs > 0 else { return nil }
        return ms / unitMs
    }

    /// A ratio this far from 3 is told (a hand at 2.6–3.4 is within what ears accept).
    public static let ratioTolerance = 0.4
    /// Character spacing below this many units runs characters together for a listener.
    public static let shortCharacterSpacing = 2.5
}

/// Where a sending departs from what was asked, character by character.
public enum SendingFinding: Hashable, Sendable {
    case right(MorseSymbol)
    /// `sent` (a pattern, with its symbol if it is one) where `expected` was asked.
    case wrong(expected: MorseSymbol, sent: String, as: MorseSymbol?)
    /// Several asked characters keyed with no character space: one pattern that is all of them.
    case runTogether([MorseSymbol], pattern: String)
    /// One asked character keyed with character spaces inside: its pattern split in pieces.
    case split(MorseSymbol, into: [String])
    /// An asked character that was not keyed.
    case missing(MorseSymbol)
    /// A keyed character past the end of what was asked.
    case extra(pattern: String, as: MorseSymbol?)

    public var isRight: Bool { if case .right = self { true } else { false } }

    /// What is asked and what was keyed, aligned: a keyed pattern that is several asked patterns
    /// end to end is named as run together (never silently another letter), several keyed
    /// patterns that make one asked pattern as split apart. The alignment is the one with the
    /// fewest faults (each wrong, missing, extra, run-together or split character one): a greedy
    /// walk read « K K M » asked « K M » as M sent as K and M in excess, where one K is extra.
    /// Between alignments with as few faults, the one that reads each keyed character against the
    /// asked one in turn is kept (right, run together, split, wrong, then extra, then missing).
    public static func align(expected: [MorseSymbol], keyed: [String], alphabet: MorseAlphabet) -> [SendingFinding] {
        let patterns = expected.map(\.pattern)
        let keyedCount = keyed.count, expectedCount = expected.count
        // faults[i][j]: the fewest faults aligning keyed[i...] with expected[j...].
        var faults = Array(repeating: Array(repeating: 0, count: expectedCount + 1), count: keyedCount + 1)
        /// The steps from (i, j), each with its faults and where it leads, in the order preferred.
        func steps(_ i: Int, _ j: Int) -> [(faults: Int, i: Int, j: Int, finding: () -> SendingFinding)] {
            var steps: [(faults: Int, i: Int, j: Int, finding: () -> SendingFinding)] = []
            if i < keyedCount, j < expectedCount {
                let pattern = keyed[i]
                if pattern == patterns[j] {
                    steps.append((0, i + 1, j + 1, { .right(expected[j]) }))
                } else {
                    for end in ends(patterns, from: j, making: pattern) {
                        steps.append((1, i + 1, end, { .runTogether(Array(expected[j..<end]), pattern: pattern) }))
                    }
                    for end in ends(keyed, from: i, making: patterns[j]) {
                        steps.append((1, end, j + 1, { .split(expected[j], into: Array(keyed[i..<end])) }))
                    }
                    steps.append((1, i + 1, j + 1, { .wrong(expected: expected[j], sent: pattern, as: alphabet.symbol(pattern: pattern)) }))
                }
            }
            if i < keyedCount {
                steps.append((1, i + 1, j, { .extra(pattern: keyed[i], as: alphabet.symbol(pattern: keyed[i])) }))
            }
            if j < expectedCount {
                steps.append((1, i, j + 1, { .missing(expected[j]) }))
            }
            return steps
        }
        for i in stride(from: keyedCount, through: 0, by: -1) {
            for j in stride(from: expectedCount, through: 0, by: -1) where i < keyedCount || j < expectedCount {
                faults[i][j] = steps(i, j).map { $0.faults + faults[$0.i][$0.j] }.min() ?? 0
            }
        }
        var findings: [SendingFinding] = []
        var i = 0, j = 0
        while i < keyedCount || j < expectedCount {
            guard let step = steps(i, j).first(where: { $0.faults + faults[$0.i][$0.j] == faults[i][j] }) else { break }
            findings.append(step.finding())
            i = step.i; j = step.j
        }
        return findings
    }

    /// The end indices at which patterns `from`… (two or more) joined make `target`.
    private static func ends(_ patterns: [String], from start: Int, making target: String) -> [Int] {
        var built = ""
        var index = start
        while index < patterns.count, built.count < target.count {
            built += patterns[index]
            index += 1
            if built == target { return index - start >= 2 ? [index] : [] }
        }
        return []
    }

    /// Free sending: an unknown pattern that splits into two characters at its widest gap is
    /// named as those two run together.
    public static func likelyRunTogether(_ character: KeyedCharacter, alphabet: MorseAlphabet) -> [MorseSymbol]? {
        guard character.symbol == nil, let cut = character.widestInnerGap else { return nil }
        let pattern = Array(character.pattern)
        guard let first = alphabet.symbol(pattern: String(pattern[..<cut])),
              let second = alphabet.symbol(pattern: String(pattern[cut...])) else { return nil }
        return [first, second]
    }
}
