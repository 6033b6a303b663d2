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

    /// A sending whose own best unit is this far (as a ratio) from the running one is a hand
    /// that changed speed: its lengths are learnt afresh from it (a copier re-syncs within a
    /// character or two). Jitter of 15 % over one character moves the best unit by far less.
    public static let resyncRatio = 1.3
    /// One mark this far beyond the running dah is no jitter (4 σ at 15 %): the hand slowed
    /// down, and both averages move by a share of the step at once.
    static let slowerRatio = 1.6
    /// Nor one below half the running dit (3.3 σ at 15 %: a dit 0.625 long is one in 160 and
    /// would shift the word threshold onto character gaps): the hand sped up.
    static let fasterRatio = 2.0
    /// The share of such a step taken at once: a run of two surprising marks moves the unit
    /// three quarters of the way, within one character.
    static let surpriseAdaptation = 0.5

    /// The sending in progress as the present lengths read it (seeded first if nothing is
    /// learnt yet), learning nothing and searching no change of speed: it is read again at
    /// every key event (the display's pattern), and the re-sync's search, of the cube of the
    /// marks, took so long in a debug build under load that the last marks of a 25-mark group
    /// came in late through the binary (0 and 10 ms marks: « / » read « X E »).
    public func preview(_ marks: [KeyedMark], alphabet: MorseAlphabet) -> KeyedText {
        var scratch = self
        return scratch.decode(marks, alphabet: alphabet, resyncing: false)
    }

    /// Decodes one sending (marks in time order), learning the sender's lengths as it goes.
    public mutating func decode(_ marks: [KeyedMark], alphabet: MorseAlphabet) -> KeyedText {
        decode(marks, alphabet: alphabet, resyncing: true)
    }

    mutating func decode(_ marks: [KeyedMark], alphabet: MorseAlphabet, resyncing: Bool) -> KeyedText {
        if !marks.isEmpty {
            if !isSeeded {
                seed(marks, prior: settingUnitMs)
            } else if resyncing, let unit = bestUnit(marks, prior: unitMs),
                      max(unit / unitMs, unitMs / unit) >= Self.resyncRatio {
                // The whole sending at hand says the speed changed (its marks and gaps fit a
                // unit far from the running one): the thresholds follow before it is read,
                // rather than the averages learning the new speed from misread elements.
                seed(marks, prior: unitMs)
            }
        }
        let change = isSeeded && resyncing ? speedChange(in: marks) : nil
        if let change { seed(Array(marks[..<change]), prior: unitMs) }
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
        for (index, mark) in marks.enumerated() {
            // The hand changed speed here: the rest is read with its own lengths, from the
            // silence before it on (the hand's new speed shapes that silence too).
            if index == change { seed(Array(marks[index...]), prior: unitMs) }
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

    /// A dit or a dah, and the average it belongs to moves toward it. A glitch (shorter than
    /// `shortestMarkMs`) is read as a dit and teaches nothing.
    mutating func classify(mark duration: Double) -> MorseElement {
        guard duration >= Self.shortestMarkMs else { return .dot }
        // A mark longer than any dah (shorter than any dit) of the running speed moves both
        // averages toward the speed it implies, keeping the hand's ratio: otherwise every dit of
        // a hand that slowed down reads as a dah and the dit average never hears of it.
        if duration > dahMs * Self.slowerRatio || duration < ditMs / Self.fasterRatio {
            let implied = duration > dahMs ? duration / dahMs : duration / ditMs
            // Bounded: through the binary a press and its release read together gave a mark of
            // 0 ms, which multiplied both averages by 0 and the next mark's ratio was infinite:
            // NaN, which every threshold then failed, for good.
            let step = pow(min(max(implied, 1 / Self.largestStep), Self.largestStep), Self.surpriseAdaptation)
            ditMs *= step
            dahMs *= step
        }
        let element: MorseElement = duration < ditDahThresholdMs ? .dot : .dash
        if element == .dot {
            ditMs += Self.adaptation * (duration - ditMs)
            ditMs = min(ditMs, dahMs / Self.minimumSeparation)
        } else {
            dahMs += Self.adaptation * (duration - dahMs)
            dahMs = max(dahMs, ditMs * Self.minimumSeparation)
        }
        keepLengthsSound()
        return element
    }

    /// A mark shorter than this is no hand's (a dit at 120 WPM; the fastest setting's is 15 ms):
    /// a press and its release stamped together after a stall of the reader or the terminal, or a
    /// contact's bounce. It is read as a dit and is kept out of every length learnt.
    public static let shortestMarkMs = 10.0
    /// At most this ratio from one surprising mark (a hand does not change speed fourfold).
    static let largestStep = 4.0

    /// The lengths stay finite and apart whatever the marks: a decoder that lost them would
    /// read every later mark wrong (the averages only ever move from where they are).
    mutating func keepLengthsSound() {
        if !ditMs.isFinite || !dahMs.isFinite || ditMs < 1 || dahMs < 1 {
            ditMs = settingUnitMs
            dahMs = 3 * settingUnitMs
        }
        dahMs = max(dahMs, ditMs * Self.minimumSeparation)
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
    mutating func seed(_ marks: [KeyedMark], prior: Double) {
        let marks = marks.filter { $0.durationMs >= Self.shortestMarkMs }
        guard let unit = bestUnit(marks, prior: prior) else { return }
        isSeeded = true
        let lengths = marks.map(\.durationMs)
        let threshold = 1.5 * unit
        let dits = lengths.filter { $0 < threshold }, dahs = lengths.filter { $0 >= threshold }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        ditMs = mean(dits) ?? unit
        dahMs = max(mean(dahs) ?? 3 * ditMs, ditMs * Self.minimumSeparation)
        keepLengthsSound()
    }

    /// A sending keyed at two speeds (the hand slowed down or sped up inside it) is read as two:
    /// the mark where the second speed starts, when splitting there fits the marks and gaps
    /// better, by more than `changePenalty`, than one unit for the whole (distances in log), and
    /// the two units are `resyncRatio` apart. Only sendings of at most `changeSearchMarks` marks
    /// are searched (a word of free sending; the search grows as the cube of the length).
    func speedChange(in marks: [KeyedMark]) -> Int? {
        guard marks.count >= 4, marks.count <= Self.changeSearchMarks else { return nil }
        let whole = fit(marks, unit: bestUnit(marks, prior: unitMs) ?? unitMs)
        var best: (index: Int, score: Double)?
        guard marks.count >= 2 * Self.changeSegmentMarks else { return nil }
        for index in Self.changeSegmentMarks...(marks.count - Self.changeSegmentMarks) {
            let first = Array(marks[..<index]), second = Array(marks[index...])
            guard let one = bestUnit(first, prior: unitMs), let two = bestUnit(second, prior: one),
                  max(one / two, two / one) >= Self.resyncRatio else { continue }
            let score = fit(first, unit: one) + fit(second, unit: two) + Self.changePenalty
            if score < whole, score < best?.score ?? .infinity { best = (index, score) }
        }
        return best?.index
    }

    /// What reading a sending as two costs, in the same log distances as a mark's misfit: more
    /// than jitter alone gains by a split (the steady hands of `SendingHandTests`, 15 % jitter,
    /// read as before).
    static let changePenalty = 3.0
    /// Each speed's marks at least: a stall of a loaded machine stretching the last two or three
    /// marks of a group (through the binary at 25 WPM, « 8 » read « O T E ») is no new speed.
    static let changeSegmentMarks = 6
    static let changeSearchMarks = 40

    /// How far a sending's marks lie from 1 or 3 units and its gaps from 1, 3 or 7 (log).
    func fit(_ marks: [KeyedMark], unit: Double) -> Double {
        Fitting(marks).misfit(unit: unit)
    }

    /// The unit that puts a sending's marks nearest 1 or 3 units and its gaps nearest 1, 3 or 7
    /// (distances in log), `prior` (the setting's unit first, then the running one) counting a
    /// little to break ties: a lone mark or a run of equal marks says nothing of the speed.
    func bestUnit(_ marks: [KeyedMark], prior: Double) -> Double? {
        let fitting = Fitting(marks)
        // Each candidate scored once, the first of the lowest kept (as `min(by:)` keeps it).
        var best: (unit: Double, score: Double)?
        for length in fitting.marks {
            for unit in [length, length / 3] {
                let score = fitting.misfit(unit: unit) + 0.25 * abs(log(unit / prior))
                if let kept = best, !(score < kept.score) { continue }
                best = (unit, score)
            }
        }
        return best?.unit
    }

    /// A sending's marks (those long enough to teach anything) and the silences between them,
    /// taken once: `speedChange` scores each split against every candidate unit (a few
    /// thousand misfits a group), and filtering and pairing the marks again for each, with an
    /// array of targets per distance, made the decoder's tests 60 s of the suite's CPU
    /// (issue 51). The sums run in the same order as before, so every figure is the same.
    private struct Fitting {
        let marks: [Double]
        let gaps: [Double]

        init(_ keyed: [KeyedMark]) {
            let kept = keyed.filter { $0.durationMs >= AdaptiveDecoder.shortestMarkMs }
            marks = kept.map(\.durationMs)
            gaps = zip(kept.dropFirst(), kept).map { $0.startMs - $1.endMs }.filter { $0 > 0 }
        }

        func misfit(unit: Double) -> Double {
            var fromMarks = 0.0
            for mark in marks {
                let units = mark / unit
                fromMarks += min(abs(log(units / 1)), abs(log(units / 3)))
            }
            var fromGaps = 0.0
            for gap in gaps {
                let units = gap / unit
                fromGaps += min(min(abs(log(units / 1)), abs(log(units / 3))), abs(log(units / 7)))
            }
            return fromMarks + fromGaps
        }
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
