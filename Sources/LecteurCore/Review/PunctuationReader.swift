// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads signs in running text aloud up to the user's punctuation level (NVDA's symbol levels,
/// Orca's punctuation setting). It runs before the pronunciation lexicon, and only on signs at
/// the edges of a word or standing alone: a sign inside a word (« l'IA », « 1,5 », « 300 €/jour »,
/// « 9h30-17h ») or inside one of the lexicon's abbreviations (« n° », « C++ ») is left for the
/// lexicon, so prices, dates and units are read the same at every level.
public struct PunctuationReader: Hashable, Sendable {
    private let levels: [Character: PunctuationLevel]
    private let names: [Character: String]
    /// Written forms the lexicon reads itself (« n° », « C++ », « M. »).
    private let abbreviations: Set<String>

    public init(characters: CharacterLexicon, symbols: [String: String], abbreviations: some Sequence<String>) {
        levels = characters.levels
        var names: [Character: String] = [:]
        for (sign, name) in symbols.merging(characters.names, uniquingKeysWith: { symbol, _ in symbol }) where sign.count == 1 {
            names[sign.first!] = name
        }
        self.names = names
        self.abbreviations = Set(abbreviations)
    }

    public func read(_ text: String, level: PunctuationLevel) -> String {
        guard text.contains(where: { levels[$0].map { $0 <= level } ?? false }) else { return text }
        var out = ""
        var token = ""
        func flush() {
            guard !token.isEmpty else { return }
            out += readToken(token, level: level)
            token = ""
        }
        for character in text {
            if character.isWhitespace {
                flush()
                out.append(character)
            } else {
                token.append(character)
            }
        }
        flush()
        // Names were added with blanks around them: one blank between words, none at the ends.
        while out.contains("  ") { out = out.replacingOccurrences(of: "  ", with: " ") }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// One run of non-blank characters: the signs before its first and after its last letter or
    /// digit are named; what lies between is a word, left as written.
    private func readToken(_ token: String, level: PunctuationLevel) -> String {
        let characters = Array(token)
        guard let first = characters.firstIndex(where: Self.isWordish) else {
            // Signs alone (« & », « - », « ... ») are named even when the lexicon has them.
            return named(characters[...], level: level, beforeNumber: false)
        }
        if abbreviations.contains(token) || token.contains("://") || token.hasPrefix("www.") || isAddress(token) {
            return token
        }
        let last = characters.lastIndex(where: Self.isWordish)!
        let core = String(characters[first...last])
        // « C++ », « n° », « M. »: a lexicon abbreviation with its signs keeps them.
        if let abbreviation = abbreviations.first(where: { $0.count > core.count && String(characters[first...]).hasPrefix($0) }) {
            let end = first + abbreviation.count
            return named(characters[..<first], level: level, beforeNumber: false) + abbreviation
                + named(characters[end...], level: level, beforeNumber: false)
        }
        let beforeNumber = characters[first].isNumber
        return named(characters[..<first], level: level, beforeNumber: beforeNumber) + core
            + named(characters[(last + 1)...], level: level, beforeNumber: false)
    }

    /// Signs named with blanks around them; the others kept. A minus sign before a number is
    /// the number's, not punctuation.
    private func named(_ signs: ArraySlice<Character>, level: PunctuationLevel, beforeNumber: Bool) -> String {
        var out = ""
        for (offset, sign) in signs.enumerated() {
            let isLast = offset == signs.count - 1
            if let signLevel = levels[sign], signLevel <= level, let name = names[sign], !(beforeNumber && isLast && sign == "-") {
                out += " " + name + " "
            } else {
                out.append(sign)
            }
        }
        return out
    }

    /// Letters, digits, and the signs the lexicon reads with a number (« 300 €/jour », « 20 % »).
    private static func isWordish(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c.isCurrencySymbol || c == "%" || c == "°"
    }

    private func isAddress(_ token: String) -> Bool {
        guard let at = token.firstIndex(of: "@") else { return false }
        return token[token.index(after: at)...].contains(".") && token[..<at].contains { $0.isLetter || $0.isNumber }
    }
}
