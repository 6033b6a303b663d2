// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurCore
import Testing

/// The element rules read words as spans over one byte buffer (`WordSpans`), look phrases up by
/// folded bytes (`FoldedWordTable`) and skip scalar scans when the bytes rule a finding out
/// (`BytePatterns`). Nothing written may change: their outcomes are compared with the rules
/// they replaced (frozen in LegacyElementRules.swift) on random and hostile text, with the
/// shipped word lists and with lists full of non-ASCII and canonically equivalent words.
@Suite struct RuleSpansDifferentialTests {
    typealias G = RulesCostDifferentialTests

    static let pieces: [String] = [
        " ", " ", " ", "\u{A0}", "\u{202F}", "\u{2009}", "\u{2007}", "\u{2003}", "\t", "\n", ",", ".", ";", ":", "-", "'", "/",
        "0", "1", "7", "00", "1 490", "1\u{202F}490", "12 345 678", "990,00", "3.00", "15/02/2026", "1.2.24", "2026-02-15",
        "40h", "3h30", "3 h", "2\u{A0}min", "/jour", "€/h", "/ Jours", "4\u{301}", "12Mo",
        "a", "Z", "é", "É", "e\u{301}", "E\u{301}", "\u{301}", "\u{323}\u{307}", "ṩ", "s\u{323}\u{307}", "×", "œ", "Œ", "ß",
        "ÿ", "Ÿ", "ð", "Þ", "İİİİİİİİİİİİİİİİ", "ȺȺȺȺȺȺȺȺȺȺȺȺ", "İ", "한", "\u{1112}\u{1161}\u{11AB}", "\u{212B}", "Å", "🙂", "中", "Ⅻ", "²", "Ω", "Ω", "İ", "ǅ", "ª", "\u{212A}", "K", "k", "\u{37E}", "\u{1FEF}",
        "IA", "I\u{212A}", "RGAA", "KOALA", "ÉTÉ", "ΑΒΓ", "ABCDEFG", "OK", "UI", "HTML",
        "Bouton", "bouton radio", "BOUTON RADIO", "case à cocher", "case a cocher", "Case", "icône", "icone", "ico\u{302}ne",
        "sélectionné", "non sélectionné", "Non Se\u{301}lectionne\u{301}e", "coché", "activé",
        "Appuyez", "touchez deux fois", "double-touchez", "faites glisser", "Veuillez",
        "Starter Pack", "starter", "machine learning", "Deep Learning", "soft skills", "data",
        ".-", "·−", "-.-.", "—", " — ", "•", "…", "«", "»", "_", "⋅∙", "..", "-,", "‑‒",
    ]

    static func text(_ g: inout SplitMix64, _ most: UInt64 = 9) -> String {
        (0..<Int(g.next() % most)).map { _ in G.random(pieces, &g) }.joined()
    }

    static func element(_ g: inout SplitMix64) -> AuditReport.Entry {
        let label = text(&g)
        let visible: String? = switch g.next() % 4 { case 0: nil; case 1: label; case 2: text(&g, 4); default: text(&g) }
        let hint: String? = switch g.next() % 4 {
        case 0: nil
        case 1: label
        case 2: text(&g, 4) + label + text(&g, 3)
        default: text(&g)
        }
        let role = Role.allCases[Int(g.next() % UInt64(Role.allCases.count))]
        let element = Element(id: "e", role: role, label: label, visibleText: visible, hint: hint,
                              action: g.next() % 3 == 0 ? nil : .back)
        let speech = g.next() % 3 == 0 ? label + ", " + (hint ?? "") : text(&g, 14)
        let braille = g.next() % 3 == 0 ? label : text(&g, 12)
        return AuditReport.Entry(index: 1, element: element, speech: speech, composedSpeech: speech,
                                 braille: BrailleLine(text: braille, cursor: 0))
    }

    /// Word lists with accents written both ways, other scripts, and words that equal others
    /// only as canonically equivalent strings.
    static let hostileVocabulary = AuditVocabulary(
        roleWords: ["한 국", "\u{212B}", "bouton", "Bouton radio", "case à cocher", "case", "ṩ", "s\u{323}\u{307} x", "中 文", "ω", "k", "\u{212A} a"],
        stateWords: ["se\u{301}lectionne\u{301}", "non sélectionné", "non", "ǆ", "Ⅻ ²"],
        orderWords: ["appuyez", "touchez deux fois", "touchez", "İ", "i\u{307}", "ß", "ss"],
        acronymsMisread: ["IA", "I\u{212A}", "ÉTÉ", "E\u{301}TE\u{301}"], acronymsSpelled: ["UI", "ΑΒΓ"],
        acronymsSaidAsWords: ["OK"], foreignWords: ["\u{1112}\u{1161}\u{11AB}", "starter pack", "pack", "ṩ ṩ", "ω ω", "data", "中", "\u{212A}"],
        unitAbbreviations: ["h", "min", "ṩ", "Mo", "\u{301}"], perUnits: ["jour", "jours", "h", "ṩ", "Ω"])

    @Test(arguments: [0, 1])
    func outcomesAreTheFrozenRules(vocabularySet: Int) {
        let vocabulary = vocabularySet == 0 ? AuditRulesFixture.vocabulary : Self.hostileVocabulary
        let context = AuditContext(strings: AuditRulesFixture.strings, vocabulary: vocabulary,
                                   braille: AuditRulesFixture.braille)
        let legacy = LegacyContext(strings: AuditRulesFixture.strings, vocabulary: LegacyVocabulary(vocabulary),
                                   braille: AuditRulesFixture.braille)
        let engine = AuditEngine()
        var g = SplitMix64(seed: 2027 + UInt64(vocabularySet))
        var findings: [String: Int] = [:]
        for _ in 0..<30_000 {
            let entry = Self.element(&g)
            let outcomes = engine.elementOutcomes(ElementFacts(entry), context)
            let facts = LegacyFacts(entry)
            for (r, rule) in engine.rules.enumerated() {
                guard let frozen = LegacyRules.byId[rule.info.id] else { continue }
                let expected = frozen(facts, legacy)
                if expected != .pass && expected != .inapplicable { findings[rule.info.id, default: 0] += 1 }
                #expect(outcomes[r] == expected && outcomes[r].message.map { Array($0.utf8) } == expected.message.map { Array($0.utf8) },
                        "\(rule.info.id) \(entry.element) speech \(entry.composedSpeech.unicodeScalars.map(\.value)) braille \(entry.braille.text)")
            }
        }
        // The random text does reach every rule's findings.
        for id in LegacyRules.byId.keys { #expect(findings[id, default: 0] >= 50, "\(id): \(findings[id, default: 0])") }
    }

    @Test func theWordScalarTableIsTheProperties() {
        for v in UInt32(0)..<0x10000 {
            guard let s = Unicode.Scalar(v) else { continue }
            #expect(WordSpans.isWordScalar(v) == TextScan.isWordScalar(s), "\(v)")
        }
    }

    @Test func theCoveredTableIsTheBrailleTables() {
        let context = AuditRulesFixture.context
        for v in UInt32(0)..<0x11000 {
            guard let s = Unicode.Scalar(v) else { continue }
            #expect(context.brailleCovers(s) == AuditRulesFixture.braille.covers(s), "\(v)")
        }
    }

    @Test func splitNumbersAreTheScalarScans() {
        var g = SplitMix64(seed: 1490)
        let legacy = LegacyBrailleNumberSplitRule(), rule = BrailleNumberSplitRule()
        let pieces = ["1", "23", "490", "4901", " ", "\u{A0}", "\u{202F}", "\u{2009}", "\u{2007}", "\u{2003}", "a", "é", "€",
                      "\u{20A0}", "\u{C2}", ",", "-"]
        for _ in 0..<20_000 {
            let text = (0..<Int(g.next() % 10)).map { _ in G.random(pieces, &g) }.joined()
            let entry = AuditReport.Entry(index: 1, element: Element(id: "e", role: .text, label: "x"), speech: "x",
                                          braille: BrailleLine(text: text, cursor: 0))
            let legacyContext = LegacyContext(strings: AuditRulesFixture.strings,
                                              vocabulary: LegacyVocabulary(AuditRulesFixture.vocabulary),
                                              braille: AuditRulesFixture.braille)
            let expected = legacy.check(LegacyFacts(entry), legacyContext)
            let found = rule.check(ElementFacts(entry), AuditRulesFixture.context)
            #expect(found == expected && found.message.map { Array($0.utf8) } == expected.message.map { Array($0.utf8) },
                    "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func spansAreTheWordScans() {
        var g = SplitMix64(seed: 404)
        // Words whose folded form is longer than the word (İ → i̇, Ⱥ → ⱥ) make the buffer grow.
        let growing = ["İİİİİİİİİİİİİİİİ", "a İİİİİİİİİİİİ b", "ȺȺȺȺȺȺȺȺȺȺȺȺ", "İ", "x ȺȺȺȺȺȺȺȺȺȺȺȺ İİİİİİİİİİ"]
        for n in 0..<20_000 + growing.count {
            let text = n < growing.count ? growing[n] : Self.text(&g, 12)
            let expected = TextScan.words(in: text), spans = WordSpans(text)
            #expect(spans.count == expected.count, "\(text.unicodeScalars.map(\.value))")
            guard spans.count == expected.count else { continue }
            for (w, word) in expected.enumerated() {
                #expect(Array(spans.text(w).utf8) == Array(word.text.utf8))
                #expect(Array(spans.folded(w).utf8) == Array(word.folded.utf8))
                #expect(spans.spans[w].scalarRange == word.start..<word.end)
                #expect(spans.isShortAcronym(w) == (TextScan.isAcronym(word) && word.text.unicodeScalars.count <= 6))
                #expect(spans.spans[w].foldedIsASCII == word.folded.utf8.allSatisfy { $0 < 0x80 })
            }
        }
    }
}
