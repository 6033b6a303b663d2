// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// Small, fast text scanners for the rules. The audit of a 100 000-formation catalogue checks a
/// million elements, so this works on Unicode scalars with hand-written loops rather than
/// regular expressions or Foundation's locale-aware folding.
public enum TextScan {
    /// A run of letters and digits; apostrophes, hyphens and spaces separate words, so
    /// "l'IA" gives "l" and "IA", and "double-touchez" two words.
    public struct Word: Hashable, Sendable {
        public let text: String
        /// Lower case, without accents: what vocabulary look-ups compare.
        public let folded: String
        /// Scalar offsets in the scanned text.
        public let start: Int
        public let end: Int
    }

    public static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) }
        // Latin-1 letters (À…ÿ but × and ÷) without a property look-up: most of a French text.
        if v >= 0xC0 && v <= 0xFF { return v != 0xD7 && v != 0xF7 }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    public static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

    /// Spaces a number may be split by: space, no-break space, narrow no-break space, thin and
    /// figure spaces.
    public static func isNumberSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0xA0, 0x202F, 0x2009, 0x2007: true
        default: false
        }
    }

    /// The non-breaking ones, which espeak-ng reads as a pause inside a number.
    public static func isNonBreakingSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0xA0, 0x202F, 0x2009, 0x2007: true
        default: false
        }
    }

    public static func isSpace(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return v == 0x20 || (v >= 0x09 && v <= 0x0D) }
        return s.properties.isWhitespace || isNonBreakingSpace(s)
    }

    /// Whether `words(in: text)` would find a word: a letter or digit anywhere.
    public static func hasWord(_ text: String) -> Bool {
        for byte in text.utf8 where byte < 0x80 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                return true
            }
        }
        return text.unicodeScalars.contains(where: isWordScalar)
    }

    public static func words(in text: String) -> [Word] {
        // Straight off the string's scalars: no array of them for a label read once.
        words(inScalars: text.unicodeScalars)
    }

    public static func words(in scalars: [Unicode.Scalar]) -> [Word] {
        words(inScalars: scalars)
    }

    @inline(__always)
    static func words<C: Collection>(inScalars scalars: C) -> [Word] where C.Element == Unicode.Scalar {
        var words: [Word] = []
        var bytes: [UInt8] = [], foldedBytes: [UInt8] = []
        var i = 0, index = scalars.startIndex
        let end = scalars.endIndex
        while index != end {
            guard isWordScalar(scalars[index]) else { i += 1; scalars.formIndex(after: &index); continue }
            let start = i
            var folding = true
            bytes.removeAll(keepingCapacity: true)
            foldedBytes.removeAll(keepingCapacity: true)
            while index != end, case let scalar = scalars[index], isWordScalar(scalar) || isCombining(scalar) {
                let v = scalar.value
                if v < 0x80 {
                    bytes.append(UInt8(v))
                    foldedBytes.append(v >= 0x41 && v <= 0x5A ? UInt8(v + 32) : UInt8(v))
                } else {
                    bytes.append(contentsOf: UTF8.encode(scalar)!)
                    // French letters fold in the same pass; anything else through `fold`.
                    if v >= 0xC0 && v <= 0xFF, case let base = latin1Base[Int(v - 0xC0)], !base.isEmpty {
                        foldedBytes.append(contentsOf: base)
                    } else if !isCombining(scalar) {
                        folding = false
                    }
                }
                i += 1
                scalars.formIndex(after: &index)
            }
            // Building the words is most of the rules' cost on a large catalogue: bytes, not
            // scalar-by-scalar string appends, and the folding done in the same pass (a word
            // already folded shares its text).
            let text = String(decoding: bytes, as: UTF8.self)
            let folded = !folding ? fold(text) : foldedBytes == bytes ? text : String(decoding: foldedBytes, as: UTF8.self)
            words.append(Word(text: text, folded: folded, start: start, end: i))
        }
        return words
    }

    private static func isCombining(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0x300 && s.value <= 0x36F
    }

    /// Lower case without diacritics, for Latin text; other scripts are lowered only.
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            let v = s.value
            if v < 0x80 {
                out.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v + 32)! : s)
            } else if isCombining(s) {
                continue
            } else if let base = latinBase[v] {
                out.append(contentsOf: base.unicodeScalars)
            } else {
                out.append(contentsOf: String(s).lowercased().unicodeScalars)
            }
        }
        return String(out)
    }

    private static let latinBase: [UInt32: String] = {
        let groups: [(String, String)] = [
            ("a", "àáâãäåÀÁÂÃÄÅ"), ("c", "çÇ"), ("e", "èéêëÈÉÊË"), ("i", "ìíîïÌÍÎÏ"), ("n", "ñÑ"),
            ("o", "òóôõöøÒÓÔÕÖØ"), ("u", "ùúûüÙÚÛÜ"), ("y", "ýÿÝŸ"), ("oe", "œŒ"), ("ae", "æÆ"), ("ss", "ß"),
        ]
        var table: [UInt32: String] = [:]
        for (base, letters) in groups { for s in letters.unicodeScalars { table[s.value] = base } }
        return table
    }()

    /// `latinBase` for U+00C0…U+00FF as bytes, empty where the letter has no base (× ÷ ð þ…).
    static let latin1Base: [[UInt8]] = (0xC0...0xFF).map { Array((latinBase[UInt32($0)] ?? "").utf8) }

    /// True when the word is written in capitals only and has at least two letters: an acronym
    /// candidate ("IA", "RGAA").
    public static func isAcronym(_ word: Word) -> Bool {
        var letters = 0
        for s in word.text.unicodeScalars {
            let v = s.value
            guard v < 0x80 ? (v >= 0x41 && v <= 0x5A) : s.properties.isUppercase else { return false }
            letters += 1
        }
        return letters >= 2
    }

    /// Collapses every kind of space and drops punctuation, for comparing what two strings say.
    public static func wordKey(_ words: [Word]) -> String { words.map(\.folded).joined(separator: " ") }

    /// `wordKey(words(in: text))` without making the words: the folded words joined by a space,
    /// built as bytes in one pass (duplicate-label keys every control of a screen of any length).
    public static func wordKey(of text: String) -> String {
        var key: [UInt8] = []
        var word: [UInt8] = [], folded: [UInt8] = []
        var inWord = false, folding = true, count = 0
        func finish() {
            if count > 0 { key.append(0x20) }
            count += 1
            if folding { key.append(contentsOf: folded) } else {
                key.append(contentsOf: fold(String(decoding: word, as: UTF8.self)).utf8)
            }
            word.removeAll(keepingCapacity: true)
            folded.removeAll(keepingCapacity: true)
            folding = true
            inWord = false
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if inWord ? (isWordScalar(scalar) || isCombining(scalar)) : isWordScalar(scalar) {
                inWord = true
                if v < 0x80 {
                    word.append(UInt8(v))
                    folded.append(v >= 0x41 && v <= 0x5A ? UInt8(v + 32) : UInt8(v))
                } else {
                    word.append(contentsOf: UTF8.encode(scalar)!)
                    if v >= 0xC0 && v <= 0xFF, case let base = latin1Base[Int(v - 0xC0)], !base.isEmpty {
                        folded.append(contentsOf: base)
                    } else if !isCombining(scalar) {
                        folding = false
                    }
                }
            } else if inWord {
                finish()
            }
        }
        if inWord { finish() }
        return String(decoding: key, as: UTF8.self)
    }
}
