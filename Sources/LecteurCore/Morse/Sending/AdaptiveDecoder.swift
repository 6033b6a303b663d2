// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns keyed marks into Morse characters as libcw's adaptive receive does: a mark is a dit or a
/// dah by the geometric mean of the sender's running dit and dah lengths, a gap is inside a
/// character, between characters or between words by the geometric means of the sender's own
/// running gap lengths. Every average follows the sender, so a hand that speeds up from 15 to 22
/// WPM, or keys its dahs short, is still read; the decoder is a value kept across a session.
public struct AdaptiveDecoder: Hashable, Sendable {
    public private(set) var ditMs: Double
    public private(set) var dahMs: Double
    public private(set) var elementGapMs: Double
    public private(set) var characterGapMs: Double
    public private(set) var wordGapMs: Double

    /// How much one new length moves its average: enough to follow a drifting hand within a few
    /// characters, little enough that one sloppy element does not swing the thresholds.
    public static let adaptation = 0.25
    /// The averages never come closer than this ratio, so a run of dits alone cannot make the
    /// next dit a dah (nor a run of close gaps a character gap).
    static let minimumSeparation = 1.6

    /// Starts from the ideal lengths at `wpm` (1200 / WPM ms a unit).
    public init(wpm: Double) {
        let unit = 1200 / max(1, wpm)
        ditMs = unit
        dahMs = 3 * unit
        elementGapMs = unit
        characterGapMs = 3 * unit
        wordGapMs = 7 * unit
    }

    public var ditDahThresholdMs: Double { (ditMs * dahMs).squareRoot() }
    public var characterThresholdMs: Double { (elementGapMs * characterGapMs).squareRoot() }
    public var wordThresholdMs: Double { (characterGapMs * wordGapMs).squareRoot() }

    /// Decodes one sending (marks in time order), learning the sender's lengths as it goes.
    public mutating func decode(_ marks: [KeyedMark], alphabet: MorseAlphabet) -> KeyedText {
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

    mutating func classify(gap: Double) -> GapKind {
        if gap < characterThresholdMs {
            elementGapMs += Self.adaptation * (gap - elementGapMs)
            elementGapMs = min(elementGapMs, characterGapMs / Self.minimumSeparation)
            return .element
        }
        if gap < wordThresholdMs {
            characterGapMs += Self.adaptation * (gap - characterGapMs)
            characterGapMs = min(max(characterGapMs, elementGapMs * Self.minimumSeparation), wordGapMs / Self.minimumSeparation)
            return .character
        }
        wordGapMs += Self.adaptation * (gap - wordGapMs)
        wordGapMs = max(wordGapMs, characterGapMs * Self.minimumSeparation)
        return .word
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
