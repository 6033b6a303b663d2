// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import LecteurCore
import Synchronization

/// Strings for the command line itself, in the language asked for with --locale.
enum CLIText {
    /// Without the data folder, every text is empty: `--help` still lists the options and
    /// commands, after the message that says what is missing.
    static let strings: Strings = Localization.strings(Localization.requestedLocale(in: CommandLine.arguments))
        ?? Localization.strings("fr")
        ?? Strings.blank(localeCode: "fr")
}

/// A text of `--help` in the language of the command line, with French spaces in French (given
/// before swift-argument-parser wraps it, so no line starts with « : » or « »).
/// Worded once per process: swift-argument-parser builds each command's options several times
/// while it parses, and with them every option's help, at each start and not only for `--help`
/// (a quarter of the debug reader's start, issue 51).
func help(_ text: CLIHelp) -> String {
    HelpTexts.worded.withLock { worded in
        if let known = worded[text] { return known }
        let new = FrenchTypography.apply(text.text(CLIText.strings), localeCode: CLIText.strings.localeCode)
        worded[text] = new
        return new
    }
}

/// The help texts worded so far.
private enum HelpTexts {
    static let worded = Mutex<[CLIHelp: String]>([:])
}

/// A failure the command has worded, with the exit status its cause gives (BSD's sysexits.h,
/// as GNU tools and the README's table use them): the cause decides the status, not the command
/// that met it.
struct LecteurCLIError: Error, CustomStringConvertible {
    let description: String
    let status: CLIStatus
    init(_ message: String, status: CLIStatus = .usage) {
        description = message
        self.status = status
    }
}

/// The exit statuses of `lecteur`, by cause.
enum CLIStatus: Int32 {
    /// EX_USAGE: the command line is wrong (an option, a value, a setting out of range).
    case usage = 64
    /// EX_DATAERR: what was given cannot be used (a catalogue, a baseline, a text with nothing
    /// to play).
    case data = 65
    /// EX_NOINPUT: a file to read is missing or unreadable.
    case noInput = 66
    /// EX_UNAVAILABLE: a device the command needs is not there (no sound output).
    case unavailable = 69
    /// EX_SOFTWARE: a library failed where it should not (espeak-ng's synthesis).
    case software = 70
    /// EX_OSFILE: a file of Lecteur's own (its strings, its lexicons) is missing.
    case osFile = 72
    /// EX_IOERR: a file or standard output could not be written.
    case ioError = 74
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
