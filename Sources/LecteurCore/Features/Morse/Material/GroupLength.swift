// SPDX-License-Identifier: GPL-3.0-or-later
/// How many characters a code group has (`régler longueur-groupes 3` or `3-7`): one length, or a
/// range each group's length is drawn from, as LCWO and G4FON offer.
public enum GroupLength {
    public static let limits = 1...10
    public static let standard = 5...5
    public static let storageKey = "morse.group-length"

    /// "5", "3-7", "3 à 7", "3 a 7", "3 to 7", "3..7"; nil when not within 1–10 or not understood.
    public static func parse(_ text: String) -> ClosedRange<Int>? {
        let folded = CommandParser.fold(text)
        var parts: [Substring] = [folded[...]]
        for separator in ["..", "-", " a ", " to ", "–"] where folded.contains(separator) {
            parts = folded.split(separator: separator, omittingEmptySubsequences: false).map { $0 }
            break
        }
        let numbers = parts.map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(numbers.count), numbers.allSatisfy({ $0 != nil }) else { return nil }
        let low = numbers.first!!, high = numbers.last!!
        guard low <= high, limits.contains(low), limits.contains(high) else { return nil }
        return low...high
    }

    /// As stored and typed back: "5" or "3-7".
    public static func text(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    }
}
