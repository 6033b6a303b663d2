// SPDX-License-Identifier: GPL-3.0-or-later
/// A character of a text that has no Morse code, with where it was (0-based, in Characters).
public struct UnknownMorseCharacter: Hashable, Sendable {
    public let character: Character
    public let offset: Int

    public init(character: Character, offset: Int) {
        self.character = character
        self.offset = offset
    }
}

/// A text turned into Morse: words of symbols, and every character that could not be encoded,
/// so the caller can tell the user rather than lose it silently.
public struct MorseEncoding: Hashable, Sendable {
    public let words: [[MorseSymbol]]
    public let unknown: [UnknownMorseCharacter]

    public init(words: [[MorseSymbol]], unknown: [UnknownMorseCharacter]) {
        self.words = words
        self.unknown = unknown
    }

    public var isEmpty: Bool { words.isEmpty }
    public var symbolCount: Int { words.reduce(0) { $0 + $1.count } }
}

extension MorseAlphabet {
    /// Splits on any run of white space (including the no-break spaces of French typography);
    /// a word made only of unknown characters disappears as a word but its characters are reported.
    ///
    /// A prosign written between angle brackets (`<SK>`, `<AR>`, `<SOS>`) is one character: its
    /// letters' elements run together with no gap between them.
    public func encode(_ text: String) -> MorseEncoding {
        var words: [[MorseSymbol]] = []
        var current: [MorseSymbol] = []
        var unknown: [UnknownMorseCharacter] = []
        let characters = Array(text)
        var skipUntil = 0
        for (offset, character) in characters.enumerated() where offset >= skipUntil {
            if character == "<", let (prosign, end) = prosign(in: characters, from: offset) {
                current.append(prosign)
                skipUntil = end + 1
            } else if character.isWhitespace {
                if !current.isEmpty { words.append(current); current = [] }
            } else if let symbol = symbol(for: character) {
                current.append(symbol)
            } else {
                unknown.append(UnknownMorseCharacter(character: character, offset: offset))
            }
        }
        if !current.isEmpty { words.append(current) }
        return MorseEncoding(words: words, unknown: unknown)
    }

    /// Longest prosign read: `<SOS>`-style distress and the five common ones fit.
    public static let prosignLetters = 2...4

    /// The prosign whose `<` is at `start`, and the index of its `>`; nil when the brackets do
    /// not enclose 2 to 4 characters that all have a code.
    public func prosign(in characters: [Character], from start: Int) -> (MorseSymbol, Int)? {
        let limit = min(characters.count, start + Self.prosignLetters.upperBound + 2)
        guard let end = (start + 1..<limit).first(where: { characters[$0] == ">" }),
              Self.prosignLetters.contains(end - start - 1) else { return nil }
        let letters = characters[start + 1..<end].map { symbol(for: $0) }
        guard letters.allSatisfy({ $0 != nil }) else { return nil }
        let symbols = letters.compactMap { $0 }
        return (MorseSymbol(prosign: String(symbols.map(\.character)), pattern: symbols.map(\.pattern).joined()), end)
    }
}
