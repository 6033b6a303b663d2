// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import LecteurCore

/// Strings for the command line itself, in the language asked for with --locale.
enum CLIText {
    /// Without the data folder, every text is empty: `--help` still lists the options and
    /// commands, after the message that says what is missing.
    static let strings: Strings = Localization.strings(Localization.requestedLocale(in: CommandLine.arguments))
        ?? Localization.strings("fr")
        ?? Strings.blank(localeCode: "fr")
}

/// A text of `--help` in the language of the command line.
func help(_ text: CLIHelp) -> String { text.text(CLIText.strings) }

struct LecteurCLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// The string table for `--locale` (checked as it was parsed); without the option, the
/// environment's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), French when it is one Lecteur
/// does not have.
func localeStrings(_ option: LocaleOption?) throws -> Strings {
    if let option { return option.strings }
    let locale = Localization.locale(option: nil)
    guard let strings = Localization.strings(locale) else {
        throw LecteurCLIError(CLIMessages.badLocale(locale, CLIText.strings))
    }
    return strings
}
