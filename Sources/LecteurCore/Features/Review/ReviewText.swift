// SPDX-License-Identifier: GPL-3.0-or-later
/// The text a review cursor moves in, cut into characters, words and sentences the way a screen
/// reader's review cursor cuts it (NVDA's review, Orca's flat review). Offsets count Characters
/// (grapheme clusters), so « é » typed as e + combining accent is one step, as a reader hears it.
///
/// A word is a run of letters and digits, with the signs that join two of them inside it
/// (« l'IA », « e-mail », « 1,5 », « UX/UI » are one word each, so spelling them spells the whole
/// thing); any other sign is a word of its own, so moving by word also stops on « « » or « : ».
/// A sentence ends after « . », « ! », « ? » or « … » followed by a blank, or at a line break.
public struct ReviewText: Hashable, Sendable {
    public let characters: [Character]

    public init(_ text: String) {
        characters = Array(text)
    }

    public var isEmpty: Bool { characters.isEmpty }
    public var count: Int { characters.count }

    public func clamped(_ offset: Int) -> Int {
        min(max(offset, 0), max(characters.count - 1, 0))
    }

    // MARK: Words

    /// The word holding `offset`, nil when the offset is on a blank.
    public func word(at offset: Int) -> Range<Int>? {
        guard characters.indices.contains(offset), !isBlank(offset) else { return nil }
        guard isWordCharacter(offset) else { return offset..<offset + 1 }
        var start = offset
        while start > 0, isWordCharacter(start - 1) { start -= 1 }
        var end = offset + 1
        while end < characters.count, isWordCharacter(end) { end += 1 }
        return start..<end
    }

    /// Where the word after the one holding `offset` starts, nil at the last word.
    public func nextWordStart(after offset: Int) -> Int? {
        var i = word(at: offset)?.upperBound ?? offset + 1
        while i < characters.count, isBlank(i) { i += 1 }
        return i < characters.count ? i : nil
    }

    /// Where the word before the one holding `offset` starts, nil at the first word.
    public func previousWordStart(before offset: Int) -> Int? {
        var i = (word(at: offset)?.lowerBound ?? offset) - 1
        while i >= 0, isBlank(i) { i -= 1 }
        guard i >= 0 else { return nil }
        return word(at: i)?.lowerBound ?? i
    }

    /// A character that belongs to a word: a letter or digit, or a joining sign between two of them.
    private func isWordCharacter(_ i: Int) -> Bool {
        if isAlphanumeric(i) { return true }
        guard Self.joiners.contains(characters[i]), i > 0, i + 1 < characters.count else { return false }
        return isAlphanumeric(i - 1) && isAlphanumeric(i + 1)
    }

    private func isAlphanumeric(_ i: Int) -> Bool {
        characters[i].isLetter || characters[i].isNumber
    }

    private func isBlank(_ i: Int) -> Bool { characters[i].isWhitespace }

    /// Signs that stay inside a word when they join two letters or digits.
    static let joiners: Set<Character> = ["'", "’", "-", "‑", ".", ",", "/", "@", "_", "&", "+"]

    // MARK: Sentences

    /// The sentences, in order, as ranges without the blanks between them.
    public var sentences: [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        func close(_ end: Int) {
            var s = start
            while s < end, isBlank(s) { s += 1 }
            var e = end
            while e > s, isBlank(e - 1) { e -= 1 }
            if s < e { result.append(s..<e) }
            start = end
        }
        while i < characters.count {
            let c = characters[i]
            if c.isNewline {
                close(i)
                start = i + 1
            } else if Self.sentenceEnds.contains(c), i + 1 == characters.count || isBlank(i + 1) {
                close(i + 1)
            }
            i += 1
        }
        close(characters.count)
        return result
    }

    static let sentenceEnds: Set<Character> = [".", "!", "?", "…"]

    public func text(_ range: Range<Int>) -> String {
        String(characters[range])
    }
}
