// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing
@testable import LecteurAudit

/// `TextScan.words` reads a string's scalars in place and shares a folded word's text.
@Suite struct WordScanTests {
    /// `hasWord` (the label-missing rule's question) answers as the word scan does.
    @Test func hasWordAgreesWithTheWordScan() {
        var g = SeededRandom(seed: 7)
        let scalars: [String] = [" ", "\u{A0}", "\u{202F}", ".", ",", "-", "'", "’", "a", "Z", "0", "é", "\u{301}", "×", "÷",
                                 "🙂", "中", "Ⅻ", "²", "\t", "…", "«", "»", "_", "ß"]
        for _ in 0..<20_000 {
            let text = (0..<Int(g.next() % 5)).map { _ in g.pick(scalars) }.joined()
            #expect(TextScan.hasWord(text) == !TextScan.words(in: text).isEmpty, "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Written by hand: words are runs of letters and digits, a combining mark stays with the letter
    /// before it, anything else (spaces, punctuation, ×, emoji) separates; offsets count scalars.
    @Test(arguments: [
        ("e\u{301}té 40h", [("e\u{301}té", "ete", 0, 4), ("40h", "40h", 5, 8)]),
        ("\u{301}a", [("a", "a", 1, 2)]),
        ("1 490 €", [("1", "1", 0, 1), ("490", "490", 2, 5)]),
        ("a×b÷c", [("a", "a", 0, 1), ("b", "b", 2, 3), ("c", "c", 4, 5)]),
        ("🙂Œuvre, RGAA.", [("Œuvre", "oeuvre", 1, 6), ("RGAA", "rgaa", 8, 12)]),
        ("l’IA—données", [("l", "l", 0, 1), ("IA", "ia", 2, 4), ("données", "donnees", 5, 12)]),
        ("", []),
    ] as [(String, [(String, String, Int, Int)])])
    func wordsAreRunsOfLettersAndDigits(text: String, expected: [(String, String, Int, Int)]) {
        for found in [TextScan.words(in: text), TextScan.words(in: Array(text.unicodeScalars))] {
            #expect(found.map(\.text) == expected.map(\.0))
            #expect(found.map(\.folded) == expected.map(\.1))
            #expect(found.map(\.start) == expected.map(\.2) && found.map(\.end) == expected.map(\.3))
        }
        #expect(TextScan.wordKey(of: text) == expected.map(\.1).joined(separator: " "))
    }

    /// On seeded random text (the seed is in the failure message): the scan of the string and of
    /// its scalar array find the same words, and the key is the folded words joined by a space.
    @Test func stringAndArrayScansAgreeAndTheKeyIsTheFoldedWords() {
        let seed: UInt64 = 99
        var g = SeededRandom(seed: seed)
        let pieces: [String] = [" ", "\u{A0}", "\u{202F}", ".", "-", "'", "a", "Z", "IA", "0", "1 490", "é", "É", "e\u{301}",
                                "\u{301}", "×", "œ", "Œ", "ß", "ÿ", "ð", "🙂", "中", "Ⅻ", "²", "Ω", "İ", "ǅ", "RGAA", "données",
                                "Formation", "40h", "/jour", "\u{0300}\u{0301}"]
        for round in 0..<20_000 {
            let text = (0..<Int(g.next() % 9)).map { _ in g.pick(pieces) }.joined()
            let viaString = TextScan.words(in: text), viaArray = TextScan.words(in: Array(text.unicodeScalars))
            let replay = "seed \(seed), round \(round): \(text.unicodeScalars.map(\.value))"
            #expect(viaString.map { Array($0.text.utf8) } == viaArray.map { Array($0.text.utf8) }, "\(replay)")
            #expect(viaString.map { Array($0.folded.utf8) } == viaArray.map { Array($0.folded.utf8) }, "\(replay)")
            #expect(viaString.map(\.start) == viaArray.map(\.start) && viaString.map(\.end) == viaArray.map(\.end), "\(replay)")
            #expect(Array(TextScan.wordKey(of: text).utf8) == Array(viaString.map(\.folded).joined(separator: " ").utf8), "\(replay)")
        }
    }
}
