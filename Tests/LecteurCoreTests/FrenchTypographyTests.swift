// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
import Testing

/// `FrenchTypography.spaced` reads scalars since issue 49 (grapheme clusters cost the start 5
/// million instructions); it must space every text exactly as the reading by Characters did.
@Suite struct FrenchTypographyTests {
    /// The reading by Characters, as it was before: the reference.
    private func spacedByCharacters(_ text: String) -> String {
        guard text.contains(" ") else { return text }
        let characters = Array(text)
        var out = ""
        for (i, character) in characters.enumerated() {
            guard character == " " else { out.append(character); continue }
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            let previous = i > 0 ? characters[i - 1] : nil
            let before = previous != "," && (next.map { ":;?!»".contains($0) } ?? false)
            out.append(before || previous == "«" ? FrenchTypography.narrowNoBreakSpace : character)
        }
        return out
    }

    @Test func spacesBeforeMarksAndInsideGuillemets() {
        #expect(FrenchTypography.spaced("Erreur : « clavier » ; oui ? non !")
            == "Erreur\u{202F}: «\u{202F}clavier\u{202F}»\u{202F}; oui\u{202F}? non\u{202F}!")
        // After a comma the mark is a name in a list.
        #expect(FrenchTypography.spaced("aide, ?") == "aide, ?")
        #expect(FrenchTypography.apply("Error : x", localeCode: "en") == "Error : x")
    }

    @Test(arguments: [
        " \u{301}: combining mark after a space", "« \u{301}x", "a \u{200D}!", "«  »", " : ", "« ",
        "e\u{301} : accent before", "🇫🇷 ! flag", ",  :", "",
    ])
    func agreesWithTheReadingByCharactersOnEdges(_ text: String) {
        #expect(FrenchTypography.spaced(text) == spacedByCharacters(text))
    }

    @Test func agreesWithTheReadingByCharactersOnEveryFrenchString() throws {
        let table = try #require(LocaleResources.table(locale: "fr"))
        var differing: [String] = []
        for (key, text) in table where FrenchTypography.spaced(text) != spacedByCharacters(text) {
            differing.append(key)
        }
        #expect(differing.isEmpty, "spaced differently: \(differing.sorted().prefix(10))")
        #expect(table.count > 1_000)
    }
}

/// `FrenchCollation.fold` lowers ASCII itself since issue 49; Foundation's folding must agree.
@Suite struct FrenchCollationFoldTests {
    private func foldedByFoundation(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "œ", with: "oe")
            .replacingOccurrences(of: "æ", with: "ae")
    }

    @Test func asciiFoldsAsFoundationFoldsIt() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(FrenchCollation.fold(every) == foldedByFoundation(every))
        for name in ["Suivant", "TOUT LIRE", "régler", "Œuvre", "ÉTHIQUE", "aide", "/ x"] {
            #expect(FrenchCollation.fold(name) == foldedByFoundation(name), "\(name)")
        }
        #expect(FrenchCollation.fold("Œuvre Éthique") == "oeuvre ethique")
    }
}
