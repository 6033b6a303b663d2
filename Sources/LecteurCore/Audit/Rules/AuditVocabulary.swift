/// The word lists the rules read (`Locales/<locale>/lexique-audit.json`), kept as data so an
/// auditor can extend them without touching code. Phrases are matched on folded words (case and
/// accents ignored); acronyms are matched exactly, since "IA" and "ia" are not read alike.
public struct AuditVocabulary: Sendable, Decodable {
    public var roleWords: [String]
    public var stateWords: [String]
    public var orderWords: [String]
    /// Acronyms espeak-ng reads as a word although they are spelled ("IA" → [ja]).
    public var acronymsMisread: [String]
    /// Acronyms espeak-ng spells letter by letter, as people do.
    public var acronymsSpelled: [String]
    /// Acronyms people say as a word ("ONU"), and so does espeak-ng.
    public var acronymsSaidAsWords: [String]
    /// Words of another language that need language marking in a French label.
    public var foreignWords: [String]
    /// Unit abbreviations that the engine spells or misreads after a number ("40h").
    public var unitAbbreviations: [String]
    /// Words written after a slash for "per" ("/jour").
    public var perUnits: [String]

    public init(roleWords: [String] = [], stateWords: [String] = [], orderWords: [String] = [],
                acronymsMisread: [String] = [], acronymsSpelled: [String] = [], acronymsSaidAsWords: [String] = [],
                foreignWords: [String] = [], unitAbbreviations: [String] = [], perUnits: [String] = []) {
        self.roleWords = roleWords
        self.stateWords = stateWords
        self.orderWords = orderWords
        self.acronymsMisread = acronymsMisread
        self.acronymsSpelled = acronymsSpelled
        self.acronymsSaidAsWords = acronymsSaidAsWords
        self.foreignWords = foreignWords
        self.unitAbbreviations = unitAbbreviations
        self.perUnits = perUnits
    }
}

/// The vocabulary made ready for matching: phrases split into folded words and indexed by their
/// first word, so that scanning a label costs one dictionary look-up per word.
public struct PreparedVocabulary: Sendable {
    public let roles: PhraseSet
    public let states: PhraseSet
    public let orders: PhraseSet
    public let foreign: PhraseSet
    public let acronymsMisread: Set<String>
    public let acronymsKnown: Set<String>
    public let units: Set<String>
    public let perUnits: Set<String>

    public init(_ vocabulary: AuditVocabulary) {
        roles = PhraseSet(vocabulary.roleWords)
        states = PhraseSet(vocabulary.stateWords)
        orders = PhraseSet(vocabulary.orderWords)
        foreign = PhraseSet(vocabulary.foreignWords)
        acronymsMisread = Set(vocabulary.acronymsMisread)
        acronymsKnown = Set(vocabulary.acronymsSpelled + vocabulary.acronymsSaidAsWords)
        units = Set(vocabulary.unitAbbreviations.map(TextScan.fold))
        perUnits = Set(vocabulary.perUnits.map(TextScan.fold))
    }
}

/// A set of phrases matched word by word, longest first.
public struct PhraseSet: Sendable {
    private let byFirstWord: [String: [[String]]]

    public init(_ phrases: [String]) {
        var index: [String: [[String]]] = [:]
        for phrase in phrases {
            let words = TextScan.words(in: phrase).map(\.folded)
            guard let first = words.first else { continue }
            index[first, default: []].append(words)
        }
        byFirstWord = index.mapValues { $0.sorted { $0.count > $1.count } }
    }

    /// Every match in `words`, as ranges of word positions, left to right, not overlapping.
    public func matches(in words: [TextScan.Word]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var i = 0
        while i < words.count {
            if let candidates = byFirstWord[words[i].folded],
               let phrase = candidates.first(where: { phrase in
                   i + phrase.count <= words.count
                       && zip(phrase, words[i..<i + phrase.count]).allSatisfy { $0 == $1.folded }
               }) {
                found.append(i..<i + phrase.count)
                i += phrase.count
            } else {
                i += 1
            }
        }
        return found
    }
}
