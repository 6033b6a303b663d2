// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns keyed marks into Morse characters as libcw's adaptive receive does: every threshold
/// follows the sender's running unit, learnt from the marks (a dit is one unit, a dah three).
/// A mark is a dit or a dah by the harmonic mean of the running dit and dah lengths; a silence
/// ends a character past 1.75 units and a word past 5.
///
/// The unit is never learnt from gaps already classified: a hand twice slower than the setting
/// once had its character gaps read as word gaps, which then taught the word class its own
/// mistake. Before anything is learnt, the first sending seeds the unit from its own marks and
/// gaps (the unit that makes them most nearly 1 and 3, and 1, 3 and 7, units), so a sender from
/// 0.4× to 2.5× the setting is read from the first character; the setting only breaks a tie
/// that lengths alone cannot (`...` with one-unit gaps is S, or T T T three times slower).
public struct AdaptiveDecoder: Hashable, Sendable {
    public private(set) var ditMs: Double
    public private(set) var dahMs: Double
    /// The setting's unit: the first guess, and the tie-breaker of the seeding.
    public let settingUnitMs: Double
    /// Whether the lengths come from the sender's own marks yet.
    public private(set) var isSeeded = false

    /// How much one new length moves its average: enough to follow a drifting hand within a few
    /// characters, little enough that one sloppy element does not swing the thresholds.
    public static let adaptation = 0.25
    /// The averages never come closer than this ratio, so a run of dits alone cannot make the
    /// next dit a dah.
    static let minimumSeparation = 1.6
    /// A silence longer than this many units ends a character (libcw: about 2), longer than
    /// `wordUnits` a word (libcw: about 5). Below libcw's 2: Gaussian jitter of 15 % on each gap
    /// put one character gap in 70 under 2 units (two characters read as one unknown pattern);
    /// at 1.75 an element gap is 5 σ below and a character gap 2.8 σ above. A character gap is
    /// 4.4 σ below the word threshold.
    public static let characterUnits = 1.75
    public static let wordUnits = 5.0

    /// Starts from the ideal lengths at `wpm` (1200 / WPM ms a unit).
    public init(wpm: Double) {
        let unit = 1200 / max(1, wpm)
        settingUnitMs = unit
        ditMs = unit
        dahMs = 3 * unit
    }

    /// The sender's unit: the dit and a third of the dah, equally (a hand with short dahs keeps
    /// its spacing thresholds between the two).
    public var unitMs: Double { (ditMs + dahMs / 3) / 2 }
    /// Proportional jitter is as likely to stretch a dit as to shrink a dah by the same share:
    /// the harmonic mean is as many shares from each (1.5 units for a 3:1 hand).
    public var ditDahThresholdMs: Double { 2 * ditMs * dahMs / (ditMs + dahMs) }
    public var characterThresholdMs: Double { Self.characterUnits * unitMs }
    public var wordThresholdMs: Double { Self.wordUnits * unitMs }

    /// Decodes one sending (marks in time order), learning the sender's lengths as it goes.
    public mutating func decode(_ marks: [KeyedMark], alphabet: MorseAlphabet) -> KeyedText {
        if !isSeeded, !marks.isEmpty { seed(marks) }
        var characters: [KeyedCharacter] = []
        var current: [KeyedElement] = []
        var boundary: GapKind = .start
        var previousEnd: Double?
        func close() {
            guard !current.isEmpty else { return }
            let pattern = String(current.map { $0.element == .dot ? "." : "-" })
            characters.append(KeyedCharacter(pattern: pattern, symbol: alphabet.symbol(pattern: pattern),
                                             elements: current, gapBeforeMs: current[0].gapBeforeMs, boundary: boundary))
            current = []
        }
        for mark in marks {
            var gapMs: Double?
            if let previousEnd {
                let gap = max(0, mark.startMs - previousEnd)
                gapMs = gap
                let kind = classify(gap: gap)
                if kind != .element {
                    close()
                    boundary = kind
                }
            }
            current.append(KeyedElement(element: classify(mark: mark.durationMs), mark: mark, gapBeforeMs: gapMs))
            previousEnd = mark.endMs
        }
        close()
        return KeyedText(characters: characters)
    }

    /// A dit or a dah, and the average it belongs to moves toward it.
    mutating func classify(mark duration: Double) -> MorseElement {
        let element: MorseElement = duration < ditDahThresholdMs ? .dot : .dash
        if element == .dot {
            ditMs += Self.adaptation * (duration - ditMs)
            ditMs = min(ditMs, dahMs / Self.minimumSeparation)
        } else {
            dahMs += Self.adaptation * (duration - dahMs)
            dahMs = max(dahMs, ditMs * Self.minimumSeparation)
        }
        return element
    }

    /// A gap is judged against the unit the marks taught; it teaches nothing itself.
    func classify(gap: Double) -> GapKind {
        if gap < characterThresholdMs { return .element }
        if gap < wordThresholdMs { return .character }
        return .word
    }

    /// The first sending's unit: among the units its marks suggest (each mark as a dit, or as a
    /// dah), the one that puts every mark nearest 1 or 3 units and every gap nearest 1, 3 or 7
    /// (distances in log, so a share off counts the same at any speed), the setting's unit
    /// counting a little to break ties.
    mutating func seed(_ marks: [KeyedMark]) {
        isSeeded = true
        let lengths = marks.map { max(1, $0.durationMs) }
        let gaps = zip(marks.dropFirst(), marks).map { $0.startMs - $1.endMs }.filter { $0 > 0 }
        func distance(_ units: Double, to targets: [Double]) -> Double {
            targets.map { abs(log(units / $0)) }.min()!
        }
        func score(_ unit: Double) -> Double {
            lengths.reduce(0) { $0 + distance($1 / unit, to: [1, 3]) }
                + gaps.reduce(0) { $0 + distance($1 / unit, to: [1, 3, 7]) }
                + 0.25 * abs(log(unit / settingUnitMs))
        }
        let candidates = lengths.flatMap { [$0, $0 / 3] }
        guard let unit = candidates.min(by: { score($0) < score($1) }) else { return }
        let threshold = 1.5 * unit
        let dits = lengths.filter { $0 < threshold }, dahs = lengths.filter { $0 >= threshold }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        ditMs = mean(dits) ?? unit
        dahMs = max(mean(dahs) ?? 3 * ditMs, ditMs * Self.minimumSeparation)
    }
}

/// What a silence between two marks was read as.
public enum GapKind: String, Hashable, Sendable {
    /// Before the first mark of a sending.
    case start
    case element, character, word
}

/// One decoded element with the mark it came from and the silence before it inside its character.
public struct KeyedElement: Hashable, Sendable {
    public let element: MorseElement
    public let mark: KeyedMark
    /// The silence before this mark (nil for a sending's first mark).
    public let gapBeforeMs: Double?
}

/// One decoded character: its pattern, the symbol it is (nil: no character has that pattern).
public struct KeyedCharacter: Hashable, Sendable {
    public let pattern: String
    public let symbol: MorseSymbol?
    public let elements: [KeyedElement]
    /// The silence before the character (nil for the first of a sending).
    public let gapBeforeMs: Double?
    public let boundary: GapKind

    /// Where the character would split if two were run together: the index of the element after
    /// the one gap inside it clearly wider than the others (nil for a single element, or when no
    /// gap stands out: then there is no telling where).
    public var widestInnerGap: Int? {
        let gaps = elements.indices.dropFirst().map { ($0, elements[$0].gapBeforeMs ?? 0) }.sorted { $0.1 > $1.1 }
        guard let widest = gaps.first else { return nil }
        if gaps.count > 1, widest.1 < gaps[1].1 * 1.2 { return nil }
        return widest.0
    }
}

/// A whole sending, decoded.
public struct KeyedText: Hashable, Sendable {
    public let characters: [KeyedCharacter]

    /// The text as read: an unknown pattern is `?`, a word gap a space.
    public var text: String {
        var out = ""
        for character in characters {
            if character.boundary == .word, !out.isEmpty { out += " " }
            out += character.symbol.map { $0.prosign.map { "<\($0)>" } ?? String($0.character) } ?? "?"
        }
        return out
    }

    /// The patterns, characters apart by a space and words by ` / `, as the transcript's `keyed`.
    public var keyed: String {
        var out = ""
        for character in characters {
            if !out.isEmpty { out += character.boundary == .word ? " / " : " " }
            out += character.pattern
        }
        return out
    }
}
