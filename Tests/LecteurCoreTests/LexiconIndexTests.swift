import Foundation
@_spi(Testing) @testable import LecteurCore
import LecteurLocales
import Testing

/// Issue 28: a user lexicon of many abbreviations, units or currencies is searched through a
/// trie (past `KeyIndex.trieThreshold` keys) instead of key by key at every position. Nothing
/// heard may change: with the shipped French lexicon grown by keys that share first letters and
/// prefixes with the real ones, every path gives the bytes of the frozen key-by-key builder.
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

    @Test func aLargeLexiconSpeaksAsTheKeyByKeySearch() throws {
        let lexicon = try Self.grownLexicon()
        #expect(lexicon.abbreviations.count > 2 * 32 && lexicon.units.count > 32 && lexicon.currencies.count > 32)
        let pair = SpokenTextDifferentialTests.Pair(name: "grown", builder: SpokenTextBuilder(lexicon: lexicon, strings: Fixture.fr),
                                                    legacy: LegacySpokenTextBuilder(lexicon: lexicon, strings: Fixture.fr))
        let pieces = SpokenTextDifferentialTests.pieces + ["M7x.", "M59x. Dupont", "n°3z", "n°12", "4 mi3", "4 min", "4 mi", "40h",
                                                           "40 h7q", "9h30-17h", "12 €4", "12 €", "1 490 €59", "km/h", "M1x", "mi0/h"]
        var rng = SeededRandom(seed: 0x1e28)
        var tally = SpokenTextDifferentialTests.Tally()
        for _ in 0..<6_000 {
            var text = ""
            for _ in 0..<(Int(rng.next() % 10) + 1) {
                text += pieces[Int(rng.next() % UInt64(pieces.count))]
                if rng.next() % 3 == 0 { text += " " }
            }
            tally.check(text, pair)
        }
        #expect(tally.differences == 0)
        #expect(pair.builder.build("4 mi3") == "4 milles 3")
        #expect(pair.builder.build("M. Dupont et M7x. Durand").contains("emme 7"))
    }
}
