// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurFiles
import LecteurLocales

extension Localization {
    /// The pronunciation lexicon of the locale (`Locales/fr/lexique.json`, `Locales/en/lexicon.json`).
    public static func pronunciation(_ strings: Strings) -> SpokenTextBuilder? {
        PronunciationResources.builder(strings)
    }

    /// The locale's lexicon with the user's additions merged over it: `lexique.json` (French) or
    /// `lexicon.json` (English) in the configuration folder, same format as the shipped one; its
    /// members replace the shipped ones key by key. A malformed file is reported and left out.
    public static func pronunciation(_ strings: Strings, userFolder: URL) -> (SpokenTextBuilder?, [StartupProblem]) {
        let name = strings.localeCode == "en" ? "lexicon.json" : "lexique.json"
        let userFile = userFolder.appendingPathComponent(name)
        let data: Data
        do {
            data = try InputFile.read(userFile.path, limit: PronunciationLimits.userFileBytes)
        } catch {
            if error == .notFound { return (pronunciation(strings), []) }
            return (pronunciation(strings), [.lexicon(file: userFile.path, .unreadable(error))])
        }
        func malformed(_ fault: LexiconFault) -> (SpokenTextBuilder?, [StartupProblem]) {
            (pronunciation(strings), [.lexicon(file: userFile.path, fault)])
        }
        guard let user = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return malformed(.notJSON)
        }
        let shipped = ["lexique.json", "lexicon.json"].lazy
            .compactMap { LocaleResources.data(locale: strings.localeCode, file: $0) }
            .compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }.first ?? [:]
        let merged = merge(shipped, user)
        guard let mergedData = try? JSONSerialization.data(withJSONObject: merged) else { return malformed(.notJSON) }
        do throws(PronunciationLexicon.LoadError) {
            let lexicon = try PronunciationLexicon.decode(mergedData)
            return (SpokenTextBuilder(lexicon: lexicon, strings: strings), [])
        } catch {
            return malformed(.invalid(error))
        }
    }

    /// Objects are merged member by member, the user's value winning; anything else is replaced.
    static func merge(_ base: [String: Any], _ over: [String: Any]) -> [String: Any] {
        var out = base
        for (key, value) in over {
            if let inner = value as? [String: Any], let existing = out[key] as? [String: Any] {
                out[key] = merge(existing, inner)
            } else {
                out[key] = value
            }
        }
        return out
    }
}
