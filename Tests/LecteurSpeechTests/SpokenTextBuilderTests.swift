// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
import Testing

@Suite struct SpokenTextBuilderTests {
    let builder: SpokenTextBuilder
    init() throws { builder = try Fixtures.frenchBuilder() }

    @Test func pricesWithGroupSeparatorsAreOneNumberOfEuros() {
        #expect(builder.build("1\u{202F}490\u{00A0}€") == "1490 euros")
        #expect(builder.build("1\u{00A0}490 €") == "1490 euros")
        #expect(builder.build("1 490 €") == "1490 euros")
        #expect(builder.build("12\u{202F}500\u{202F}000 €") == "12500000 euros")
        #expect(builder.build("Prix : 990\u{00A0}€") == "Prix : 990 euros")
    }

    @Test func centsAreReadAfterTheUnitAndZeroCentsAreDropped() {
        #expect(builder.build("990,00\u{00A0}€") == "990 euros")
        #expect(builder.build("1\u{202F}490,50\u{00A0}€") == "1490 euros 50")
        #expect(builder.build("0,50 €") == "50 centimes")
        #expect(builder.build("0,01 €") == "1 centime")
        #expect(builder.build("1 €") == "1 euro")
        #expect(builder.build("990,00 euros") == "990 euros")
        #expect(builder.build("3,5 jours") == "3,5 jours")
    }

    @Test func spokenPricesFromTheNavigatorPassThrough() {
        #expect(builder.build("1490 euros") == "1490 euros")
        #expect(builder.build("Agents IA et automatisation, niveau Expert, durée 3 jours, 1490 euros")
                == "Agents i a et automatisation, niveau Expert, durée 3 jours, 1490 euros")
    }

    @Test func thousandsSeparatorsOutsidePricesAreRemoved() {
        #expect(builder.build("12\u{202F}000 inscrits") == "12000 inscrits")
        // A plain space between numbers is not a group separator outside an amount.
        #expect(builder.build("entre 2 500 et 3 000") == "entre 2 500 et 3 000")
        #expect(builder.build("2\u{00A0}jours") == "2 jours")
    }

    @Test func acronymsOfTheLexiconAreSpelled() {
        #expect(builder.build("IA") == "i a")
        #expect(builder.build("l'IA") == "l'i a")
        #expect(builder.build("d\u{2019}IA générative") == "d\u{2019}i a générative")
        #expect(builder.build("I.A. et RGAA") == "i a et R G A A")
        #expect(builder.build("Starter Pack - IA Générative") == "Starter Pack - i a Générative")
        // Whole words with their exact case only.
        #expect(builder.build("IAS, via, Ia") == "IAS, via, Ia")
    }

    @Test func unitAbbreviationsAgreeWithTheirNumber() {
        #expect(builder.build("40h") == "40 heures")
        #expect(builder.build("1h") == "1 heure")
        #expect(builder.build("1h30") == "1 heure 30")
        #expect(builder.build("30 min de pause") == "30 minutes de pause")
        #expect(builder.build("1,5 h") == "1,5 heure")
        #expect(builder.build("2 j") == "2 jours")
        // "h" inside a word is not a unit.
        #expect(builder.build("3 heures, 2 hommes") == "3 heures, 2 hommes")
    }

    @Test func numericDatesAreReadAsFrenchDates() {
        #expect(builder.build("15/02/2026") == "15 février 2026")
        #expect(builder.build("le 01/03/2026 à 9h") == "le 1er mars 2026 à 9 heures")
        #expect(builder.build("2026-06-02") == "2 juin 2026")
        // Not a date: left alone.
        #expect(builder.build("31/13/2026") == "31/13/2026")
        #expect(builder.build("24/7") == "24/7")
        // A proper fraction is read as one (issue 14).
        #expect(builder.build("3/4") == "3 quarts")
    }

    @Test func morseMarksAreSaidWithWords() {
        #expect(builder.build("A, .-") == "A, point, trait")
        #expect(builder.build("Code : ·−·") == "Code : point, trait, point")
        #expect(builder.build("-.-.") == "trait, point, trait, point")
        // Ellipses, lone dashes and negative numbers are not Morse.
        #expect(builder.build("Attendez... - bon") == "Attendez... - bon")
        #expect(builder.build("-5") == "-5")
    }

    @Test func noBreakSpacesBecomePlainSpaces() {
        #expect(builder.build("Prix\u{00A0}: oui\u{202F}!") == "Prix : oui !")
        #expect(builder.build("") == "")
    }

    @Test func englishLexiconUsesItsOwnNumberRules() throws {
        let english = SpokenTextBuilder(lexicon: try Fixtures.lexicon("en"), strings: Fixtures.english)
        #expect(english.build("1,490.50 €") == "1490 euros 50")
        #expect(english.build("0 €") == "0 euros")
        #expect(english.build("1h") == "1 hour")
        #expect(english.build("15/02/2026") == "February 15, 2026")
    }

    /// The builder runs between a command and speech. Its speed is the benchmarks' to judge
    /// (SpokenTextBenchmarks); here the figure is printed and only a hang fails.
    @Test func buildingIsCheap() {
        let label = "Agents IA et automatisation, niveau Expert, durée 3 jours, 1\u{202F}490\u{00A0}€, bouton. Prochaine session : 15/02/2026"
        var times: [Double] = []
        for _ in 0..<500 {
            let start = ContinuousClock.now
            _ = builder.build(label)
            let d = start.duration(to: .now)
            times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        times.sort()
        print("BENCH spoken-text build of a card label: p50 \(String(format: "%.3f", times[250])) ms, p95 \(String(format: "%.3f", times[475])) ms")
        // Hang guard, not a speed target: 500 builds of one label in under 10 s.
        #expect(times.reduce(0, +) < 10_000, "hang guard: 500 builds took \(times.reduce(0, +)) ms")
    }

    @Test func lexiconRejectsMalformedFiles() {
        #expect(throws: PronunciationLexicon.LoadError.self) { try PronunciationLexicon.decode(Data("[1]".utf8)) }
        #expect(throws: PronunciationLexicon.LoadError.invalid(member: "number.decimalSeparator")) {
            try PronunciationLexicon.decode(Data(#"{"number": {"decimalSeparator": ",,"}}"#.utf8))
        }
        #expect(throws: PronunciationLexicon.LoadError.invalid(member: "words")) {
            try PronunciationLexicon.decode(Data(#"{"words": {"": "x"}}"#.utf8))
        }
    }
}

import Foundation
