// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

// Every sentence of the command line itself (`lecteur --help`, option and usage errors, the
// version), in the language asked for with `--locale` (Locales/<code>/cli.json and others).
// The `lecteur` executable parses and decides; it words nothing.

/// A text of `lecteur --help`: a command's abstract, an option's or argument's help, or the
/// name of the value an option takes.
public enum CLIHelp: Hashable, Sendable, CaseIterable {
    case program, programDiscussion, readCommand, sayCommand, morseCommand
    case catalogOption, localeOption, timeoutOption
    case transcriptOption, speechOption, brailleOption, speechBackendOption, audioOutOption, brailleTableOption
    case brlapiHostOption, brlapiAuthOption, brailleTtyOption, inputOption
    case sayTextArgument, sayOutputOption
    case morseTextArgument, wpmOption, farnsworthOption, toneOption, morseOutputOption
    case wavFileValue, catalogValue, secondsValue, brailleTableValue, hostValue, keyValue, wpmValue, textValue

    public func text(_ strings: Strings) -> String {
        switch self {
        case .program: strings(.cliAbstract)
        case .programDiscussion: strings(.cliDiscussion)
        case .readCommand: strings(.cliReadAbstract)
        case .sayCommand: strings(.cliSayAbstract)
        case .morseCommand: strings(.cliMorseAbstract)
        case .catalogOption: strings(.cliOptCatalog)
        case .localeOption: strings(.cliOptLocale)
        case .timeoutOption: strings(.cliOptTimeout)
        case .transcriptOption: strings(.cliOptTranscript)
        case .speechOption: strings(.cliOptSpeech)
        case .brailleOption: strings(.cliOptBraille)
        case .speechBackendOption: strings(.envCliOptSpeechBackend)
        case .audioOutOption: strings(.cliOptAudioOut)
        case .brailleTableOption: strings(.cliOptBrailleTable)
        case .brlapiHostOption: strings(.cliOptBrlapiHost)
        case .brlapiAuthOption: strings(.cliOptBrlapiAuth)
        case .brailleTtyOption: strings(.envCliOptBrailleTty)
        case .inputOption: strings(.terminalCliOptInput)
        case .sayTextArgument: strings(.cliArgSayText)
        case .sayOutputOption: strings(.cliOptSayOutput)
        case .morseTextArgument: strings(.cliArgMorseText)
        case .wpmOption: strings(.cliOptWpm)
        case .farnsworthOption: strings(.cliOptFarnsworth)
        case .toneOption: strings(.cliOptTone)
        case .morseOutputOption: strings(.cliOptOutput)
        case .wavFileValue: strings(.cliValueWavFile)
        case .catalogValue: strings(.cliValueCatalog)
        case .secondsValue: strings(.cliValueSeconds)
        case .brailleTableValue: strings(.cliValueBrailleTable)
        case .hostValue: strings(.cliValueHost)
        case .keyValue: strings(.cliValueKey)
        case .wpmValue: strings(.cliValueWpm)
        case .textValue: strings(.cliValueText)
        }
    }
}

/// What swift-argument-parser refused, read out of its English sentence: the option (or
/// argument) it names, and for an invalid value the value typed.
public enum ArgumentProblem: Hashable, Sendable {
    case invalidValue(value: String, option: String)
    /// With the option the parser offers instead (« Did you mean '--wpm'? »), if any.
    case unknownOption(String, suggestion: String?)
    case missingValue(String)
    case missingArgument(String)
    case unexpected(String)
    /// A sentence not recognised: « arguments invalides », never English.
    case unrecognised
}

public enum CLIMessages {
    /// « lecteur: … » on standard error: the program names itself first, as GNU tools do, so
    /// that a script's log says who failed.
    public static func error(_ message: String, program: String, _ strings: Strings) -> String {
        strings(.cliError, ["program": program, "message": message])
    }

    /// A usage error of the parser, then the pointer to the command's own `--help`.
    public static func usageError(_ problem: ArgumentProblem, program: String, _ strings: Strings) -> String {
        let detail = switch problem {
        case .invalidValue(let value, let option): strings(.cliArgInvalidValue, ["value": value, "option": option])
        case .unknownOption(let option, suggestion: nil): strings(.cliArgUnknownOption, ["option": option])
        case .unknownOption(let option, suggestion: let suggestion?):
            strings(.cliArgUnknownOptionSuggestion, ["option": option, "suggestion": suggestion])
        case .missingValue(let option): strings(.cliArgMissingValue, ["option": option])
        case .missingArgument(let option): strings(.cliArgMissingArgument, ["option": option])
        case .unexpected(let option): strings(.cliArgUnexpected, ["option": option])
        case .unrecognised: strings(.cliArgInvalid)
        }
        return strings(.cliUsageError, ["program": program, "detail": detail])
    }

    /// A word that is none of an option's choices, with the list of them.
    public static func badChoice(_ value: String, option: String, choices: [String], _ strings: Strings) -> String {
        strings(.optionBadChoice, ["value": value, "option": option, "choices": choices.joined(separator: ", ")])
    }

    /// `--braille-table` with a name that is no table.
    public static func unknownBrailleTable(_ name: String, _ strings: Strings) -> String {
        SettingFault.unknownBrailleTable(name: name).message(for: .brailleTable, strings)
    }

    /// `--locale` (or the environment) naming a language Lecteur does not have.
    public static func badLocale(_ locale: String, _ strings: Strings) -> String {
        strings(.optionBadLocale, ["locale": locale])
    }

    /// `--timeout` outside what the client takes, the numbers as the user would type them.
    public static func timeoutOutOfRange(_ value: Double, range: ClosedRange<Double>, _ strings: Strings) -> String {
        strings(.faultOptionOutOfRange, [
            "option": "--timeout", "value": plainNumber(value, strings),
            "min": plainNumber(range.lowerBound, strings), "max": plainNumber(range.upperBound, strings),
            "unit": strings(.faultUnitSeconds)])
    }

    /// `lecteur --catalog -`: the reader's standard input is its commands (`audit` takes it).
    public static func catalogueFromStandardInputInTheReader(_ strings: Strings) -> String {
        strings(.cliCatalogStandardInputReader)
    }

    /// `--catalog` with an address the client refuses (shown without its credentials).
    public static func invalidCatalogueAddress(_ redacted: String, _ strings: Strings) -> String {
        strings(.networkErrorInvalidURLDetail, ["url": redacted])
    }

    /// `lecteur say` or `morse` reading their text from standard input, which failed.
    public static func standardInputUnreadable(_ error: InputFileError, _ strings: Strings) -> String {
        strings(.cliStandardInputUnreadable, ["reason": error.reason(strings)])
    }

    /// `lecteur say` with an empty text (`say < /dev/null`).
    public static func nothingToSay(_ strings: Strings) -> String {
        strings(.cliNothingToSay)
    }

    /// `lecteur morse` without `--output` on a machine with no sound output.
    public static func noAudio(_ strings: Strings) -> String {
        strings(.cliNoAudio)
    }

    /// `lecteur --version` in the GNU form.
    public static func version(_ version: String, _ strings: Strings) -> String {
        strings(.distVersion, ["version": version])
    }

    /// A number as typed back to the user: "30", "0,1" in French, "1e+16" as Swift writes it.
    static func plainNumber(_ value: Double, _ strings: Strings) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let text = String(value)
        return strings.localeCode == "fr" ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}

extension Strings {
    /// A table whose every text is empty: without the data folder, `--help` still lists the
    /// options and commands, after the message that says what is missing.
    public static func blank(localeCode: String) -> Strings {
        Strings(localeCode: localeCode, table: Dictionary(uniqueKeysWithValues: L10n.allCases.map { ($0.rawValue, "") }))
    }
}
