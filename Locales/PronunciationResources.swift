// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// The pronunciation lexicon of a locale (`Locales/fr/lexique.json`, `Locales/en/lexicon.json`).
/// Lives with the locale files, which the reader and the audit both link: the audit reports exactly
/// the text the reader hands to espeak-ng, and builds it without linking the speech library.
public enum PronunciationResources {
    public static func builder(_ strings: Strings) -> SpokenTextBuilder? {
        for file in ["lexique.json", "lexicon.json"] {
            if let data = LocaleResources.data(locale: strings.localeCode, file: file),
               let lexicon = try? PronunciationLexicon.decode(data) {
                return SpokenTextBuilder(lexicon: lexicon, strings: strings)
            }
        }
        return nil
    }
}
