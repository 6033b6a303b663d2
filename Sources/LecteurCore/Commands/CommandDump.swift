// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// `lecteur --experimental-dump-commands`: every command's declaration (`CommandTable.specs`) as
/// JSON, in the interface's language, worded as `aide` words it. What is checked or written
/// outside the binary reads it: the declaration test (`CommandDeclarationTests`) walks every
/// entry through `aide`, Tab and the manual page.
public enum CommandDump {
    struct Entry: Encodable {
        /// The code's name (the English one), the same in both languages.
        let id: String
        /// The names `aide` lists in this language, its own first, then the shared ones.
        let names: [String]
        /// Every name the parser accepts, both languages'.
        let accepted: [String]
        /// "none", "optional" or "required".
        let argument: String
        /// The argument's words offered in this language, and its range when it is a number.
        let values: [String]
        let minimum: Int?
        let maximum: Int?
        /// A valid argument in this language; absent for a command that takes none.
        let example: String?
        /// The help `aide NAME` gives, and the usage an error of its argument quotes.
        let help: String
        let usage: String?
    }

    public static func json(_ strings: Strings) -> String {
        let code = strings.localeCode
        let settings = SettingDeclaration.names(localeCode: code).joined(separator: ", ")
        let entries = CommandTable.specs.map { spec in
            Entry(id: spec.name, names: CommandLanguage.helpNames(spec.names, localeCode: code), accepted: spec.names,
                  argument: "\(spec.argument)", values: spec.values(in: code),
                  minimum: spec.range?.lowerBound, maximum: spec.range.flatMap { $0.upperBound == Int.max ? nil : $0.upperBound },
                  example: spec.example(in: code), help: strings(spec.help, ["settings": settings]),
                  usage: spec.usage.map { strings($0) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings cannot fail.
        return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
