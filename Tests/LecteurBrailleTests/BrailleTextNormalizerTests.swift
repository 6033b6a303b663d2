// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurBraille

@Suite("Text normalised before braille translation")
struct BrailleTextNormalizerTests {
    @Test("digit-group spaces go, whatever the space character")
    func groups() {
        #expect(BrailleTextNormalizer.normalize("1\u{202F}490\u{00A0}€").text == "1490 €")
        #expect(BrailleTextNormalizer.normalize("1\u{00A0}490 €").text == "1490 €")
        #expect(BrailleTextNormalizer.normalize("1 490 €").text == "1490 €")
        #expect(BrailleTextNormalizer.normalize("12\u{202F}345\u{202F}678").text == "12345678")
        #expect(BrailleTextNormalizer.normalize("1\u{2009}490,50\u{00A0}€").text == "1490,50 €")
    }

    @Test("numbers side by side are not merged")
    func notGroups() {
        #expect(BrailleTextNormalizer.normalize("15 02 2026").text == "15 02 2026")
        #expect(BrailleTextNormalizer.normalize("élément 3 sur 14").text == "élément 3 sur 14")
        #expect(BrailleTextNormalizer.normalize("2 3").text == "2 3")
        #expect(BrailleTextNormalizer.normalize("1234 567").text == "1234 567")
        #expect(BrailleTextNormalizer.normalize("40 h").text == "40 h")
    }

    @Test("other no-break spaces become plain spaces; apostrophes ASCII")
    func spaces() {
        #expect(BrailleTextNormalizer.normalize("Durée\u{00A0}: 40\u{202F}h").text == "Durée : 40 h")
        #expect(BrailleTextNormalizer.normalize("l’IA").text == "l'IA")
    }

    @Test("each output character knows its source")
    func sources() {
        let normalized = BrailleTextNormalizer.normalize("a 1\u{202F}490 b")
        #expect(normalized.text == "a 1490 b")
        #expect(normalized.sourceIndex == [0, 1, 2, 4, 5, 6, 7, 8])
        #expect(normalized.outputIndex(forSource: 3) == 3, "the removed space maps to the next digit")
        #expect(normalized.outputIndex(forSource: 9) == 8)
    }
}
