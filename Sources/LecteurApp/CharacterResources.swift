// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales

extension Localization {
    /// The locale's character names and punctuation levels (`Locales/fr/lexique-caracteres.json`,
    /// `Locales/en/lexicon-characters.json`); empty tables when the file is missing, so the review
    /// cursor still reads letters as themselves and signs by their lexicon names.
    public static func characters(_ strings: Strings) -> CharacterLexicon {
        let name = strings.localeCode == "en" ? "lexicon-characters.json" : "lexique-caracteres.json"
        guard let data = LocaleResources.data(locale: strings.localeCode, file: name),
              let lexicon = try? CharacterLexicon.decode(data) else { return CharacterLexicon() }
        return lexicon
    }
}
