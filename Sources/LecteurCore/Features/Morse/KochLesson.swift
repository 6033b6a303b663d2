// SPDX-License-Identifier: GPL-3.0-or-later

/// The Koch level (how many symbols of the Koch order are unlocked) and the lesson number the
/// learner types and hears (LCWO's numbering: lesson 1 is K and M, so lesson N unlocks N + 1
/// symbols). Both numberings are stated here only.
public enum KochLesson {
    /// The lessons `régler koch` accepts.
    public static func lessons(_ alphabet: MorseAlphabet = .standard, order: KochOrder = .lcwo) -> ClosedRange<Int> {
        1...(order.symbols(alphabet).count - 1)
    }

    public static func level(lesson: Int) -> Int { lesson + 1 }

    public static func lesson(level: Int) -> Int { max(level - 1, 1) }

    /// The stored level within the order's bounds (a hand-edited file may hold anything).
    public static func clamped(_ level: Int, _ alphabet: MorseAlphabet, order: KochOrder = .lcwo) -> Int {
        min(max(level, PracticeMode.kochStartLevel), order.symbols(alphabet).count)
    }
}
