// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import LecteurApp
import LecteurAudit
import LecteurBraille
import LecteurCore
import LecteurSpeech
import LecteurStore

/// An option's value that is one of a few words, parsed by swift-argument-parser. A word that
/// is none of them is refused in the user's language (`ChoiceOptions.refusal`): the parser's own
/// sentence is English.
public protocol ChoiceArgument: ExpressibleByArgument {
    /// The sentence for a word that is none of the choices.
    static func refusal(_ value: String, option: String) -> String
}

extension ChoiceArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    /// Any case: `--speech OFF` is `off`.
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }

    /// Empty: the help keeps its French text without an English « (values: …) » (the value name
    /// shows the choices), and completion lists them from each option's `completion:`.
    public static var allValueStrings: [String] { [] }

    public static func refusal(_ value: String, option: String) -> String {
        CLIMessages.badChoice(value, option: option, choices: allCases.map(\.rawValue), CLIText.strings)
    }
}

extension TranscriptFormat: ExpressibleByArgument, ChoiceArgument {}
extension SpeechMode: ExpressibleByArgument, ChoiceArgument {}
extension DeviceMode: ExpressibleByArgument, ChoiceArgument {}
extension SpeechBackend: ExpressibleByArgument, ChoiceArgument {}
extension BrlAPISettings.TtyMode: ExpressibleByArgument, ChoiceArgument {}
extension InputMode: ExpressibleByArgument, ChoiceArgument {}
extension AuditFormat: ExpressibleByArgument, ChoiceArgument {}
/// `--fail-on` takes the English value or the name the report prints in the interface's language
/// (« mineure », « grave »), accents and case ignored: what a report shows is accepted back. A
/// French name without its feminine « e » (« mineur », as reports printed it before) is the same.
extension Impact: ExpressibleByArgument, ChoiceArgument {
    public init?(argument: String) {
        let typed = FrenchCollation.fold(argument)
        let words = AuditReportMessages(strings: CLIText.strings)
        let match = Impact.allCases.first { impact in
            let shown = FrenchCollation.fold(words.impact(impact))
            return typed == impact.rawValue || typed == shown || (shown.hasSuffix("e") && typed == String(shown.dropLast()))
        }
        guard let match else { return nil }
        self = match
    }

    /// The names the report prints, in the interface's language.
    public static func refusal(_ value: String, option: String) -> String {
        let words = AuditReportMessages(strings: CLIText.strings)
        return CLIMessages.badChoice(value, option: option, choices: allCases.map(words.impact), CLIText.strings)
    }
}

/// The French and English names, accents and case ignored, and liblouis' file names.
extension BrailleTable: ExpressibleByArgument, ChoiceArgument {
    public init?(argument: String) { self.init(name: argument) }

    public static func refusal(_ value: String, option: String) -> String {
        CLIMessages.unknownBrailleTable(value, CLIText.strings)
    }
}

/// `--locale fr|en`: one of the languages whose strings are installed, as its string table.
struct LocaleOption: ChoiceArgument {
    let strings: Strings

    init?(argument: String) {
        if let strings = Localization.strings(argument.lowercased()) {
            self.strings = strings
        } else if !Localization.dataFound {
            // No language is installed: only what describes the program answers (`--help`),
            // after the message that says the data is missing.
            strings = CLIText.strings
        } else {
            return nil
        }
    }

    static func refusal(_ value: String, option: String) -> String {
        CLIMessages.badLocale(value, CLIText.strings)
    }
}

enum ChoiceOptions {
    /// The type of every option that takes one of a few words, by its long name.
    static func type(of option: String) -> (any ChoiceArgument.Type)? {
        switch option {
        case "--transcript": TranscriptFormat.self
        case "--speech": SpeechMode.self
        case "--braille": DeviceMode.self
        case "--speech-backend": SpeechBackend.self
        case "--braille-tty": BrlAPISettings.TtyMode.self
        case "--braille-table": BrailleTable.self
        case "--input": InputMode.self
        case "--format": AuditFormat.self
        case "--fail-on": Impact.self
        case "--locale": LocaleOption.self
        default: nil
        }
    }

    /// The user's-language sentence for the parser's « The value 'X' is invalid for '--option' »
    /// when the option is one of these; nil for any other parser message.
    static func refusal(parserMessage: String) -> String? {
        guard let (value, option) = ArgumentErrorText.invalidValue(parserMessage),
              let type = type(of: option) else { return nil }
        return type.refusal(value, option: option)
    }
}
