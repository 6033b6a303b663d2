// SPDX-License-Identifier: GPL-3.0-or-later
/// A setting's current value and what it may be, as `régler NOM` (without a value) says it and
/// the « Réglages » screen lists it. The reader reads its own settings; a device reads the ones
/// it owns (the voice's rate, the braille table) and reports them typed, the reader words them.
public struct SettingReading: Hashable, Sendable {
    /// The value as the user would type it back (« 175 », « intégral »).
    public let value: String
    /// For a number: the accepted range.
    public let range: ClosedRange<Int>?
    /// For a choice: the values the user may type.
    public let choices: [String]
    /// For a number in seconds with a fraction (« de 0,5 à 5 »): the accepted range.
    public var decimalRange: ClosedRange<Double>?

    public init(value: String, range: ClosedRange<Int>? = nil, choices: [String] = []) {
        self.value = value
        self.range = range
        self.choices = choices
    }
}

extension SettingReading {
    /// The choices as a refusal lists them, the last after « ou » (« aucune, quelques, la plupart
    /// ou toute »): the same words as `describe`, so the error and `régler NOM` cannot differ.
    public static func choices(_ reading: SettingReading?, _ strings: Strings) -> String {
        guard let choices = reading?.choices, let last = choices.last else { return "" }
        guard choices.count > 1 else { return last }
        return strings(.settingsChoicesOr, ["list": choices.dropLast().joined(separator: ", "), "last": last])
    }

    /// « de 80 à 450 », « de 200 à 2 000 Hz » (the unit after the last number, as French writes a
    /// range), « au choix complète, brève », or « valeur libre ».
    public static func describe(_ reading: SettingReading?, _ strings: Strings, unit: SettingUnit? = nil) -> String {
        if let range = reading?.decimalRange {
            return spanned(range.lowerBound, range.upperBound, unit, strings)
        }
        if let range = reading?.range {
            return spanned(Double(range.lowerBound), Double(range.upperBound), unit, strings)
        }
        if let choices = reading?.choices, !choices.isEmpty {
            return strings(.settingsChoices, ["choices": choices.joined(separator: ", ")])
        }
        return strings(.settingsFree)
    }

    /// « de 0,5 à 5 secondes »: both numbers as the language writes them, the unit once.
    static func spanned(_ low: Double, _ high: Double, _ unit: SettingUnit?, _ strings: Strings) -> String {
        let max = SettingUnit.number(high, strings)
        return strings(.settingsRange, ["min": SettingUnit.number(low, strings), "max": unit.map { $0.said(max, strings) } ?? max])
    }
}

/// Why settings were asked of the devices: one setting to say, or the « Réglages » screen.
public enum SettingsRequest: Hashable, Sendable {
    case one(SettingKey)
    case screen
}

extension ReaderSettings {
    /// The whole numbers a setting takes, as its declaration gives them (`SettingDeclaration.range`).
    static func declared(_ key: SettingKey) -> ClosedRange<Int>? {
        SettingDeclaration.of(key).range.map { Int($0.lowerBound)...Int($0.upperBound) }
    }

    /// The reader's own settings, read from the state; nil for a device's.
    public func reading(_ key: SettingKey, _ strings: Strings) -> SettingReading? {
        let onOff = [strings(.settingsValueOn), strings(.settingsValueOff)]
        switch key {
        case .verbosity:
            return SettingReading(value: verbosity.name(strings), choices: Verbosity.allCases.map { $0.name(strings) })
        case .position:
            return SettingReading(value: speakPosition ? onOff[0] : onOff[1], choices: onOff)
        case .brailleMessage:
            return SettingReading(value: SettingsReducer.number(brailleMessageSeconds, comma: true),
                                  range: Self.declared(.brailleMessage))
        case .brailleScroll:
            return SettingReading(value: SettingsReducer.number(brailleScrollSeconds, comma: true),
                                  range: Self.declared(.brailleScroll))
        case .punctuation:
            return SettingReading(value: punctuation.name(strings), choices: PunctuationLevel.allCases.map { $0.name(strings) })
        case .alphabet:
            return SettingReading(value: Self.alphabetName(spellingAlphabet, strings),
                                  choices: Self.spellingAlphabets.map { Self.alphabetName($0, strings) })
        case .typingEcho:
            return SettingReading(value: typingEcho.name(strings), choices: TypingEcho.allCases.map { $0.name(strings) })
        case .inputMode:
            return SettingReading(value: inputMode.name(strings), choices: InputMode.allCases.map { $0.name(strings) })
        case .morseWPM:
            return SettingReading(value: String(morse.wpm), range: Self.declared(.morseWPM))
        case .morseFarnsworth:
            return SettingReading(value: morse.farnsworthWPM.map(String.init) ?? onOff[1], range: Self.declared(.morseFarnsworth))
        case .morseTone:
            return SettingReading(value: String(morse.toneHz), range: Self.declared(.morseTone))
        case .morseVolume:
            return SettingReading(value: String(morse.volumePercent), range: Self.declared(.morseVolume))
        case .morseRamp:
            return SettingReading(value: MorseSettings.format(morse.rampMs, strings),
                                  range: Self.declared(.morseRamp))
        case .kochTime:
            return SettingReading(value: kochMedianMs.map { SettingsReducer.number(Double($0) / 1000, comma: true) } ?? "0",
                                  range: Self.declared(.kochTime))
        case .questionBraille:
            // In the interface's language (English read « aucune, motif, rythme »).
            let names: [QuestionBraille: L10n] = [.auto: .morseTrainerSettingQuestionBrailleValueAuto,
                                                  .none: .morseTrainerSettingQuestionBrailleValueNone,
                                                  .pattern: .morseTrainerSettingQuestionBrailleValuePattern,
                                                  .rhythm: .morseTrainerSettingQuestionBrailleValueRhythm]
            return SettingReading(value: strings(names[questionBraille] ?? .morseTrainerSettingQuestionBrailleValueNone),
                                  choices: QuestionBraille.allCases.compactMap { names[$0].map { strings($0) } })
        case .sendingWPM:
            // Following the receiving speed is said as such: « 20 » alone read as a speed chosen.
            let value = sendingWPM.map(String.init) ?? strings(.morseSendingSettingValueReceiving, ["wpm": "\(morse.wpm)"])
            return SettingReading(value: value, range: Self.declared(.sendingWPM))
        case .keyer:
            return SettingReading(value: keyer.name(strings), choices: KeyerMode.allCases.map { $0.name(strings) })
        case .kochLesson:
            return SettingReading(value: String(KochLesson.lesson(level: kochLevel)), range: KochLesson.lessons(order: kochOrder))
        case .kochOrder:
            return SettingReading(value: kochOrder.name, choices: KochOrder.allCases.map(\.name))
        case .groupLength:
            return SettingReading(value: GroupLength.text(groupLength), range: Self.declared(.groupLength))
        case .bandNoise:
            return SettingReading(value: String(morse.band.noisePercent), range: Self.declared(.bandNoise))
        case .bandQRM:
            return SettingReading(value: String(morse.band.qrmPercent), range: Self.declared(.bandQRM))
        case .bandFading:
            return SettingReading(value: String(morse.band.fadingPercent), range: Self.declared(.bandFading))
        case .morseWordsworth:
            return SettingReading(value: morse.wordsworthWPM.map(String.init) ?? onOff[1], range: Self.declared(.morseWordsworth))
        case .reflexWPM:
            return SettingReading(value: String(reflex.wpm), range: Self.declared(.reflexWPM))
        case .bandStatic:
            return SettingReading(value: String(morse.band.staticPercent), range: Self.declared(.bandStatic))
        case .bandFlutter:
            return SettingReading(value: String(morse.band.flutterPercent), range: Self.declared(.bandFlutter))
        case .reflexPause:
            var reading = SettingReading(value: AnswerTime.seconds(reflex.pauseMs, strings))
            reading.decimalRange = SettingDeclaration.of(.reflexPause).range
            return reading
        case .reflexTime:
            var reading = SettingReading(value: AnswerTime.seconds(reflex.limitMs, strings))
            reading.decimalRange = SettingDeclaration.of(.reflexTime).range
            return reading
        case .reflexTouchTime:
            var reading = SettingReading(value: AnswerTime.seconds(reflex.touchLimitMs, strings))
            reading.decimalRange = SettingDeclaration.of(.reflexTouchTime).range
            return reading
        case .practicePace:
            let value = switch practicePace {
            case .auto: strings(.morseTrainerSettingPaceAuto)
            case .user: strings(.morseTrainerSettingPaceUser)
            case .pause(let ms): AnswerTime.seconds(ms, strings)
            }
            // Two words, or seconds: the choices say all three.
            let seconds = SettingReading.spanned(PracticePace.pauseRange.lowerBound, PracticePace.pauseRange.upperBound,
                                               SettingDeclaration.of(.practicePace).unit, strings)
            return SettingReading(value: value, choices: [strings(.morseTrainerSettingPaceAuto), strings(.morseTrainerSettingPaceUser), seconds])
        case .speechRate, .speechPitch, .speechVolume, .speechVoice, .speechBackend, .brailleTable:
            return nil
        }
    }
}
