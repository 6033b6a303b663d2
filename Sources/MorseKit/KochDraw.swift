// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The Koch lesson's draw (issue 48, item 3): weak symbols come more often, but every symbol's
/// share stays near its target over any 50 questions, and no simple guess beats chance.
///
/// Each question adds every symbol's share to its credit and takes one from the symbol asked,
/// so a credit is how far the symbol is behind its share. A symbol is drawn with probability
/// proportional to its share times e^(λ·credit): those behind come sooner. Two guards hold the
/// share of the last 50 questions within ±10 points of the target: a symbol one more of which
/// would pass it is not drawn, and one that would fall under it is.
///
/// Balance costs predictability: a symbol behind is the one not asked lately, which is what
/// « the other one » and « the least recent » guess. Half the time the credits are read as they
/// stood before the last question (its symbol not yet taken off): then the symbol just asked
/// is no less likely than before, which is what « repeat the last » bets on. With two symbols
/// the two readings cancel exactly (both guessers at 50 % with λ = 3, K:M within 23–27 in every
/// 50 questions); from three symbols on, the least-recent guesser reads any strong control, so
/// λ is 0.3 there and the guards do the balancing.
public struct KochDraw: Hashable, Sendable {
    /// Credits by symbol id.
    public private(set) var credit: [String: Double] = [:]
    /// The questions asked, newest last (the guards' window).
    public private(set) var recent: [String] = []
    /// The shares the last question was drawn with, by symbol id.
    private var lastShares: [String: Double] = [:]
    /// The lesson's number of symbols the credits were kept for.
    private var poolSize = 0
    /// With two symbols: half a switch expected per question, less the switches made. « The
    /// other one » and « repeat the last » each bet on one of the two; held near zero, neither
    /// strays from 50 % in one session (in a model, the spread of a 200-question session fell
    /// from 2.9 points to 0.5).
    public private(set) var switchCredit = 0.0
    public static let switchPull = 0.3

    /// The window the guards hold the shares over, and how far from its target a share may be.
    public static let window = 50
    public static let tolerance = 0.10

    public init() {}

    /// λ: how strongly a symbol behind its share is pulled forward.
    public static func pull(symbols: Int) -> Double { symbols <= 2 ? 3 : 0.3 }

    /// The next question from `pool` (`weights` in the same order); `forced` (a symbol just
    /// unlocked) is asked as it is and counted like a draw.
    public mutating func next<Random: RandomNumberGenerator>(pool: [MorseSymbol], weights: [Double], forced: MorseSymbol?,
                                                             using random: inout Random) -> MorseSymbol {
        // A new lesson starts its own window: the old symbols' counts would otherwise shut them
        // out (their shares fell) and ask the new one a dozen times in a row.
        if poolSize != pool.count {
            self = KochDraw()
            poolSize = pool.count
        }
        let total = weights.reduce(0, +)
        let shares = weights.map { total > 0 ? $0 / total : 1 / Double(pool.count) }
        for (symbol, share) in zip(pool, shares) { credit[symbol.id, default: 0] += share }
        let chosen = forced ?? pick(pool: pool, shares: shares, using: &random)
        credit[chosen.id, default: 0] -= 1
        if pool.count == 2, let last = recent.last { switchCredit += 0.5 - (chosen.id == last ? 0 : 1) }
        lastShares = Dictionary(uniqueKeysWithValues: zip(pool.map(\.id), shares))
        recent.append(chosen.id)
        if recent.count > Self.window - 1 { recent.removeFirst(recent.count - (Self.window - 1)) }
        return chosen
    }

    private func pick<Random: RandomNumberGenerator>(pool: [MorseSymbol], shares: [Double], using random: inout Random) -> MorseSymbol {
        var read = credit
        if let last = recent.last, Double.random(in: 0..<1, using: &random) < 0.5 {
            read[last, default: 0] += 1
            for (id, share) in lastShares { read[id, default: 0] -= share }
        }
        let pull = Self.pull(symbols: pool.count)
        var weights = zip(pool, shares).map { symbol, share in share * exp(min(50, pull * (read[symbol.id] ?? 0))) }
        if pool.count == 2, let last = recent.last {
            let toward = max(-50, min(50, Self.switchPull * switchCredit))
            weights = zip(pool, weights).map { symbol, weight in weight * exp(symbol.id == last ? -toward : toward) }
        }
        // The guards, once a whole window is behind: none over, and the one under if any.
        let counts = recent.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        let limit = Double(Self.window)
        for (index, (symbol, share)) in zip(pool, shares).enumerated()
        where Double((counts[symbol.id] ?? 0) + 1) > (share + Self.tolerance) * limit {
            weights[index] = 0
        }
        if recent.count == Self.window - 1 {
            let under = zip(pool, shares).enumerated().filter { _, pair in
                Double(counts[pair.0.id] ?? 0) < ((pair.1 - Self.tolerance) * limit).rounded(.up)
            }.map(\.offset)
            if !under.isEmpty {
                weights = weights.indices.map { under.contains($0) ? max(weights[$0], shares[$0]) : 0 }
            }
        }
        let sum = weights.reduce(0, +)
        guard sum > 0 else { return pool[Int.random(in: 0..<pool.count, using: &random)] }
        var at = Double.random(in: 0..<sum, using: &random)
        for (symbol, weight) in zip(pool, weights) {
            if at < weight { return symbol }
            at -= weight
        }
        return pool[pool.count - 1]
    }
}
