// SPDX-License-Identifier: GPL-3.0-or-later
/// One mark of keyed Morse: the key went down at `startMs` and up at `endMs` (monotonic
/// milliseconds, as the runtime stamped the key events). Tapping makes each mark a whole
/// element of the learner's speed; a straight key gives the hand's own lengths.
public struct KeyedMark: Hashable, Sendable {
    public let startMs: Double
    public let endMs: Double

    public init(startMs: Double, endMs: Double) {
        self.startMs = startMs
        self.endMs = max(startMs, endMs)
    }

    public var durationMs: Double { endMs - startMs }
}

/// How the learner keys: each level is what the terminal and devices can give.
public enum KeyingLevel: String, Hashable, Sendable {
    /// `-.-` typed as a line: knowledge of the code, no timing.
    case pattern
    /// One key a dit, one a dah, each press a whole element: the spacing is the learner's.
    case tapping
    /// A key held down for the mark (the kitty protocol's press and release): all timing is the hand's.
    case straightKey = "straight"
    /// Two paddles held down (the kitty protocol's press and release) drive an iambic keyer:
    /// its elements are whole units, the spacing between characters is the learner's.
    case paddles
}

/// A key event of the sending practice, stamped when its bytes were read.
public enum KeyingEvent: Hashable, Sendable {
    /// A tapped element (a whole dit or dah) pressed at `atMs`.
    case element(MorseElement, atMs: Double)
    /// The straight key went down.
    case down(atMs: Double)
    /// The straight key came up.
    case up(atMs: Double)
}

extension Sidetone {
    /// A keyer's element and its space as one stretch of sound: the tone's ramps centred on the
    /// element's edges (so at half amplitude it lasts exactly `markMs`), then silence to the end
    /// of the space. Sounded as one piece, a keyer's elements follow each other on the output
    /// (and in an `--audio-out` file) with their spaces exactly as the keyer timed them.
    public static func keyedSamples(markMs: Double, spaceMs: Double, settings: MorseSettings, sampleRate: Int) -> [Int16] {
        let mark = max(1, Int((markMs * Double(sampleRate) / 1000).rounded()))
        let space = max(0, Int((spaceMs * Double(sampleRate) / 1000).rounded()))
        let wanted = Int((settings.rampMs * Double(sampleRate) / 1000).rounded())
        let ramp = max(0, min(wanted, mark / 2, space))
        // Every element starts half a ramp late alike (as `MorseToneRenderer`'s do), so the
        // spaces between them stay exact.
        var samples = MorseToneRenderer.element(length: mark + ramp, sampleRate: sampleRate, tone: settings.tone, rampSamples: ramp)
        samples += [Int16](repeating: 0, count: max(0, mark + space - samples.count))
        return samples
    }

    /// A tone of `durationMs` at the Morse settings' pitch, volume and ramps (no clicks).
    public static func samples(durationMs: Double, settings: MorseSettings, sampleRate: Int) -> [Int16] {
        let length = max(1, Int((durationMs * Double(sampleRate) / 1000).rounded()))
        let ramp = min(length / 2, Int((settings.rampMs * Double(sampleRate) / 1000).rounded()))
        return MorseToneRenderer.element(length: length, sampleRate: sampleRate, tone: settings.tone, rampSamples: ramp)
    }
}
