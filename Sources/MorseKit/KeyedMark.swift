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
