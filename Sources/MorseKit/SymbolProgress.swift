// SPDX-License-Identifier: GPL-3.0-or-later
/// Learning progress of one Morse symbol.
public struct SymbolProgress: Hashable, Sendable {
    public let attempts: Int
    public let correct: Int
    public init(attempts: Int, correct: Int) {
        self.attempts = attempts
        self.correct = correct
    }
    /// Whole percent of right answers, 0 for a symbol never practised.
    public var percent: Int { attempts == 0 ? 0 : Int((Double(correct) * 100 / Double(attempts)).rounded()) }
}
