// SPDX-License-Identifier: GPL-3.0-or-later
/// Element and gap durations (ITU-R M.1677-1 §2, PARIS standard word of 50 units) with the
/// ARRL Farnsworth spacing when the overall speed is lower than the character speed: characters
/// keep their shape at the character speed and only the gaps between characters and words grow.
public struct MorseTiming: Hashable, Sendable {
    /// Speed at which each character is sent, in words per minute.
    public let characterWPM: Double
    /// Effective speed of the whole text; equal to `characterWPM` without Farnsworth spacing.
    public let overallWPM: Double
    /// Wordsworth spacing (LCWO's extra word space): the overall speed stretches the gaps
    /// between words only, characters keep their standard 3-unit gaps.
    public let stretchesWordsOnly: Bool

    /// `overallWPM` nil, or not lower than `characterWPM`, means standard spacing; `wordsOnly`
    /// spends the slower overall speed on the word gaps alone (Wordsworth), not on every gap.
    public init(characterWPM: Double, overallWPM: Double? = nil, wordsOnly: Bool = false) {
        stretchesWordsOnly = wordsOnly
        precondition(characterWPM > 0, "Morse speed must be positive")
        self.characterWPM = characterWPM
        if let overallWPM, overallWPM > 0, overallWPM < characterWPM {
            self.overallWPM = overallWPM
        } else {
            self.overallWPM = characterWPM
        }
    }

    public var usesFarnsworth: Bool { overallWPM < characterWPM && !stretchesWordsOnly }
    public var usesWordsworth: Bool { overallWPM < characterWPM && stretchesWordsOnly }
    /// The word gap is not the standard 7 units.
    public var stretchesWordGaps: Bool { overallWPM < characterWPM }

    /// 1200 / WPM milliseconds.
    public var unitMs: Double { 1200 / characterWPM }

    /// ARRL "Farnsworth timing": ta = (60c − 37.2s) / (s·c) seconds of delay spread over the
    /// 19 units of spacing in PARIS, 3 of them between characters and 7 between words.
    public var farnsworthDelayMs: Double {
        let c = characterWPM, s = overallWPM
        return (60 * c - 37.2 * s) / (s * c) * 1000
    }

    public var elementGapMs: Double { unitMs }
    public var characterGapMs: Double { usesFarnsworth ? 3 * farnsworthDelayMs / 19 : 3 * unitMs }
    /// Wordsworth: PARIS and its word gap last 60/s seconds, of which its 43 other units are
    /// at the character speed: the word gap is the rest.
    public var wordGapMs: Double {
        if usesFarnsworth { return 7 * farnsworthDelayMs / 19 }
        if usesWordsworth { return 60_000 / overallWPM - 43 * unitMs }
        return 7 * unitMs
    }

    public func durationMs(of element: MorseElement) -> Double { Double(element.units) * unitMs }

    /// Samples in one unit at this sample rate, computed as rate·6 / (WPM·5) so that the usual
    /// cases (22050 Hz at 20 or 35 WPM: 1323 and 756) are exact integers rather than products
    /// of an inexact 1.2.
    public func samplesPerUnit(sampleRate: Int) -> Double {
        Double(sampleRate * 6) / (characterWPM * 5)
    }
}
