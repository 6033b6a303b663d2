// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@_spi(Testing) @testable import LecteurCore
import LecteurLocales
import Testing

/// Issue 28: a user lexicon of many abbreviations, units or currencies is searched through a
/// trie (past `KeyIndex.trieThreshold` keys) instead of key by key at every position. Nothing
/// heard may change: with the shipped French lexicon grown by keys that share first letters and
/// prefixes with the real ones, every path gives the bytes of the shipped lexicon's builder,
/// which searches key by key.
@Suite struct LexiconIndexTests {
    static func grownLexicon() throws -> PronunciationLexicon {
        let data = try #require(LocaleResources.data(locale: "fr", file: "lexique.json"))
        var lexicon = try PronunciationLexicon.decode(data)
        for i in 0..<60 {
            lexicon.abbreviations["M\(i)x."] = "emme \(i)"
            lexicon.abbreviations["n°\(i)z"] = "numéro spécial \(i)"
            lexicon.units["mi\(i)"] = .init(one: "mille \(i)", many: "milles \(i)")
            lexicon.units["h\(i)q"] = .init(one: "heure \(i)", many: "heures \(i)")
            lexicon.currencies["€\(i)"] = .init(one: "euro \(i)", many: "euros \(i)", centOne: "centime", centMany: "centimes")
        }
        return lexicon
    }

    /// The shipped lexicon has fewer keys per table than the trie threshold, so its builder searches
    /// key by key: on texts that hold none of the added keys, the grown (trie) builder must give
    /// the same bytes; the added keys themselves are read as their expansions.
    @Test func aLargeLexiconSpeaksAsTheKeyByKeySearch() throws {
        let lexicon = try Self.grownLexicon()
        #expect(lexicon.abbreviations.count > 2 * 32 && lexicon.units.count > 32 && lexicon.currencies.count > 32)
        let shippedData = try #require(LocaleResources.data(locale: "fr", file: "lexique.json"))
        let shipped = try PronunciationLexicon.decode(shippedData)
        #expect(shipped.abbreviations.count < 32 && shipped.units.count < 32 && shipped.currencies.count < 32)
        let grown = SpokenTextBuilder(lexicon: lexicon, strings: Fixture.fr)
        let keyByKey = SpokenTextBuilder(lexicon: shipped, strings: Fixture.fr)
        let pieces = ["M. Dupont", "Mme", "n° 6", "n°12", "4 min", "4 mi", "40h", "9h30-17h", "12 €", "1 490 €", "km/h",
                      "M1x", "p. 12", "env.", "C++", "2e", "XXe", "1/2 journée", "IA", "l'IA", "300 €/jour", "20 °C",
                      "http://exemple.fr", "contact@exemple.fr", "« ! »", "Koch", "UX/UI", "15/02/2026", " ", ", ", "."]
        var rng = SeededRandom(seed: 0x1e28)
        var differences: [String] = []
        for _ in 0..<6_000 {
            var text = ""
            for _ in 0..<(Int(rng.next() % 10) + 1) {
                // Pieces apart: glued, « € » and « 12 » would make the added key « €12 ».
                text += pieces[Int(rng.next() % UInt64(pieces.count))] + " "
            }
            if grown.build(text) != keyByKey.build(text) { differences.append(text) }
        }
        #expect(differences.isEmpty, "seed 0x1e28: \(differences.prefix(3))")
        #expect(grown.build("4 mi3") == "4 milles 3")
        #expect(grown.build("M. Dupont et M7x. Durand").contains("emme 7"))
        #expect(grown.build("12 €4").contains("euros 4"))
        #expect(grown.build("n°3z").contains("numéro spécial 3"))
    }
}
