// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The words of one text as `TextScan.words` finds them, held as spans over one byte buffer:
/// the text's UTF-8 followed by every word's folded form. A million elements are checked for a
/// large catalogue; two strings per word were most of the rules' cost.
public struct WordSpans {
    public struct Span {
        /// Scalar offsets in the text.
        let start: Int32, end: Int32
        /// The word's UTF-8 in `bytes`.
        let textStart: Int32, textEnd: Int32
        /// Its folded form in `bytes` (lower case, without accents).
        let foldStart: Int32, foldEnd: Int32
        /// FNV-1a of the folded bytes.
        let hash: UInt64
        /// Whether the folded bytes are ASCII: then comparing them is comparing the strings
        /// (see `FoldedWordTable`).
        let foldedIsASCII: Bool

        public var scalarRange: Range<Int> { Int(start)..<Int(end) }
        var textRange: Range<Int> { Int(textStart)..<Int(textEnd) }
        var foldRange: Range<Int> { Int(foldStart)..<Int(foldEnd) }
    }

    /// The text's UTF-8, then the folded words.
    let bytes: [UInt8]
    public let spans: [Span]

    public var count: Int { spans.count }
    public var isEmpty: Bool { spans.isEmpty }

    public init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self = text.utf8.withContiguousStorageIfAvailable { WordSpans(utf8: $0) }!
    }

    static let fnvOffset: UInt64 = 0xCBF2_9CE4_8422_2325
    static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

    private init(utf8 text: UnsafeBufferPointer<UInt8>) {
        let n = text.count
        // The text, then its folded words, written in place. Room is kept for one byte per
        // byte of text still to read: folding in the pass never writes more than it reads; a
        // word folded by `fold` may, and then the buffer grows before the word is done again.
        var bytes = [UInt8](repeating: 0, count: 2 * n + 8)
        var spans: [Span] = []
        spans.reserveCapacity(n / 6 + 1)
        var at = (i: 0, scalar: 0, out: n)
        let latin1Fold = Self.latin1Fold, asciiFold = Self.asciiFold
        while true {
            let room = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
                // Locals, not the captured variables, so that they stay in registers.
                var (i, scalar, out) = at
                defer { at = (i, scalar, out) }
                if i == 0, n > 0 { _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<n]).initialize(from: text) }
                while i < n {
                    if text[i] < 0x80, asciiFold[Int(text[i])] == 0 { i += 1; scalar += 1; continue }
                    let (v, length) = Self.decode(text, at: i)
                    guard Self.isWordScalar(v) else { i += length; scalar += 1; continue }
                    let start = scalar, textStart = i, foldStart = out
                    var folding = true, hash = Self.fnvOffset
                    while i < n {
                        if text[i] < 0x80 {
                            let f = asciiFold[Int(text[i])]
                            guard f != 0 else { break }
                            buffer[out] = f
                            out += 1
                            hash = (hash ^ UInt64(f)) &* Self.fnvPrime
                            i += 1
                            scalar += 1
                            continue
                        }
                        let (v, length) = Self.decode(text, at: i)
                        guard Self.isWordScalar(v) || Self.isCombining(v) else { break }
                        if v >= 0xC0 && v <= 0xFF, case let base = latin1Fold[Int(v - 0xC0)], base != 0 {
                            let first = UInt8(truncatingIfNeeded: base), second = UInt8(truncatingIfNeeded: base >> 8)
                            buffer[out] = first
                            out += 1
                            hash = (hash ^ UInt64(first)) &* Self.fnvPrime
                            if second != 0 {
                                buffer[out] = second
                                out += 1
                                hash = (hash ^ UInt64(second)) &* Self.fnvPrime
                            }
                        } else if !Self.isCombining(v) {
                            folding = false
                        }
                        i += length
                        scalar += 1
                    }
                    var ascii = true
                    if !folding {
                        // Other scripts (and œ, Ÿ…) go through `fold`, as `TextScan.words` does.
                        let folded = TextScan.fold(String(decoding: UnsafeBufferPointer(rebasing: text[textStart..<i]), as: UTF8.self))
                        let needed = foldStart + folded.utf8.count + (n - i)
                        if needed > buffer.count {
                            i = textStart
                            scalar = start
                            out = foldStart
                            return needed
                        }
                        out = foldStart
                        hash = Self.fnvOffset
                        for f in folded.utf8 {
                            buffer[out] = f
                            out += 1
                            ascii = ascii && f < 0x80
                            hash = (hash ^ UInt64(f)) &* Self.fnvPrime
                        }
                    }
                    spans.append(Span(start: Int32(start), end: Int32(scalar), textStart: Int32(textStart), textEnd: Int32(i),
                                      foldStart: Int32(foldStart), foldEnd: Int32(out), hash: hash, foldedIsASCII: ascii))
                }
                return 0
            }
            guard room > 0 else { break }
            bytes.append(contentsOf: repeatElement(0, count: room - bytes.count))
        }
        bytes.removeLast(bytes.count - at.out)
        self.bytes = bytes
        self.spans = spans
    }

    /// Each ASCII letter or digit folded (lower case), 0 for the other ASCII characters, which
    /// are not word characters.
    private static let asciiFold: [UInt8] = (0..<128).map { b in
        switch b {
        case 0x30...0x39, 0x61...0x7A: UInt8(b)
        case 0x41...0x5A: UInt8(b + 32)
        default: 0
        }
    }

    /// `TextScan.latin1Base` for U+00C0…U+00FF as up to two bytes (first in the low byte), 0
    /// where the letter has no base.
    private static let latin1Fold: [UInt16] = TextScan.latin1Base.map { base in
        base.isEmpty ? 0 : UInt16(base[0]) | (base.count > 1 ? UInt16(base[1]) << 8 : 0)
    }

    /// The scalar at byte `i` of valid UTF-8 and its length in bytes.
    @inline(__always)
    static func decode(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let b0 = UInt32(s[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(s[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(s[i + 1] & 0x3F) << 6 | UInt32(s[i + 2] & 0x3F), 3) }
        return ((b0 & 0x07) << 18 | UInt32(s[i + 1] & 0x3F) << 12 | UInt32(s[i + 2] & 0x3F) << 6 | UInt32(s[i + 3] & 0x3F), 4)
    }

    @inline(__always)
    static func isWordScalar(_ v: UInt32) -> Bool {
        if v < 0x80 { return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) }
        if v >= 0xC0 && v <= 0xFF { return v != 0xD7 && v != 0xF7 }
        if v < 0x10000 { return bmpWordScalars.contains(v) }
        return TextScan.isWordScalar(Unicode.Scalar(v)!)
    }

    /// `TextScan.isWordScalar` for the Basic Multilingual Plane: the property look-ups it
    /// replaces (€, —, ’… in most labels) are slow.
    static let bmpWordScalars = BMPScalarSet(TextScan.isWordScalar)

    @inline(__always)
    static func isCombining(_ v: UInt32) -> Bool { v >= 0x300 && v <= 0x36F }

    /// The word's text as written.
    public func text(_ w: Int) -> String { String(decoding: bytes[spans[w].textRange], as: UTF8.self) }

    /// The word's folded form.
    public func folded(_ w: Int) -> String { String(decoding: bytes[spans[w].foldRange], as: UTF8.self) }

    /// The text of words `range`, as written, joined by one space.
    public func texts(_ range: Range<Int>) -> String {
        range.map(text).joined(separator: " ")
    }

    /// The text from the start of word `first` to the end of word `last`, as written.
    public func excerpt(from first: Int, to last: Int) -> String {
        String(decoding: bytes[Int(spans[first].textStart)..<Int(spans[last].textEnd)], as: UTF8.self)
    }

    /// Whether word `w` here and word `v` of `other` fold alike, as comparing their folded
    /// strings would say: equal bytes are equal strings, and different ASCII bytes different
    /// strings; anything else is left to String's comparison (canonical equivalence).
    func sameFolded(_ w: Int, _ other: WordSpans, _ v: Int) -> Bool {
        let a = spans[w], b = other.spans[v]
        if a.foldedIsASCII && b.foldedIsASCII && a.hash != b.hash { return false }
        if bytes[a.foldRange].elementsEqual(other.bytes[b.foldRange]) { return true }
        if a.foldedIsASCII && b.foldedIsASCII { return false }
        return folded(w) == other.folded(v)
    }

    /// Whether the words of `needle` occur as consecutive words here (`contains` on folded words).
    public func contains(_ needle: WordSpans) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where sameFolded(start, needle, 0) {
            if (1..<needle.count).allSatisfy({ sameFolded(start + $0, needle, $0) }) { return true }
        }
        return false
    }
}

extension WordSpans {
    /// Whether word `w` is an acronym candidate of at most six scalars: `TextScan.isAcronym`
    /// (capitals only, at least two) read on the word's bytes.
    public func isShortAcronym(_ w: Int) -> Bool {
        let span = spans[w]
        guard (2...6).contains(span.end - span.start) else { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = Int(span.textStart)
            while i < Int(span.textEnd) {
                let (v, length) = Self.decode(b, at: i)
                guard v < 0x80 ? (v >= 0x41 && v <= 0x5A) : Unicode.Scalar(v)!.properties.isUppercase else { return false }
                i += length
            }
            return true
        }
    }

    /// Whether word `w` is ASCII digits only.
    func isDigits(_ w: Int) -> Bool {
        bytes[spans[w].textRange].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// For a word starting with digits and going on with something else ("40h", "3h30"), the
    /// folded text after the digits up to the next digit ("h"); nil otherwise.
    func foldedAfterLeadingDigits(_ w: Int) -> String? {
        let span = spans[w]
        var digits = 0
        while Int(span.textStart) + digits < Int(span.textEnd),
              case let b = bytes[Int(span.textStart) + digits], b >= 0x30 && b <= 0x39 { digits += 1 }
        guard digits > 0, Int(span.textStart) + digits < Int(span.textEnd) else { return nil }
        // Digits fold to themselves, and nothing else folds to a digit.
        let from = Int(span.foldStart) + digits
        var to = from
        while to < Int(span.foldEnd), !(bytes[to] >= 0x30 && bytes[to] <= 0x39) { to += 1 }
        return String(decoding: bytes[from..<to], as: UTF8.self)
    }

    /// The scalar just before word `w`, nil for a word that starts the text.
    func scalar(before w: Int) -> Unicode.Scalar? {
        let end = Int(spans[w].textStart)
        guard end > 0 else { return nil }
        var start = end - 1
        while bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return bytes.withUnsafeBufferPointer { Unicode.Scalar(Self.decode($0, at: start).0) }
    }
}

/// Whether two strings are the same bytes (not merely canonically equivalent).
func sameUTF8(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a, b = b
    return a.withUTF8 { x in b.withUTF8 { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}
