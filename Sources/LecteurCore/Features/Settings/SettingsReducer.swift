// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// `set NAME VALUE`: one alias table (`SettingKey`) for every setting. The reader's own
/// settings and Morse's are checked and applied here; a device's (voice, braille table) go to
/// the device, which knows what it has, and its answer comes back as `.deviceConfigured`. Only
/// the setting that changed is saved.
struct SettingsReducer: Sendable {
    let strings: Strings

    /// `onTerminal`: whether keys can be read now (`clavier touches` from a pipe is kept for later).
    func set(name: String, value: String, onTerminal: Bool, _ settings: inout ReaderSettings, _ out: inout ChildOutput<Delegate>) {
        guard let key = SettingKey(name: name) else {
            let names = SettingKey.allCases.map { $0.displayName(strings) }
            out.error("setting", strings(.settingUnknown, ["name": Navigator.quoted(name),
                                                           "names": names.joined(separator: ", ")]))
            return
        }
        // The declared range, checked here once for every setting (the setters below read a value
        // already within it, or a word of their own).
        let current = settings.reading(key, strings).flatMap { reading in
            reading.decimalRange ?? reading.range.map { Double($0.lowerBound)...Double($0.upperBound) }
        }
        if let refusal = SettingDeclaration.of(key).refusal(value, current: current, strings) {
            out.error("setting", refusal)
            return
        }
        // Every key is named: a new setting does not compile until it is given a place here.
        switch key {
        case .speechRate, .speechPitch, .speechVolume, .speechVoice, .speechBackend, .brailleTable:
            out.append(.configureDevice(key, value: value))
        case .morseWPM: setMorse(.wpm, value, &settings, &out)
        case .morseFarnsworth: setMorse(.farnsworth, value, &settings, &out)
        case .morseTone: setMorse(.tone, value, &settings, &out)
        case .morseVolume: setMorse(.volume, value, &settings, &out)
        case .morseRamp: setMorse(.ramp, value, &settings, &out)
        case .bandNoise: setMorse(.noise, value, &settings, &out)
        case .bandQRM: setMorse(.qrm, value, &settings, &out)
        case .bandFading: setMorse(.fading, value, &settings, &out)
        case .bandStatic: setMorse(.staticNoise, value, &settings, &out)
        case .bandFlutter: setMorse(.flutter, value, &settings, &out)
        case .morseWordsworth: setMorse(.wordsworth, value, &settings, &out)
        case .reflexWPM:
            let wpm = MorseSettings.number(value).flatMap { $0 == $0.rounded() && abs($0) < 1_000 ? Int($0) : nil }
            choose(wpm, or: .drillsSettingReflexWpmBad, for: .reflexWPM, value,
                   &settings, &out) { wpm, settings in
                settings.reflex.wpm = wpm
                return ([ReflexSettings.wpmKey: String(wpm)], strings(.drillsSettingReflexWpmSet, ["wpm": String(wpm)]))
            }
        case .reflexPause, .reflexTime, .reflexTouchTime:
            setReflex(key, value, &settings, &out)
        case .practicePace:
            setPracticePace(value, &settings, &out)
        case .kochLesson:
            setKochLesson(value, &settings, &out)
        case .kochTime:
            setKochTime(value, &settings, &out)
        case .questionBraille:
            guard let shown = QuestionBraille(userValue: value) else {
                out.error("setting", strings(.morseTrainerSettingQuestionBrailleBad,
                                             ["value": Navigator.quoted(value), "choices": choices(.questionBraille, settings)]))
                return
            }
            if shown == .rhythm, settings.morse.wpm > QuestionBraille.rhythmMaxWPM {
                out.error("setting", strings(.rhythmTooFast, ["wpm": String(settings.morse.wpm),
                                                              "max": String(QuestionBraille.rhythmMaxWPM)]))
                return
            }
            settings.questionBraille = shown
            out.append(.persist([ReaderSettings.questionBrailleKey: shown.rawValue]))
            let confirmation: L10n = switch shown {
            case .auto: .morseTrainerSettingQuestionBrailleAuto
            case .none: .morseTrainerSettingQuestionBrailleNone
            case .pattern: .morseTrainerSettingQuestionBraillePattern
            case .rhythm: .rhythmSet
            }
            out.notice("setting", strings(confirmation))
        case .sendingWPM:
            setSendingWPM(value, &settings, &out)
        case .keyer:
            setKeyer(value, &settings, &out)
        case .kochOrder:
            choose(KochOrder(userValue: value), or: .morseMaterialSettingOrderBad, for: .kochOrder, value, &settings, &out) { order, settings in
                settings.kochOrder = order
                // The level (symbols unlocked) is kept, within the new order's length.
                settings.kochLevel = KochLesson.clamped(settings.kochLevel, .standard, order: order)
                let names = order.symbols(.standard).prefix(settings.kochLevel).map { $0.spokenName(strings) }
                return ([KochOrder.storageKey: order.rawValue],
                        strings(.morseMaterialSettingOrder, ["order": order.name, "lesson": "\(KochLesson.lesson(level: settings.kochLevel))",
                                                             "symbols": names.joined(separator: ", ")]))
            }
        case .groupLength:
            choose(GroupLength.parse(value), or: .morseMaterialSettingGroupLengthBad, for: .groupLength, value, &settings, &out) { length, settings in
                settings.groupLength = length
                let said = length.count == 1
                    ? strings(.morseMaterialSettingGroupLength, ["count": "\(length.lowerBound)"])
                    : strings(.morseMaterialSettingGroupLengthRange, ["min": "\(length.lowerBound)", "max": "\(length.upperBound)"])
                return ([GroupLength.storageKey: GroupLength.text(length)], said)
            }
        case .verbosity:
            choose(Verbosity(userValue: value), or: .settingBadVerbosity, for: .verbosity, value, &settings, &out) { verbosity, settings in
                settings.verbosity = verbosity
                return ([ReaderSettings.verbosityKey: verbosity.rawValue], strings(.settingVerbosity, ["value": verbosity.name(strings)]))
            }
        case .position:
            choose(Self.onOff(value), or: .settingBadPosition, for: .position, value, &settings, &out) { on, settings in
                settings.speakPosition = on
                return ([ReaderSettings.positionKey: on ? "on" : "off"], strings(on ? .settingPositionOn : .settingPositionOff))
            }
        case .brailleMessage:
            let seconds = SettingDeclaration.number(value)
            choose(seconds, or: .settingBadBrailleMessage, for: .brailleMessage, value, &settings, &out) { seconds, settings in
                settings.brailleMessageSeconds = seconds
                return ([ReaderSettings.brailleMessageKey: Self.number(seconds)],
                        seconds == 0 ? strings(.settingBrailleMessageUntilKey)
                                     : strings(.settingBrailleMessage, ["seconds": Self.number(seconds, comma: true)]))
            }
        case .brailleScroll:
            let seconds = SettingDeclaration.number(value)
            choose(seconds, or: .brailleReadingSettingBad, for: .brailleScroll, value, &settings, &out) { seconds, settings in
                settings.brailleScrollSeconds = seconds
                return ([ReaderSettings.brailleScrollKey: Self.number(seconds)],
                        strings(.brailleReadingSettingSet, ["seconds": Self.number(seconds, comma: true)]))
            }
        case .punctuation:
            choose(PunctuationLevel(userValue: value), or: .settingBadPunctuation, for: .punctuation, value, &settings, &out) { level, settings in
                settings.punctuation = level
                return ([PunctuationLevel.storageKey: level.stored], strings(.settingPunctuation, ["level": level.name(strings)]))
            }
        case .alphabet:
            let alphabet = ["otan": "otan", "nato": "otan", "francais": "francais", "french": "francais"][CommandParser.fold(value)]
            choose(alphabet, or: .settingBadAlphabet, for: .alphabet, value, &settings, &out) { alphabet, settings in
                settings.spellingAlphabet = alphabet
                return ([ReaderSettings.alphabetKey: ReaderSettings.storedAlphabet(alphabet)],
                        strings(.settingAlphabet, ["alphabet": ReaderSettings.alphabetName(alphabet, strings)]))
            }
        case .typingEcho:
            choose(TypingEcho(userValue: value), or: .terminalSettingBadEcho, for: .typingEcho, value, &settings, &out) { echo, settings in
                settings.typingEcho = echo
                return ([ReaderSettings.echoKey: echo.rawValue], strings(.terminalSettingEchoSet, ["value": echo.name(strings)]))
            }
        case .inputMode:
            choose(InputMode(userValue: value), or: .terminalSettingBadKeyboard, for: .inputMode, value, &settings, &out) { mode, settings in
                settings.inputMode = mode
                // Keys need a terminal: from a pipe the setting is kept for the next terminal session.
                let template: L10n = mode == .keys && !onTerminal ? .terminalSettingKeyboardSetNoTerminal : .terminalSettingKeyboardSet
                return ([ReaderSettings.inputModeKey: mode.rawValue], strings(template, ["value": mode.name(strings)]))
            }
        }
    }

    /// A Morse setting: checked by `MorseSettings`, and only what changed is saved (setting the
    /// speed can move Farnsworth with it).
    private func setMorse(_ morseKey: MorseSettingKey, _ value: String, _ settings: inout ReaderSettings,
                          _ out: inout ChildOutput<Delegate>) {
        do {
            let old = settings.morse.storedValues
            let updated = try settings.morse.setting(morseKey, to: value)
            settings.morse = updated
            let changed = updated.storedValues.filter { old[$0.key] != $0.value }
            out.append(.persist(changed.isEmpty ? [morseKey.storageKey: updated.storedValues[morseKey.storageKey] ?? ""] : changed))
            out.notice("setting", updated.confirmation(for: morseKey, strings))
        } catch {
            out.error("setting", error.message(strings))
        }
    }

    /// One of the reader's own settings: the value as understood (nil: not understood, said with
    /// `bad`), applied to the state, saved alone, and confirmed.
    /// The values a refusal lists: those `régler NOM` says (`SettingReading.choices`).
    private func choices(_ key: SettingKey, _ settings: ReaderSettings) -> String {
        SettingReading.choices(settings.reading(key, strings), strings)
    }

    private func choose<Value>(_ parsed: Value?, or bad: L10n, for key: SettingKey, _ typed: String, _ settings: inout ReaderSettings,
                               _ out: inout ChildOutput<Delegate>,
                               _ apply: (Value, inout ReaderSettings) -> (saved: [String: String], said: String)) {
        guard let parsed else {
            out.error("setting", strings(bad, ["value": Navigator.quoted(typed), "choices": choices(key, settings)]))
            return
        }
        let (saved, confirmation) = apply(parsed, &settings)
        // The confirmation of a new punctuation level is read at that level.
        out.punctuationLevel(settings.punctuation)
        out.append(.persist(saved))
        out.notice("setting", confirmation)
    }

    /// `régler NOM`: the value and what it may be; a device's setting is asked of the device first.
    func show(name: String, _ slice: inout SettingsState, _ out: inout ChildOutput<Delegate>) {
        guard let key = SettingKey(name: name) else {
            let names = SettingKey.allCases.map { $0.displayName(strings) }
            out.error("setting", strings(.settingUnknown, ["name": Navigator.quoted(name),
                                                           "names": names.joined(separator: ", ")]))
            return
        }
        if key.readByRuntime {
            slice.settingsRequest = .one(key)
            out.append(.readSettings([key]))
            return
        }
        say(key, slice.settings.reading(key, strings), &out)
    }

    /// `régler` alone: the devices' settings are read, then the screen opens.
    func openScreen(_ slice: inout SettingsState, _ out: inout ChildOutput<Delegate>) {
        slice.settingsRequest = .screen
        out.append(.readSettings(SettingKey.allCases.filter(\.readByRuntime)))
    }

    /// The devices answered: say the one setting asked for; true when the « Réglages » screen
    /// was asked for (the root opens it, then `announceScreen`).
    func settingsRead(_ readings: [SettingKey: SettingReading], _ slice: inout SettingsState,
                      _ out: inout ChildOutput<Delegate>) -> Bool {
        for (key, reading) in readings { slice.deviceSettings[key] = key == .brailleTable ? worded(reading) : reading }
        let request = slice.settingsRequest
        slice.settingsRequest = nil
        switch request {
        case .one(let key)?:
            // Only what the devices answered now: an absent device's value is unknown.
            say(key, readings[key] == nil ? nil : slice.deviceSettings[key], &out)
            return false
        case .screen?:
            return true
        case nil:
            return false
        }
    }

    /// The « Réglages » screen opened: its name and size, said and shown before its first element.
    func announceScreen(_ out: inout ChildOutput<Delegate>) {
        out.say(Announcement(.context, strings(.settingsScreenAnnounce, ["count": String(SettingKey.allCases.count)])))
    }

    /// A device reports a braille table by its name (`integral`); the user reads its label
    /// (« intégral »), worded here like every other sentence.
    private func worded(_ reading: SettingReading) -> SettingReading {
        guard let table = BrailleTable(name: reading.value) else { return reading }
        return SettingReading(value: table.label(strings), range: reading.range,
                              choices: reading.choices.map { BrailleTable(name: $0)?.word(strings) ?? $0 })
    }

    private func say(_ key: SettingKey, _ reading: SettingReading?, _ out: inout ChildOutput<Delegate>) {
        let name = key.displayName(strings)
        let unit = SettingDeclaration.of(key).unit
        out.notice("setting", strings(.settingsCurrent, ["name": name.prefix(1).uppercased() + name.dropFirst(),
                                                         "value": SettingReading.value(reading, unit: unit, strings),
                                                         "what": SettingReading.describe(reading, strings, unit: unit)]))
    }

    /// `régler koch N`: lesson N as LCWO numbers them (lesson 1 is K and M), kept as the
    /// number of symbols unlocked. A session running goes on at its own level.
    private func setKochLesson(_ value: String, _ settings: inout ReaderSettings, _ out: inout ChildOutput<Delegate>) {
        let lessons = KochLesson.lessons(order: settings.kochOrder)
        guard let lesson = Int(value.trimmingCharacters(in: .whitespaces)), lessons.contains(lesson) else {
            out.error("setting", strings(.morseTrainerSettingKochBad, ["value": Navigator.quoted(value), "max": "\(lessons.upperBound)"]))
            return
        }
        let level = KochLesson.level(lesson: lesson)
        settings.kochLevel = level
        let names = settings.kochOrder.symbols(.standard).prefix(level).map { $0.spokenName(strings) }
        out.append(.persist([PracticeMode.kochLessonStorageKey: String(lesson)]))
        out.notice("setting", strings(.morseTrainerSettingKoch, ["lesson": "\(lesson)", "symbols": names.joined(separator: ", ")]))
    }

    /// `régler koch-temps SECONDES`: 0 turns the condition off.
    private func setKochTime(_ value: String, _ settings: inout ReaderSettings, _ out: inout ChildOutput<Delegate>) {
        guard let seconds = MorseSettings.number(value) else {
            out.error("setting", strings(.morseTrainerSettingKochTimeBad, ["value": Navigator.quoted(value),
                                                                          "max": Self.number(ReaderSettings.kochTimeRange.upperBound, comma: true)]))
            return
        }
        let ms = Int((seconds * 1000).rounded())
        settings.kochMedianMs = ms == 0 ? nil : ms
        out.append(.persist([ReaderSettings.kochTimeKey: String(ms)]))
        out.notice("setting", ms == 0 ? strings(.morseTrainerSettingKochTimeOff)
                                      : strings(.morseTrainerSettingKochTime, ["seconds": Self.number(seconds, comma: true)]))
    }

    /// A device's answer: it checks and applies the value (only it knows which voices or tables
    /// exist); the reader saves what it applied and words the answer.
    func deviceConfigured(_ key: SettingKey, _ result: Result<SettingValue, SettingFault>, _ out: inout ChildOutput<Delegate>) {
        switch result {
        case .success(let value):
            let stored = DeviceSettingStorage.stored(key, value)
            if !stored.isEmpty { out.append(.persist(stored)) }
            out.notice("setting", value.message(for: key, strings))
        case .failure(let fault): out.error("setting", fault.message(for: key, strings))
        }
    }

    static func onOff(_ value: String) -> Bool? {
        switch CommandParser.fold(value) {
        case "on", "oui", "yes", "active", "activee", "1", "vrai", "true": true
        case "off", "non", "no", "desactive", "desactivee", "0", "faux", "false": false
        default: nil
        }
    }

    static func number(_ value: Double, comma: Bool = false) -> String {
        // `Int(exactly:)`: never a trap, whatever the value (see `MorseSettings.format`).
        let text = Int(exactly: value).map { String($0) }
            ?? (value.isFinite && value == value.rounded() ? String(format: "%.0f", value) : String(value))
        return comma ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
