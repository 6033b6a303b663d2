// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales

/// Loads what the audit rules read from `Locales/`: the word lists of the report's language and
/// the French computer braille cells (the table the reader's braille display uses whatever the
/// interface language, since the catalogue is French).
public enum AuditResources {
    public struct Missing: Error, CustomStringConvertible {
        public let file: String
        public init(file: String) { self.file = file }
        public var description: String { "audit resource missing or invalid: \(file)" }
    }

    static let vocabularyFiles = ["lexique-audit.json", "lexicon-audit.json"]
    static let brailleFile = "lexique-braille-fr-bfu-comp8.json"

    public static func vocabulary(locale: String) throws -> AuditVocabulary {
        for file in vocabularyFiles {
            guard let data = LocaleResources.data(locale: locale, file: file) else { continue }
            guard let vocabulary = try? JSONDecoder().decode(AuditVocabulary.self, from: data) else {
                throw Missing(file: "\(locale)/\(file)")
            }
            return vocabulary
        }
        throw Missing(file: "\(locale)/\(vocabularyFiles[0])")
    }

    /// fr-bfu-comp8 cells generated from liblouis by scripts/gen-audit-braille-table.py.
    public static func frenchComputerBraille() throws -> DictionaryBrailleTable {
        guard let data = LocaleResources.data(locale: "fr", file: brailleFile),
              let table = try? DictionaryBrailleTable(jsonData: data)
        else { throw Missing(file: "fr/\(brailleFile)") }
        return table
    }

    /// The context for auditing in `strings`' language.
    public static func context(strings: Strings, braille: (any BrailleCellTable)? = nil) throws -> AuditContext {
        AuditContext(strings: strings, vocabulary: try vocabulary(locale: strings.localeCode),
                     braille: try braille ?? frenchComputerBraille())
    }
}

extension AuditResources {
    /// The shipped string table of a locale; nil for a locale Lecteur does not have.
    public static func strings(locale: String) -> Strings? {
        LocaleResources.strings(locale: locale)
    }

    /// Largest `--strings` file read, in bytes: every shipped table together is about 100 KB.
    public static let overridesLimit = 1 << 20

    public enum OverrideError: Error {
        case unreadable
        case unknownKey(String)
    }

    /// The shipped table of `locale` with some templates replaced: how an auditor tries a new
    /// wording (a hint that describes, a chip label without its state) before changing Locales/.
    /// Only keys the program knows are accepted, so a typo cannot pass for a fix.
    public static func strings(locale: String, overrides data: Data) throws -> Strings? {
        guard var table = LocaleResources.table(locale: locale) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw OverrideError.unreadable
        }
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            guard L10n(rawValue: key) != nil else { throw OverrideError.unknownKey(key) }
            guard let template = value as? String else { throw OverrideError.unreadable }
            // The auditor's text reaches the terminal (text report, --rules) and every report:
            // no escape sequence, control character, bidi override or noncharacter in it.
            table[key] = TextSanitizer.cleanKeepingLayout(template)
        }
        return Strings(localeCode: locale, table: table)
    }
}
