// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
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
    /// Every word of the phrases, with an id.
    private let words: FoldedWordTable
    /// By the id of a first word: the phrases starting with it, as word ids, longest first.
    private let byFirstWord: [[[Int32]]]

    public init(_ phrases: [String]) {
        let phrases = phrases.map { TextScan.words(in: $0).map(\.folded) }.filter { !$0.isEmpty }
        let table = FoldedWordTable(phrases.flatMap { $0 })
        var index = [[[Int32]]](repeating: [], count: table.count)
        for phrase in phrases {
            let ids = phrase.map { table.id(of: $0)! }
            index[Int(ids[0])].append(ids)
        }
        words = table
        byFirstWord = index.map { $0.sorted { $0.count > $1.count } }
    }

    /// Every match in `words`, as ranges of word positions, left to right, not overlapping.
    public func matches(in words: WordSpans) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var i = 0
        while i < words.count {
            if let length = match(at: i, in: words) {
                found.append(i..<i + length)
                i += length
            } else {
                i += 1
            }
        }
        return found
    }

    /// The first of `matches(in:)`, without looking further.
    public func firstMatch(in words: WordSpans) -> Range<Int>? {
        for i in 0..<words.count {
            if let length = match(at: i, in: words) { return i..<i + length }
        }
        return nil
    }

    /// The length of the longest phrase starting at word `i`.
    private func match(at i: Int, in text: WordSpans) -> Int? {
        guard let first = words.id(of: i, in: text) else { return nil }
        let phrase = byFirstWord[Int(first)].first { phrase in
            i + phrase.count <= text.count && (1..<phrase.count).allSatisfy { words.id(of: i + $0, in: text) == phrase[$0] }
        }
        return phrase?.count
    }
}
