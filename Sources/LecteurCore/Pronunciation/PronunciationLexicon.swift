// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a locale tells the spoken-text builder about reading its text aloud, loaded from
/// `Locales/<code>/lexique.json` (French) or `lexicon.json` (English) so that auditors and users
/// can extend it without rebuilding the reader. One JSON object; every member is optional:
///
/// ```json
/// {
///   "words": { "IA": "i a", "RGAA": "R G A A" },
///   "units": { "h": { "one": "heure", "many": "heures" } },
///   "currencies": { "€": { "one": "euro", "many": "euros", "centOne": "centime", "centMany": "centimes" } },
///   "number": { "decimalSeparator": ",", "groupSeparators": ["\u202f", "\u00a0"], "singularBelowTwo": true },
///   "dateOrder": "dmy"
/// }
/// ```
///
/// - `words`: whole words, matched with their exact case, replaced by what the synthesiser should
///   read. A word is a run of letters and digits starting with a letter; an elided article stays
///   outside it, so "IA" also covers "l'IA" and "d’IA", and dotted "I.A." is looked up as "IA".
/// - `units`: abbreviations read after a number ("40h", "30 min"), singular and plural.
/// - `currencies`: symbols read after an amount; cents are read after the unit ("1490 euros 50"),
///   or alone with the cent words when there are no whole units ("50 centimes").
/// - `number.groupSeparators`: characters between digit groups that are dropped ("1 490" → "1490");
///   a plain space is also dropped inside an amount followed by a currency symbol.
///   `singularBelowTwo`: French agreement (0 and 1,5 are singular); false means only 1 is.
/// - `dateOrder`: "dmy" or "mdy", how numeric dates such as 15/02/2026 are ordered.
/// - `abbreviations`: written forms that are not plain words, matched with their exact case at the
///   start of a word ("n°" → "numéro", "p." → "page", "C++" → "C plus plus"). A single capital and
///   a dot ("M.") is expanded only before a capitalised word ("M. Dupont"), not at a sentence end.
/// - `symbols`: the names of signs that the synthesiser would otherwise drop or misread, used when
///   the sign stands alone ("« ! »", "Symbole .", "Juste : À."), and inside URLs and e-mail addresses.
/// - `ordinals`: suffixes that make an arabic or Roman number an ordinal ("2e", "XXe", "1er");
///   `first` and `second` map their own suffixes to whole words, `nth` lists the suffixes read
///   with the locale's ordinal words (French only: "deuxième", "vingtième").
/// - `fractions`: denominators read in words ("1/2" → "un demi", "3/4" → "trois quarts"); others
///   are read with the ordinal word; `halfBefore` is the prefix a half takes before a noun
///   ("1/2 journée" → "demi-journée").
/// - `rate`: the word between a unit and the unit it is divided by ("km/h" → "kilomètres par heure").
/// - `range`: the word for a dash between two numbers ("9h30-17h" → "9 heures 30 à 17 heures").
/// Any other member (such as "about") is ignored, which leaves room for comments.
/// Bounds of a lexicon (the user's one is read at every start): the shipped French lexicon is
/// 5 KB with expansions of a few words and about thirty scanned keys.
public enum PronunciationLimits {
    /// Largest user lexicon file read, in bytes.
    public static let userFileBytes = 256 * 1024
    /// Longest key or expansion, in characters: one expansion of 1 MB would queue an hour of speech.
    public static let textLength = 200
    /// Most abbreviations, units, currencies or ordinal suffixes: these are tried at word starts
    /// and after numbers, so their number bounds the cost of every spoken text. Whole `words`
    /// are looked up by hash and only bounded by the file size.
    public static let scannedKeys = 500
}

public struct PronunciationLexicon: Hashable, Sendable {
    public struct Inflection: Hashable, Sendable, Codable {
        public var one: String
        public var many: String
        public init(one: String, many: String) { self.one = one; self.many = many }
    }

    public struct Currency: Hashable, Sendable, Codable {
        public var one: String
        public var many: String
        public var centOne: String
        public var centMany: String
        public init(one: String, many: String, centOne: String, centMany: String) {
            self.one = one; self.many = many; self.centOne = centOne; self.centMany = centMany
        }
    }

    public enum DateOrder: String, Hashable, Sendable, Codable {
        case dayMonthYear = "dmy"
        case monthDayYear = "mdy"
    }

    public struct Ordinals: Hashable, Sendable, Codable {
        public var first: [String: String]
        public var second: [String: String]
        public var nth: [String]
        public init(first: [String: String] = [:], second: [String: String] = [:], nth: [String] = []) {
            self.first = first; self.second = second; self.nth = nth
        }
    }

    public var words: [String: String]
    public var abbreviations: [String: String] = [:]
    public var symbols: [String: String] = [:]
    public var ordinals: Ordinals?
    public var fractions: [String: Inflection] = [:]
    public var halfBefore: String?
    public var rate: String?
    public var range: String?
    public var units: [String: Inflection]
    public var currencies: [String: Currency]
    public var decimalSeparator: Character
    public var groupSeparators: Set<Character>
    public var singularBelowTwo: Bool
    public var dateOrder: DateOrder

    public init(words: [String: String] = [:], units: [String: Inflection] = [:],
                currencies: [String: Currency] = [:], decimalSeparator: Character = ",",
                groupSeparators: Set<Character> = ["\u{202F}", "\u{00A0}", "\u{2009}"],
                singularBelowTwo: Bool = true, dateOrder: DateOrder = .dayMonthYear) {
        self.words = words
        self.units = units
        self.currencies = currencies
        self.decimalSeparator = decimalSeparator
        self.groupSeparators = groupSeparators
        self.singularBelowTwo = singularBelowTwo
        self.dateOrder = dateOrder
    }

    public enum LoadError: Error, Hashable, Sendable {
        case notJSON(String)
        case invalid(member: String)
        /// A key or an expansion longer than `PronunciationLimits.textLength`.
        case tooLong(member: String)
        /// More keys scanned at each word start than `PronunciationLimits.scannedKeys`.
        case tooMany(member: String)
    }

    private struct File: Decodable {
        struct Number: Decodable {
            var decimalSeparator: String?
            var groupSeparators: [String]?
            var singularBelowTwo: Bool?
        }
        var words: [String: String]?
        var abbreviations: [String: String]?
        var symbols: [String: String]?
        var ordinals: Ordinals?
        var fractions: [String: Inflection]?
        var halfBefore: String?
        var rate: String?
        var range: String?
        var units: [String: Inflection]?
        var currencies: [String: Currency]?
        var number: Number?
        var dateOrder: DateOrder?
    }

    public static func decode(_ data: Data) throws(LoadError) -> PronunciationLexicon {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw .notJSON(String(describing: error))
        }
        var lexicon = PronunciationLexicon()
        lexicon.words = file.words ?? [:]
        lexicon.abbreviations = file.abbreviations ?? [:]
        lexicon.symbols = file.symbols ?? [:]
        lexicon.ordinals = file.ordinals
        lexicon.fractions = file.fractions ?? [:]
        lexicon.halfBefore = file.halfBefore
        lexicon.rate = file.rate
        lexicon.range = file.range
        lexicon.units = file.units ?? [:]
        lexicon.currencies = file.currencies ?? [:]
        if let number = file.number {
            if let separator = number.decimalSeparator {
                guard separator.count == 1, let c = separator.first else { throw .invalid(member: "number.decimalSeparator") }
                lexicon.decimalSeparator = c
            }
            if let separators = number.groupSeparators {
                guard separators.allSatisfy({ $0.count == 1 }) else { throw .invalid(member: "number.groupSeparators") }
                lexicon.groupSeparators = Set(separators.compactMap(\.first))
            }
            if let singular = number.singularBelowTwo { lexicon.singularBelowTwo = singular }
        }
        if let order = file.dateOrder { lexicon.dateOrder = order }
        if lexicon.words.keys.contains(where: \.isEmpty) { throw .invalid(member: "words") }
        if lexicon.abbreviations.keys.contains(where: \.isEmpty) { throw .invalid(member: "abbreviations") }
        if lexicon.symbols.keys.contains(where: { $0.count != 1 }) { throw .invalid(member: "symbols") }
        if lexicon.fractions.keys.contains(where: { Int($0) == nil }) { throw .invalid(member: "fractions") }
        if let ordinals = lexicon.ordinals,
           (Array(ordinals.first.keys) + Array(ordinals.second.keys) + ordinals.nth).contains(where: \.isEmpty) {
            throw .invalid(member: "ordinals")
        }
        if lexicon.units.keys.contains(where: \.isEmpty) { throw .invalid(member: "units") }
        if lexicon.currencies.keys.contains(where: \.isEmpty) { throw .invalid(member: "currencies") }
        try checkLimits(lexicon)
        return lexicon
    }

    static func checkLimits(_ lexicon: PronunciationLexicon) throws(LoadError) {
        let limit = PronunciationLimits.textLength
        func texts(_ member: String, _ strings: some Sequence<String>) throws(LoadError) {
            for text in strings where text.count > limit { throw .tooLong(member: member) }
        }
        try texts("words", lexicon.words.keys)
        try texts("words", lexicon.words.values)
        try texts("abbreviations", lexicon.abbreviations.keys)
        try texts("abbreviations", lexicon.abbreviations.values)
        try texts("symbols", lexicon.symbols.values)
        try texts("units", lexicon.units.keys)
        try texts("units", lexicon.units.values.flatMap { [$0.one, $0.many] })
        try texts("currencies", lexicon.currencies.keys)
        try texts("currencies", lexicon.currencies.values.flatMap { [$0.one, $0.many, $0.centOne, $0.centMany] })
        try texts("fractions", lexicon.fractions.values.flatMap { [$0.one, $0.many] })
        try texts("ordinals", (lexicon.ordinals.map { Array($0.first.keys) + Array($0.first.values) + Array($0.second.keys)
            + Array($0.second.values) + $0.nth }) ?? [])
        try texts("halfBefore", [lexicon.halfBefore, lexicon.rate, lexicon.range].compactMap { $0 })
        let scanned = PronunciationLimits.scannedKeys
        if lexicon.abbreviations.count > scanned { throw .tooMany(member: "abbreviations") }
        if lexicon.units.count > scanned { throw .tooMany(member: "units") }
        if lexicon.currencies.count > scanned { throw .tooMany(member: "currencies") }
        if let ordinals = lexicon.ordinals, ordinals.first.count + ordinals.second.count + ordinals.nth.count > scanned {
            throw .tooMany(member: "ordinals")
        }
    }
}
