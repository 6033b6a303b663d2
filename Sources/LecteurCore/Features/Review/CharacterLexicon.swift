// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How a locale names single characters (for the review cursor: `caractère`, `épeler`, `décrire`)
/// and which signs each punctuation level reads, loaded from `Locales/fr/lexique-caracteres.json`
/// (`Locales/en/lexicon-characters.json`), like NVDA's `characterDescriptions.dic` and
/// `symbols.dic`: users and auditors change the words without rebuilding the reader. The names of
/// the common signs themselves come from the pronunciation lexicon's `symbols`, so a sign is
/// named the same way when spelled and when read in an address.
public struct CharacterLexicon: Hashable, Sendable, Decodable {
    /// Said after a capital letter (« e accent aigu majuscule »).
    public var capital: String
    /// How a code point is written in a description (`{code}` is 4 to 6 hex digits).
    public var codePoint: String
    /// A character with no name (`{code}` as in `codePoint`).
    public var unknown: String
    /// Names of combining marks, said after the base letter.
    public var marks: [String: String]
    /// Letters that do not decompose (ligatures), lower case.
    public var letters: [String: String]
    /// Other characters with a name (blanks, quotes, dashes).
    public var names: [String: String]
    /// Spelling alphabets, each a letter → word table.
    public var phonetic: [String: [String: String]]
    /// The level from which each sign is read in running text.
    public var punctuation: [String: [String]]

    public init(capital: String = "", codePoint: String = "U+{code}", unknown: String = "{code}",
                marks: [String: String] = [:], letters: [String: String] = [:], names: [String: String] = [:],
                phonetic: [String: [String: String]] = [:], punctuation: [String: [String]] = [:]) {
        self.capital = capital
        self.codePoint = codePoint
        self.unknown = unknown
        self.marks = marks
        self.letters = letters
        self.names = names
        self.phonetic = phonetic
        self.punctuation = punctuation
    }

    public static func decode(_ data: Data) throws -> CharacterLexicon {
        try JSONDecoder().decode(CharacterLexicon.self, from: data)
    }

    /// The level of each sign that a level reads (`PunctuationLevel`'s raw values are the keys).
    public var levels: [Character: PunctuationLevel] {
        var result: [Character: PunctuationLevel] = [:]
        for level in PunctuationLevel.allCases {
            for sign in punctuation[level.rawValue] ?? [] {
                if let character = sign.first, sign.count == 1 { result[character] = level }
            }
        }
        return result
    }
}

/// How much punctuation is read in running text, as NVDA's and Orca's levels: `none` reads only
/// the signs that carry meaning the voice would drop (« # » in « #1 »: NVDA's level-none
/// symbols), `some` also the rare signs whose meaning would be lost, `most` also brackets,
/// quotes and separators, `all` every sign, sentence ends included. Signs standing alone, in addresses and
/// in the Morse alphabet are named at every level: they are the content, not punctuation.
public enum PunctuationLevel: String, Hashable, Sendable, CaseIterable, Comparable {
    case none = "aucune"
    case some = "quelques"
    case most = "plupart"
    case all = "toute"

    public static let storageKey = "reader.punctuation"

    public init?(userValue: String) {
        switch CommandParser.fold(userValue) {
        case "aucune", "aucun", "none", "rien": self = .none
        case "quelques", "quelque", "some", "peu": self = .some
        case "plupart", "la plupart", "most": self = .most
        case "toute", "toutes", "tout", "all": self = .all
        default: return nil
        }
    }

    /// The value `lecteur.toml` keeps, language-neutral like every other value of the file
    /// (`punctuation = 'all'` beside `verbosity = 'full'`). The raw value stays the French word:
    /// it is the key of the lexicons' sign lists.
    public var stored: String {
        switch self {
        case .none: "none"
        case .some: "some"
        case .most: "most"
        case .all: "all"
        }
    }

    /// A value of the file: the neutral word, or the French one versions before 0.15 wrote
    /// (`punctuation = 'toute'`), so that a saved level is never lost.
    public init?(stored: String) {
        guard let level = Self.allCases.first(where: { $0.stored == stored }) ?? Self(rawValue: stored) else { return nil }
        self = level
    }

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
}

extension PunctuationLevel {
    /// The level as the user's language says it (« la plupart »).
    public func name(_ strings: Strings) -> String {
        switch self {
        case .none: strings(.punctuationAucune)
        case .some: strings(.punctuationQuelques)
        case .most: strings(.punctuationPlupart)
        case .all: strings(.punctuationToute)
        }
    }
}

extension ReaderSettings {
    public static func alphabetName(_ alphabet: String, _ strings: Strings) -> String {
        alphabet == "francais" ? strings(.alphabetFrancais) : strings(.alphabetOtan)
    }
}
