// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// The number and Morse rules read on a text's UTF-8 bytes: most texts hold none of what they
/// look for, and are passed in one pass over their bytes, without an array of their scalars.
enum BytePatterns {
    /// What a text may hold, for each speech rule: a necessary condition of the rule's finding,
    /// never a sufficient one (the rule then scans the scalars).
    struct Found: OptionSet {
        let rawValue: UInt8
        /// A digit, a no-break, narrow no-break, thin or figure space, a digit ("1\u{202F}490").
        static let numberSpace = Found(rawValue: 1)
        /// A digit, a comma or dot, two zeros ("990,00").
        static let decimalZeros = Found(rawValue: 2)
        /// A digit, a slash, dot or hyphen, a digit (a numeric date).
        static let numericDate = Found(rawValue: 4)
        /// A Morse mark at the start or after a space (any non-ASCII character before it is
        /// taken for a possible space).
        static let morse = Found(rawValue: 8)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Everything, for a string whose bytes cannot be read in place.
        init(_ text: String) {
            self = text.utf8.withContiguousStorageIfAvailable(Self.scan) ?? [.numberSpace, .decimalZeros, .numericDate, .morse]
        }

        private static func scan(_ s: UnsafeBufferPointer<UInt8>) -> Found {
            var found: Found = []
            let kinds = BytePatterns.kinds
            for i in s.indices {
                let b = s[i], kind = kinds[Int(b)]
                if kind == 0 { continue }
                if kind == 1 {
                    guard i + 2 < s.count else { continue }
                    let next = s[i + 1]
                    if case let space = nonBreakingSpace(s, i + 1), space > 0, isDigit(s, i + 1 + space) { found.insert(.numberSpace) }
                    if next == 0x2C || next == 0x2E, i + 3 < s.count, s[i + 2] == 0x30, s[i + 3] == 0x30 { found.insert(.decimalZeros) }
                    if next == 0x2F || next == 0x2E || next == 0x2D, isDigit(s, i + 2) { found.insert(.numericDate) }
                } else if i == 0 || s[i - 1] == 0x20 || (s[i - 1] >= 0x09 && s[i - 1] <= 0x0D) || s[i - 1] >= 0x80,
                          isMorseMark(s, i) {
                    found.insert(.morse)
                }
            }
            return found
        }
    }

    /// For each byte: 1 for a digit, 2 for a byte a Morse mark may start with, 0 otherwise
    /// (most of a text).
    private static let kinds: [UInt8] = (0..<256).map { b in
        switch b {
        case 0x30...0x39: 1
        case 0x2E, 0x2D, 0x5F, 0xC2, 0xE2: 2
        default: 0
        }
    }

    /// The mark of `SpeechMorseSymbolsRule.isMark` starting at byte `i`, if any.
    private static func isMorseMark(_ s: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        switch s[i] {
        case 0x2E, 0x2D, 0x5F: return true
        // U+00B7; U+2010…U+2014, U+2022; U+2212, U+2219; U+22C5.
        case 0xC2: return i + 1 < s.count && s[i + 1] == 0xB7
        case 0xE2:
            guard i + 2 < s.count else { return false }
            switch (s[i + 1], s[i + 2]) {
            case (0x80, 0x90...0x94), (0x80, 0xA2), (0x88, 0x92), (0x88, 0x99), (0x8B, 0x85): return true
            default: return false
            }
        default: return false
        }
    }

    /// braille-number-split's finding: the first digit followed by a space of any kind and
    /// exactly three digits, as the number around that space (digits, and spaces between
    /// digits) and the space.
    static func splitNumber(in text: String) -> (number: String, space: Unicode.Scalar)? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { s -> (number: String, space: Unicode.Scalar)? in
            for i in s.indices where isDigit(s, i) {
                let space = numberSpace(s, i + 1), group = i + 1 + space
                guard space > 0, isDigit(s, group), isDigit(s, group + 1), isDigit(s, group + 2), !isDigit(s, group + 3)
                else { continue }
                var start = i + 1, end = group
                while start > 0 {
                    if isDigit(s, start - 1) { start -= 1; continue }
                    let before = numberSpace(endingAt: start, s)
                    guard before > 0, start - before >= 1, isDigit(s, start - before - 1) else { break }
                    start -= before
                }
                while end < s.count {
                    if isDigit(s, end) { end += 1; continue }
                    let after = numberSpace(s, end)
                    guard after > 0, isDigit(s, end + after) else { break }
                    end += after
                }
                return (String(decoding: UnsafeBufferPointer(rebasing: s[start..<end]), as: UTF8.self),
                        Unicode.Scalar(WordSpans.decode(s, at: i + 1).0)!)
            }
            return nil
        }!
    }

    @inline(__always)
    private static func isDigit(_ s: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i < s.count && s[i] >= 0x30 && s[i] <= 0x39
    }

    /// The length of the no-break, narrow no-break, thin or figure space at `i`, or 0.
    private static func nonBreakingSpace(_ s: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        if i + 1 < s.count, s[i] == 0xC2, s[i + 1] == 0xA0 { return 2 }
        if i + 2 < s.count, s[i] == 0xE2, s[i + 1] == 0x80, s[i + 2] == 0xAF || s[i + 2] == 0x89 || s[i + 2] == 0x87 {
            return 3
        }
        return 0
    }

    /// The same, or a plain space (`TextScan.isNumberSpace`).
    private static func numberSpace(_ s: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        i < s.count && s[i] == 0x20 ? 1 : nonBreakingSpace(s, i)
    }

    /// The length of the number space ending just before byte `end`, or 0. (0xC2 and 0xE2
    /// lead a character, so the bytes matched are one whole character.)
    private static func numberSpace(endingAt end: Int, _ s: UnsafeBufferPointer<UInt8>) -> Int {
        if end >= 1, s[end - 1] == 0x20 { return 1 }
        if end >= 2, s[end - 2] == 0xC2, s[end - 1] == 0xA0 { return 2 }
        if end >= 3, s[end - 3] == 0xE2, s[end - 2] == 0x80, s[end - 1] == 0xAF || s[end - 1] == 0x89 || s[end - 1] == 0x87 {
            return 3
        }
        return 0
    }
}
