// SPDX-License-Identifier: GPL-3.0-or-later
/// Prepares display text for liblouis. French typography puts U+202F (narrow no-break space)
/// between digit groups and U+00A0 before "€" or ":"; the 6-dot tables pass those through as raw
/// characters, and a plain space inside "1 490" splits it into two numbers, each with its own
/// number sign. So the spaces that group digits are removed ("1 490 €" → "1490 €") and every
/// other space-like character becomes a plain space.
///
/// Each output scalar remembers the input scalar it came from, so cursor offsets and routing keys
/// can be mapped back to the original text.
public struct NormalizedBrailleText: Equatable, Sendable {
    public let scalars: [Unicode.Scalar]
    /// For each output scalar, the index of the input scalar it came from.
    public let sourceIndex: [Int]
    /// Number of scalars in the input.
    public let sourceCount: Int

    public var text: String { String(String.UnicodeScalarView(scalars)) }

    /// The first output scalar at or after input scalar `index` (the end if none). A binary
    /// search: `sourceIndex` only grows, and a caller mapping every character of a long field
    /// must not pay a scan per character.
    public func outputIndex(forSource index: Int) -> Int {
        var low = 0, high = sourceIndex.count
        while low < high {
            let middle = (low + high) / 2
            if sourceIndex[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `outputIndex(forSource:)` for every input scalar and one past the end, in one pass.
    public var outputIndexOfEverySource: [Int] {
        var result = [Int](repeating: scalars.count, count: sourceCount + 1)
        var output = 0
        for source in 0...sourceCount {
            while output < sourceIndex.count && sourceIndex[output] < source { output += 1 }
            result[source] = output
        }
        return result
    }
}

public enum BrailleTextNormalizer {
    /// Space characters that typography uses inside or around numbers.
    static let spaceLike: Set<UInt32> = [0x0020, 0x00A0, 0x2007, 0x2008, 0x2009, 0x200A, 0x202F, 0x205F]

    public static func normalize(_ text: String) -> NormalizedBrailleText {
        let input = Array(text.unicodeScalars)
        var scalars: [Unicode.Scalar] = []
        var sources: [Int] = []
        scalars.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let scalar = input[i]
            if spaceLike.contains(scalar.value) {
                if isDigitGroupSeparator(input, at: i) {
                    i += 1
                    continue
                }
                scalars.append(" ")
            } else if scalar.value == 0x2019 || scalar.value == 0x02BC {
                // The typographic apostrophe of "l’IA": the tables know only the ASCII one.
                scalars.append("'")
            } else {
                scalars.append(scalar)
            }
            sources.append(i)
            i += 1
        }
        return NormalizedBrailleText(scalars: scalars, sourceIndex: sources, sourceCount: input.count)
    }

    /// A space between digits where the digits after it form a group of exactly three (followed by
    /// a non-digit), and the digits before it a group of one to three: "1 490", "12 345 678".
    /// "2 3" or "10 2026" (two numbers side by side) are left alone.
    static func isDigitGroupSeparator(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        guard i > 0 else { return false }
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < s.count && ("0"..."9").contains(s[k]) }
        guard isDigit(i - 1), isDigit(i + 1), isDigit(i + 2), isDigit(i + 3) else { return false }
        // The group after must be exactly three digits: then the end, a non-digit, or another separator.
        if isDigit(i + 4) { return false }
        // The group before: one to three digits, preceded by a non-digit or by another separator.
        var start = i - 1
        while isDigit(start - 1) { start -= 1 }
        let before = i - start
        guard (1...3).contains(before) else { return false }
        if start > 0, spaceLike.contains(s[start - 1].value), isDigit(start - 2) {
            return before == 3
        }
        return true
    }
}
