// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// `lecteur --experimental-dump-settings`: every declared setting (`SettingDeclaration`) as JSON,
/// in the interface's language, for what is written outside the binary from it: the manual page
/// `lecteur.toml(5)` (scripts/gen-manpage.py) and the shell completions (scripts/gen-completions.py).
public enum SettingsDump {
    struct Entry: Encodable {
        /// The name typed after `régler` / `set` in this language.
        let name: String
        /// The name as the reader says it (`régler NOM`'s answer, a refusal): « Speed » for `wpm`.
        let title: String
        /// Every name accepted, this language's first.
        let names: [String]
        /// The dotted key in `lecteur.toml`, and its default as the file writes it.
        let key: String
        let `default`: String
        /// A valid value to type after the name.
        let example: String
        /// The numbers it takes, when it takes numbers (`SettingDeclaration.range`).
        let minimum: Double?
        let maximum: Double?
        /// Their unit (`SettingUnit`'s name: `hertz`, `seconds`…).
        let unit: String?
        /// Numbers outside the range it takes all the same (0: off).
        let also: [Double]
        /// What a refusal adds to the range (« « non » : désactivé »).
        let note: String?
        let help: String
    }

    public static func json(_ strings: Strings) -> String {
        let entries = SettingDeclaration.all.map { declaration in
            let name = declaration.name(localeCode: strings.localeCode)
            var names = [name]
            for other in [declaration.french, declaration.english] + declaration.aliases where !names.contains(other) {
                names.append(other)
            }
            let title = declaration.key.displayName(strings)
            return Entry(name: name, title: title.prefix(1).uppercased() + title.dropFirst(), names: names, key: declaration.fileKey, default: declaration.fileDefault,
                         example: declaration.example, minimum: declaration.range?.lowerBound,
                         maximum: declaration.range?.upperBound, unit: declaration.unit?.rawValue, also: declaration.alsoAccepted.sorted(),
                         note: declaration.note.map { strings($0) },
                         help: strings(declaration.help))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings cannot fail.
        return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
