// SPDX-License-Identifier: GPL-3.0-or-later
/// Reflex drills' two times (CW Academy's instant character recognition, Morse Code Ninja): in
/// the passive drill, how long the learner has to name the character silently before it is
/// said; in the active drill, how soon an answer must come to count.
public struct ReflexSettings: Hashable, Sendable {
    /// Passive: from the end of the character's tones to its name.
    public var pauseMs = 1_500
    /// Active: the latest an answer counts as right, from the end of the tones.
    public var limitMs = 1_000
    /// By touch (no voice, a display): from when the question is shown, the time to read its
    /// pattern and type the answer on the display's keyboard (both drills).
    public var touchLimitMs = 5_000
    /// The drills' own character speed (CW Academy's ICR at 25–30 WPM), whatever the copy speed.
    public var wpm = 25

    public init(pauseMs: Int = 1_500, limitMs: Int = 1_000, touchLimitMs: Int = 5_000) {
        self.pauseMs = pauseMs
        self.limitMs = limitMs
        self.touchLimitMs = touchLimitMs
    }

    /// Seconds. Below half a second the name runs into the character; past 5 s it is no reflex.
    public static let pauseRange: ClosedRange<Double> = 0.5...5
    /// Seconds. A typed answer takes about 0.3 s of keyboard alone (code-smore's baseline).
    public static let limitRange: ClosedRange<Double> = 0.3...5
    /// Seconds. Reading a pattern and typing a cell and dot 8 takes a second at the least.
    public static let touchLimitRange: ClosedRange<Double> = 1...30

    /// How many stored answer times the median said at a drill's start is taken over.
    public static let storedTimes = 20

    public static let pauseKey = "morse.reflex.pause-ms"
    public static let limitKey = "morse.reflex.time-ms"
    public static let touchLimitKey = "morse.reflex.touch-time-ms"
    public static let wpmKey = "morse.reflex.wpm"
    /// WPM, as the other Morse speeds.
    public static let wpmRange = 5...80
    /// The median time per character of the latest active drill, in milliseconds.
    public static let medianKey = "morse.reflex.median-ms"

    /// Stored values in milliseconds; one out of range keeps the default.
    public static func restore(_ value: (String) -> String?) -> ReflexSettings {
        var settings = ReflexSettings()
        if let ms = value(pauseKey).flatMap(Int.init), pauseRange.contains(Double(ms) / 1000) { settings.pauseMs = ms }
        if let ms = value(limitKey).flatMap(Int.init), limitRange.contains(Double(ms) / 1000) { settings.limitMs = ms }
        if let ms = value(touchLimitKey).flatMap(Int.init), touchLimitRange.contains(Double(ms) / 1000) { settings.touchLimitMs = ms }
        if let wpm = value(wpmKey).flatMap(Int.init), wpmRange.contains(wpm) { settings.wpm = wpm }
        return settings
    }
}
