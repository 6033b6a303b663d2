// SPDX-License-Identifier: GPL-3.0-or-later
/// Every setting `set NAME VALUE` knows, with one alias table for all of them: each name a user
/// may type (French or English, case and accents ignored) means exactly one setting, so
/// "volume" is the voice's volume and Morse has its own "volume-morse".
public enum SettingKey: String, Hashable, Sendable, CaseIterable {
    case verbosity
    case position
    case brailleMessage
    case brailleScroll
    case punctuation, alphabet
    case speechRate, speechPitch, speechVolume, speechVoice, speechBackend
    case brailleTable
    case morseWPM, morseFarnsworth, morseTone, morseVolume, morseRamp
    case typingEcho, inputMode
    case kochLesson, kochTime, questionBraille
    case sendingWPM
    case keyer
    case kochOrder, groupLength
    case bandNoise, bandQRM, bandFading
    case bandStatic, bandFlutter
    case reflexPause, reflexTime, reflexTouchTime
    case practicePace
    case morseWordsworth, reflexWPM

    /// Every name of every setting, from the declarations (`SettingDeclaration`): the French and
    /// English names and the other names accepted, folded as typed names are.
    private static let aliases: [String: SettingKey] = {
        var table: [String: SettingKey] = [:]
        for declaration in SettingDeclaration.all {
            for name in [declaration.french, declaration.english] + declaration.aliases {
                table[CommandParser.fold(name)] = declaration.key
            }
        }
        return table
    }()

    public init?(name: String) {
        guard let key = Self.aliases[CommandParser.fold(name)] else { return nil }
        self = key
    }

    /// The names listed when a setting is unknown, one per setting, in the user's language.
    public func displayName(_ strings: Strings) -> String {
        switch self {
        case .verbosity: strings(.settingNameVerbosity)
        case .position: strings(.settingNamePosition)
        case .brailleMessage: strings(.settingNameBrailleMessage)
        case .brailleScroll: strings(.brailleReadingSettingName)
        case .punctuation: strings(.settingNamePunctuation)
        case .alphabet: strings(.settingNameAlphabet)
        case .speechRate: strings(.speechSettingRate)
        case .speechPitch: strings(.speechSettingPitch)
        case .speechVolume: strings(.speechSettingVolume)
        case .speechVoice: strings(.speechSettingVoice)
        case .speechBackend: strings(.settingNameSpeechBackend)
        case .brailleTable: strings(.settingNameBrailleTable)
        case .morseWPM: strings(.morseSettingWpm)
        case .morseFarnsworth: strings(.morseSettingFarnsworth)
        case .morseTone: strings(.morseSettingTone)
        case .morseVolume: strings(.settingNameMorseVolume)
        case .morseRamp: strings(.morseSettingRamp)
        case .typingEcho: strings(.terminalSettingEcho)
        case .inputMode: strings(.terminalSettingKeyboard)
        case .kochLesson: strings(.morseTrainerSettingNameKoch)
        case .kochTime: strings(.morseTrainerSettingNameKochTime)
        case .questionBraille: strings(.morseTrainerSettingNameQuestionBraille)
        case .sendingWPM: strings(.morseSendingSettingName)
        case .keyer: strings(.morsePaddlesSettingName)
        case .kochOrder: strings(.morseMaterialSettingNameOrder)
        case .groupLength: strings(.morseMaterialSettingNameGroupLength)
        case .bandNoise: strings(.drillsSettingNoise)
        case .bandQRM: strings(.drillsSettingQrm)
        case .bandFading: strings(.drillsSettingFading)
        case .bandStatic: strings(.drillsSettingStatic)
        case .bandFlutter: strings(.drillsSettingFlutter)
        case .reflexPause: strings(.drillsSettingReflexPause)
        case .reflexTime: strings(.drillsSettingReflexTime)
        case .reflexTouchTime: strings(.drillsSettingReflexTouchTime)
        case .practicePace: strings(.morseTrainerSettingNamePace)
        case .morseWordsworth: strings(.drillsSettingWordsworth)
        case .reflexWPM: strings(.drillsSettingReflexWpm)
        }
    }

    /// Settings whose value the runtime reads back for `régler NOM` (a device's): asked with
    /// `.readSettings`. The reader's own, the Koch lesson included, are read from the state.
    public var readByRuntime: Bool { belongsToDevice }

    /// Settings a device owns and checks (the voices espeak-ng has, the tables liblouis has).
    public var belongsToDevice: Bool {
        switch self {
        case .speechRate, .speechPitch, .speechVolume, .speechVoice, .speechBackend, .brailleTable: true
        case .verbosity, .position, .brailleMessage, .brailleScroll, .punctuation, .alphabet,
             .morseWPM, .morseFarnsworth, .morseTone, .morseVolume, .morseRamp,
             .typingEcho, .inputMode, .kochLesson, .kochTime, .questionBraille, .sendingWPM, .kochOrder, .groupLength,
             .bandNoise, .bandQRM, .bandFading, .bandStatic, .bandFlutter, .reflexPause, .reflexTime, .reflexTouchTime, .practicePace,
             .morseWordsworth, .reflexWPM: false
        case .keyer: false
        }
    }
}
