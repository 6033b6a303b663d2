// SPDX-License-Identifier: GPL-3.0-or-later
/// What storage remembers of past answers that a new exercise starts from: the Koch window of
/// each level, the confusions, the reflex drills' latest times. Read from storage once at
/// start-up, then kept by the reader as it asks storage to record each answer, so the reducer
/// builds every exercise from its own state and the runtime adds only the seed.
public struct PracticeRecord: Hashable, Sendable {
    /// Whether storage keeps answers at all (no database: nothing is remembered, not even
    /// within the run, as storage would answer).
    public var kept: Bool
    /// Koch answers by the level they were given at, oldest first, at most a window each.
    public var kochWindows: [Int: [RecentAnswer]]
    /// How often each symbol (by id) was taken for another: `[expected: [typed: count]]`.
    public var confusions: [String: [String: Int]]
    /// The active reflex drill's latest times with the right character, newest first.
    public var reflexTimes: [Int]

    public init(kept: Bool = false, kochWindows: [Int: [RecentAnswer]] = [:], confusions: [String: [String: Int]] = [:],
                reflexTimes: [Int] = []) {
        self.kept = kept
        self.kochWindows = kochWindows
        self.confusions = confusions
        self.reflexTimes = reflexTimes
    }

    /// How many Koch answers a level's window keeps (storage reads as many).
    public static let kochWindow = PracticeOptions().kochWindow
    /// Sending practice's modes, whose answers are keyed, not heard: no confusion counts them
    /// (storage's `LecteurDatabase.sendingModes`).
    static let sendingModes: Set<String> = [SendingMode.koch.name, SendingMode.echo.name]

    /// What a listening session in `mode` starts from.
    public func history(for mode: PracticeMode) -> PracticeHistory {
        switch mode {
        case .koch(let level): PracticeHistory(kochWindow: kochWindows[level] ?? [])
        case .symbol: PracticeHistory(confusions: confusions)
        case .weakSymbols: .none
        }
    }

    /// An answer the reader asked storage to record, counted as storage counts it.
    public mutating func keep(_ attempt: PracticeAttempt) {
        guard kept else { return }
        if attempt.mode == PracticeMode.koch(level: 0).name, let level = attempt.kochLevel {
            var window = kochWindows[level] ?? []
            window.append(RecentAnswer(correct: attempt.correct, latencyMs: attempt.latencyMs))
            kochWindows[level] = Array(window.suffix(Self.kochWindow))
        }
        if !attempt.correct, let typed = attempt.typedID, typed != attempt.symbolID, !Self.sendingModes.contains(attempt.mode) {
            confusions[attempt.symbolID, default: [:]][typed, default: 0] += 1
        }
        if attempt.mode == ReflexMode.active.name, attempt.typedID == attempt.symbolID, let latency = attempt.latencyMs {
            reflexTimes = Array(([latency] + reflexTimes).prefix(ReflexSettings.storedTimes))
        }
    }
}
