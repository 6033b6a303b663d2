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
/// Any other member (such as "about") is ignored, which leaves room for comments.
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

    public var words: [String: String]
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
    }

    private struct File: Decodable {
        struct Number: Decodable {
            var decimalSeparator: String?
            var groupSeparators: [String]?
            var singularBelowTwo: Bool?
        }
        var words: [String: String]?
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
        if lexicon.units.keys.contains(where: \.isEmpty) { throw .invalid(member: "units") }
        if lexicon.currencies.keys.contains(where: \.isEmpty) { throw .invalid(member: "currencies") }
        return lexicon
    }
}
