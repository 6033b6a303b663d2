// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// A simulated hand on a straight key, for the sending tests: each element and gap is its book
/// length at the current speed times 1 + a Gaussian of the given spread (10 % jitter: σ = 0.1 of
/// the length), dahs `ratio` dits long. Seeded, so a figure is reproducible.
public struct KeyingHand {
    public var jitter: Double
    public var ratio: Double
    private var random: SeededRandom

    public init(seed: UInt64, jitter: Double, ratio: Double = 3) {
        random = SeededRandom(seed: seed)
        self.jitter = jitter
        self.ratio = ratio
    }

    public mutating func next() -> UInt64 { random.next() }

    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func gaussian() -> Double {
        let u1 = max(uniform(), 1e-12), u2 = uniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// A length jittered, never below a fifth of itself.
    public mutating func jittered(_ length: Double) -> Double { max(length * 0.2, length * (1 + jitter * gaussian())) }

    /// Key-down and key-up times (ms from `startMs`) for characters given by their patterns
    /// (`"-.-"`; `" "` alone is a word space), the speed given per character's index.
    public mutating func key(patterns: [String], startMs: Double = 0, wpm: (Int) -> Double) -> (marks: [(down: Double, up: Double)], endMs: Double) {
        var marks: [(down: Double, up: Double)] = []
        var at = startMs
        var index = 0
        var afterWord = false
        for pattern in patterns {
            if pattern == " " { afterWord = true; continue }
            let unit = 1200 / wpm(index)
            if index > 0 { at += jittered((afterWord ? 7 : 3) * unit) }
            afterWord = false
            for (n, element) in pattern.enumerated() {
                if n > 0 { at += jittered(unit) }
                let length = jittered(element == "." ? unit : ratio * unit)
                marks.append((at, at + length))
                at += length
            }
            index += 1
        }
        return (marks, at)
    }
}

/// Levenshtein distance: a character read wrong, missed or added counts one.
public func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(1, b.count) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}
