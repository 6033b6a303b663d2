// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// Folded words of a word list, each with a small id, looked up by a word's folded bytes rather
/// than by hashing a String (which normalises non-ASCII text on every look-up).
///
/// It answers as a `[String: Int]` keyed by the folded words would: two strings are equal when
/// canonically equivalent. An ASCII string equals only strings whose canonical composition is
/// that same ASCII, so ASCII words are looked up by bytes in a table holding every key under its
/// ASCII form when it has one; a word with other bytes is looked up as a String.
struct FoldedWordTable: Sendable {
    /// Entry index + 1 per slot, 0 for an empty slot; a power-of-two count.
    private let slots: [Int32]
    private let entries: [(hash: UInt64, start: Int32, end: Int32, id: Int32)]
    private let keyBytes: [UInt8]
    fileprivate let byString: [String: Int32]
    /// The number of distinct words.
    let count: Int

    /// Ids are given in order of first appearance; words equal as strings share one.
    init(_ words: [String]) {
        var byString: [String: Int32] = [:]
        var ascii: [([UInt8], Int32)] = []
        for word in words where byString[word] == nil {
            let id = Int32(byString.count)
            byString[word] = id
            if let form = Self.asciiForm(word) { ascii.append((form, id)) }
        }
        var capacity = 8
        while capacity < 2 * ascii.count { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var entries: [(hash: UInt64, start: Int32, end: Int32, id: Int32)] = []
        var keyBytes: [UInt8] = []
        for (form, id) in ascii {
            let hash = Self.hash(form[...])
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            entries.append((hash, Int32(keyBytes.count), Int32(keyBytes.count + form.count), id))
            keyBytes += form
            slots[slot] = Int32(entries.count)
        }
        self.slots = slots
        self.entries = entries
        self.keyBytes = keyBytes
        self.byString = byString
        self.count = byString.count
    }

    /// The word's ASCII form when it is ASCII or canonically equivalent to ASCII (a few
    /// scalars decompose to one ASCII character: U+037E, U+1FEF, U+212A).
    static func asciiForm(_ word: String) -> [UInt8]? {
        var form: [UInt8] = []
        for s in word.unicodeScalars {
            switch s.value {
            case 0..<0x80: form.append(UInt8(s.value))
            case 0x37E: form.append(UInt8(ascii: ";"))
            case 0x1FEF: form.append(UInt8(ascii: "`"))
            case 0x212A: form.append(UInt8(ascii: "K"))
            default: return nil
            }
        }
        return form
    }

    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash = WordSpans.fnvOffset
        for b in bytes { hash = (hash ^ UInt64(b)) &* WordSpans.fnvPrime }
        return hash
    }

    /// The id of word `w` of `words`, if it is in the table.
    func id(of w: Int, in words: WordSpans) -> Int32? {
        let span = words.spans[w]
        guard span.foldedIsASCII else { return byString[words.folded(w)] }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: span.hash) & mask
        while case let e = slots[slot], e != 0 {
            let entry = entries[Int(e) - 1]
            if entry.hash == span.hash,
               keyBytes[Int(entry.start)..<Int(entry.end)].elementsEqual(words.bytes[span.foldRange]) {
                return entry.id
            }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

extension FoldedWordTable {
    /// The id of a word given as a string.
    func id(of word: String) -> Int32? { byString[word] }
}
