// SPDX-License-Identifier: GPL-3.0-or-later
/// Names single characters for the ear: what `caractère` says, what `épeler` says letter by
/// letter, and what `décrire` says with the code (NVDA's "current character", "spell" and
/// "character description"). A letter is said as itself, its accents named after it and
/// « majuscule » last (« e accent aigu majuscule »); a sign by its lexicon name; anything else by
/// its code, never silently dropped.
public struct CharacterNamer: Hashable, Sendable {
    public let lexicon: CharacterLexicon
    /// Sign names of the pronunciation lexicon (« virgule », « arobase »).
    private let symbols: [String: String]

    public init(lexicon: CharacterLexicon, symbols: [String: String]) {
        self.lexicon = lexicon
        self.symbols = symbols
    }

    /// What `caractère` says for `character`.
    public func name(_ character: Character) -> String {
        let text = String(character)
        if let name = lexicon.names[text] { return name }
        let lower = text.lowercased()
        let capital = lower != text && character.isLetter
        var words: [String]
        if let letter = lexicon.letters[lower] {
            words = [letter]
        } else if character.isLetter || character.isNumber {
            words = letterWords(lower)
        } else if let sign = symbols[text] {
            return sign
        } else {
            return fill(lexicon.unknown, character)
        }
        if capital, !lexicon.capital.isEmpty { words.append(lexicon.capital) }
        return words.joined(separator: " ")
    }

    /// The base letter, then the name of each accent on it (« e accent aigu »); a mark the
    /// lexicon does not name is dropped only if the letter has a name without it.
    private func letterWords(_ lower: String) -> [String] {
        let scalars = Array(lower.decomposedStringWithCanonicalMapping.unicodeScalars)
        guard let base = scalars.first else { return [lower] }
        var words = [String(Character(base))]
        for mark in scalars.dropFirst() {
            guard let name = lexicon.marks[String(mark)] else { return [lower] }
            words.append(name)
        }
        return words
    }

    /// `épeler`: each character named, separated so that the voice pauses between them.
    public func spell(_ word: String, separator: String) -> String {
        word.map(name).joined(separator: separator)
    }

    /// `épeler phonétique`: each letter by the word of the spelling alphabet (accents and the
    /// capital still said), other characters named as when spelling.
    public func spellPhonetically(_ word: String, alphabet: String, separator: String) -> String {
        let table = lexicon.phonetic[alphabet] ?? [:]
        return word.map { character -> String in
            let text = String(character)
            let scalars = Array(text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars)
            guard character.isLetter, let base = scalars.first, let word = table[String(Character(base))] else {
                return name(character)
            }
            var words = [word]
            for mark in scalars.dropFirst() { if let mark = lexicon.marks[String(mark)] { words.append(mark) } }
            if text.lowercased() != text, !lexicon.capital.isEmpty { words.append(lexicon.capital) }
            return words.joined(separator: " ")
        }.joined(separator: separator)
    }

    /// `décrire`: the name, then the code of each scalar (« e accent aigu majuscule, U+00C9 »).
    public func describe(_ character: Character, separator: String) -> String {
        let codes = character.unicodeScalars.map { fill(lexicon.codePoint, scalar: $0) }
        return ([name(character)] + codes).joined(separator: separator)
    }

    private func fill(_ template: String, _ character: Character) -> String {
        character.unicodeScalars.first.map { fill(template, scalar: $0) } ?? template
    }

    private func fill(_ template: String, scalar: Unicode.Scalar) -> String {
        var hex = String(scalar.value, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return template.replacingOccurrences(of: "{code}", with: hex)
    }
}
