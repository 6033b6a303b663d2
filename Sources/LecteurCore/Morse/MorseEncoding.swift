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

    /// The French (or English) notice listing the unknown characters once each, in order of
    /// appearance; nil when every character was encoded.
    public func unknownMessage(_ strings: Strings) -> String? {
        guard !unknown.isEmpty else { return nil }
        var seen = Set<Character>()
        let items = unknown.compactMap { u -> String? in
            guard seen.insert(u.character).inserted else { return nil }
            return Self.describe(u.character, strings)
        }
        return strings(items.count == 1 ? .morseUnknownOne : .morseUnknownMany,
                       ["characters": items.joined(separator: ", ")])
    }

    /// Control and format characters have no visible form: name them by code point.
    static func describe(_ character: Character, _ strings: Strings) -> String {
        let visible = character.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .unassigned, .privateUse, .surrogate: false
            default: true
            }
        }
        if visible { return strings(.morseUnknownItem, ["character": String(character)]) }
        let hex = character.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
            .map { String(repeating: "0", count: max(0, 4 - $0.count)) + $0 }.joined(separator: " U+")
        return strings(.morseUnknownCodepoint, ["hex": hex])
    }
}

extension MorseAlphabet {
    /// Splits on any run of white space (including the no-break spaces of French typography);
    /// a word made only of unknown characters disappears as a word but its characters are reported.
    public func encode(_ text: String) -> MorseEncoding {
        var words: [[MorseSymbol]] = []
        var current: [MorseSymbol] = []
        var unknown: [UnknownMorseCharacter] = []
        for (offset, character) in text.enumerated() {
            if character.isWhitespace {
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
}
