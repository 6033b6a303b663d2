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
        // Tokens and the blanks after each, so a token is read knowing its neighbours.
        var tokens: [(token: String, blank: String)] = [("", "")]
        for character in text {
            if character.isWhitespace {
                tokens[tokens.count - 1].blank.append(character)
            } else {
                if !tokens[tokens.count - 1].blank.isEmpty { tokens.append(("", "")) }
                tokens[tokens.count - 1].token.append(character)
            }
        }
        var out = ""
        for (index, part) in tokens.enumerated() {
            if !part.token.isEmpty {
                let previous = index > 0 ? tokens[index - 1].token : nil
                let next = index + 1 < tokens.count ? tokens[index + 1].token : nil
                out += readToken(part.token, level: level,
                                 asAbbreviation: Self.mayBeTitle(part.token, previous: previous, next: next))
            }
            out += part.blank
        }
        // Names were added with blanks around them: one blank between words, none at the ends.
        while out.contains("  ") { out = out.replacingOccurrences(of: "  ", with: " ") }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// One run of non-blank characters: the signs before its first and after its last letter or
    /// digit are named; what lies between is a word, left as written.
    private func readToken(_ token: String, level: PunctuationLevel, asAbbreviation: Bool) -> String {
        let characters = Array(token)
        guard let first = characters.firstIndex(where: Self.isWordish) else {
            // Signs alone (« & », « - », « ... ») are named even when the lexicon has them.
            return named(characters[...], level: level, beforeNumber: false)
        }
        if (asAbbreviation && abbreviations.contains(token)) || token.contains("://") || token.hasPrefix("www.") || isAddress(token) {
            return token
        }
        let last = characters.lastIndex(where: Self.isWordish)!
        let core = String(characters[first...last])
        // « C++ », « n° », « M. »: a lexicon abbreviation with its signs keeps them.
        if asAbbreviation, let abbreviation = abbreviations.first(where: { $0.count > core.count && String(characters[first...]).hasPrefix($0) }) {
            let end = first + abbreviation.count
            return named(characters[..<first], level: level, beforeNumber: false) + abbreviation
                + named(characters[end...], level: level, beforeNumber: false)
        }
        let beforeNumber = characters[first].isNumber
        return named(characters[..<first], level: level, beforeNumber: beforeNumber) + core
            + named(characters[(last + 1)...], level: level, beforeNumber: false)
    }

    /// « M. » is a title only before a name, and not in a list of letters (« symboles : K, M.
    /// Écoutez »): elsewhere it is a capital ending a sentence, and its full stop is named like any
    /// other (the lexicon would otherwise read « monsieur » to a Morse learner). The same rule as
    /// the pronunciation builder's, which cannot see the list once its comma is named.
    static func mayBeTitle(_ token: String, previous: String?, next: String?) -> Bool {
        let characters = Array(token)
        guard characters.count == 2, characters[0].isUppercase, characters[1] == "." else { return true }
        guard let next, next.first?.isUppercase == true else { return false }
        if let previous, previous.count == 2, previous.last == ",", previous.first?.isLetter == true { return false }
        return true
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
