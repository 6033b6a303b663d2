// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurCore
import LecteurLocales
import Testing

/// Inputs that once hurt the reader, found by the robustness work (issue 8). Each keeps the fix
/// honest: the bound is far above the fixed time and far below the old one.
@Suite struct RegressionTests {
    /// Before: every "<" scanned the rest of the text for a ">", so 20 000 "<" on one line (or in
    /// a catalogue title) held the debug binary 18 s and 40 000 held it 74 s.
    @Test func aLineOfOpeningBracketsIsCleanedInLinearTime() {
        let text = String(repeating: "<", count: 200_000)
        let start = ContinuousClock.now
        let cleaned = TextSanitizer.clean(text)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(cleaned == text, "no tag in it: every bracket stays")
        let mixed = String(repeating: "a < b ", count: 50_000) + "<b>gras</b>"
        let tail = TextSanitizer.clean(mixed)
        #expect(tail.hasSuffix("a < b gras"))
    }

    /// The bounded search finds the same tags as before: up to the next "<", at most 1999 scalars.
    @Test func tagsAreFoundAsBefore() {
        #expect(TextSanitizer.clean("<b>gras</b> et <p>para</p>") == "gras et para")
        #expect(TextSanitizer.clean("a <<b> c") == "a < c")
        #expect(TextSanitizer.clean("x <" + String(repeating: "y", count: 1999) + "> z") == "x z")
        let long = "x <" + String(repeating: "y", count: 2000) + "> z"
        #expect(TextSanitizer.clean(long) == long, "a body of 2000 scalars is text, not a tag")
    }

    /// Before: a pasted megabyte-long word was measured against every command name for a
    /// suggestion, 46 s in the debug binary.
    @Test func aHugeUnknownWordIsAnsweredAtOnce() {
        let word = String(repeating: "a", count: 1_000_000)
        let start = ContinuousClock.now
        let parsed = CommandParser().parse(word)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(parsed == .failure(.unknown(word: word, suggestion: nil)))
    }

    /// Skipping names whose length alone rules them out never changes the suggestion.
    @Test func suggestionsAreUnchangedByTheLengthShortcut() {
        let parser = CommandParser()
        var random = SeededRandom(seed: 8)
        let letters = Array("aeiousuvntrplmcdéèàç ?-")
        var words = parser.allSpecs.flatMap(\.names)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...16, using: &random)
            words.append(String((0..<count).map { _ in letters.randomElement(using: &random)! }))
        }
        for word in words {
            #expect(parser.suggestion(for: word) == bruteForceSuggestion(word, parser), "\(word)")
        }
    }

    /// The rule of issue 25 written out plainly: the user's language (or shared) names only, the
    /// shortest one the word begins, else the command whose other-language name it begins (issue
    /// 46: « suiv » in English is « next »), else the closest by edit distance within the typo limit.
    private func bruteForceSuggestion(_ word: String, _ parser: CommandParser) -> String? {
        let folded = CommandParser.fold(word)
        guard folded.count > 1 else { return nil }
        let names = parser.allSpecs.flatMap(\.names).filter { $0.count > 1 && CommandLanguage.belongs($0, to: parser.localeCode) }
        if let prefixed = names.filter({ CommandParser.fold($0).hasPrefix(folded) }).min(by: { $0.count < $1.count }) {
            return prefixed
        }
        let begun = parser.allSpecs.filter { $0.names.contains { $0.count > 1 && CommandParser.fold($0).hasPrefix(folded) } }
        if begun.count == 1, let own = begun[0].names.first(where: { $0.count > 1 && CommandLanguage.belongs($0, to: parser.localeCode) }) {
            return own
        }
        var best: (name: String, distance: Int)?
        for name in names {
            let d = CommandParser.editDistance(folded, CommandParser.fold(name))
            if best == nil || d < best!.distance { best = (name, d) }
        }
        guard let best, best.distance <= max(2, folded.count / 3) else { return nil }
        return best.name
    }
}

@Suite struct SpokenTextRegressionTests {
    /// From the spokentext fuzz target: U+00A0 before a combining mark is one Character.
    @Test func aNoBreakSpaceBeforeACombiningMarkNeverReachesTheEngine() throws {
        let data = try #require(LocaleResources.data(locale: "fr", file: "lexique.json"))
        let builder = SpokenTextBuilder(lexicon: try PronunciationLexicon.decode(data), strings: Fixture.fr)
        let spoken = builder.build("0\u{202F}\u{0618}0\u{0618} et \u{00A0}\u{0301}x")
        #expect(!spoken.unicodeScalars.contains { $0.value == 0x00A0 || $0.value == 0x202F })
    }
}

@Suite struct LongWordMessageTests {
    @Test func anUnknownPastedPageIsQuotedShort() {
        let word = String(repeating: "z", count: 5000)
        let message = Fixture.navigator.message(for: .unknown(word: word, suggestion: nil))
        #expect(message == "Commande inconnue : « \(String(repeating: "z", count: 40))… ». Tapez « aide » pour la liste des commandes.")
    }
}
