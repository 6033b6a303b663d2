import Foundation

/// `set NAME VALUE`: one alias table (`SettingKey`) for every setting. The reader's own
/// settings and Morse's are checked and applied here; a device's (voice, braille table) go to
/// the device, which knows what it has, and its answer comes back as `.deviceConfigured`. Only
/// the setting that changed is saved.
struct SettingsReducer: Sendable {
    let strings: Strings

    func set(name: String, value: String, _ state: inout ReaderState, _ out: inout Announcer) {
        guard let key = SettingKey(name: name) else {
            let names = SettingKey.allCases.map { $0.displayName(strings) }
            out.error("setting", strings(.settingUnknown, ["name": Navigator.quoted(name),
                                                           "names": names.joined(separator: ", ")]), &state)
            return
        }
        if key.belongsToDevice {
            out.append(.configureDevice(key, value: value))
            return
        }
        if let morseKey = key.morseKey {
            do {
                let old = state.settings.morse.storedValues
                let updated = try state.settings.morse.setting(morseKey, to: value)
                state.settings.morse = updated
                // Only what changed (setting the speed can move Farnsworth with it).
                let changed = updated.storedValues.filter { old[$0.key] != $0.value }
                out.append(.persist(changed.isEmpty ? [morseKey.storageKey: updated.storedValues[morseKey.storageKey] ?? ""] : changed))
                out.notice("setting", updated.confirmation(for: morseKey, strings), &state)
            } catch {
                out.error("setting", error.message(strings), &state)
            }
            return
        }
        switch key {
        case .kochLesson:
            setKochLesson(value, &state, &out)
        case .kochTime:
            setKochTime(value, &state, &out)
        case .questionBraille:
            guard let shown = QuestionBraille(userValue: value) else {
                out.error("setting", strings(.morseTrainerSettingQuestionBrailleBad, ["value": Navigator.quoted(value)]), &state)
                return
            }
            state.settings.questionBraille = shown
            out.append(.persist([ReaderSettings.questionBrailleKey: shown.rawValue]))
            out.notice("setting", strings(shown == .none ? .morseTrainerSettingQuestionBrailleNone
                                                         : .morseTrainerSettingQuestionBraillePattern), &state)
        case .verbosity:
            guard let verbosity = Verbosity(userValue: value) else {
                out.error("setting", strings(.settingBadVerbosity, ["value": Navigator.quoted(value)]), &state)
                return
            }
            state.settings.verbosity = verbosity
            out.append(.persist([ReaderSettings.verbosityKey: verbosity.rawValue]))
            out.notice("setting", strings(.settingVerbosity, ["value": verbosity.name(strings)]), &state)
        case .position:
            guard let on = Self.onOff(value) else {
                out.error("setting", strings(.settingBadPosition, ["value": Navigator.quoted(value)]), &state)
                return
            }
            state.settings.speakPosition = on
            out.append(.persist([ReaderSettings.positionKey: on ? "on" : "off"]))
            out.notice("setting", strings(on ? .settingPositionOn : .settingPositionOff), &state)
        case .brailleMessage:
            guard let seconds = Double(value.replacingOccurrences(of: ",", with: ".")),
                  ReaderSettings.brailleMessageRange.contains(seconds) else {
                out.error("setting", strings(.settingBadBrailleMessage, ["value": Navigator.quoted(value)]), &state)
                return
            }
            state.settings.brailleMessageSeconds = seconds
            out.append(.persist([ReaderSettings.brailleMessageKey: Self.number(seconds)]))
            out.notice("setting", seconds == 0 ? strings(.settingBrailleMessageUntilKey)
                                               : strings(.settingBrailleMessage, ["seconds": Self.number(seconds, comma: true)]),
                       &state)
        default:
            break
        }
    }

    /// `régler koch N`: lesson N as LCWO numbers them (lesson 1 is K and M), kept as the
    /// number of symbols unlocked. A session running goes on at its own level.
    private func setKochLesson(_ value: String, _ state: inout ReaderState, _ out: inout Announcer) {
        let symbols = MorseAlphabet.standard.kochSymbols
        let lessons = 1...(symbols.count - 1)
        guard let lesson = Int(value.trimmingCharacters(in: .whitespaces)), lessons.contains(lesson) else {
            out.error("setting", strings(.morseTrainerSettingKochBad, ["value": Navigator.quoted(value), "max": "\(lessons.upperBound)"]), &state)
            return
        }
        let names = symbols.prefix(lesson + 1).map { $0.spokenName(strings) }
        out.append(.persist([PracticeMode.kochLevelStorageKey: String(lesson + 1)]))
        out.notice("setting", strings(.morseTrainerSettingKoch, ["lesson": "\(lesson)", "symbols": names.joined(separator: ", ")]), &state)
    }

    /// `régler koch-temps SECONDES`: 0 turns the condition off.
    private func setKochTime(_ value: String, _ state: inout ReaderState, _ out: inout Announcer) {
        guard let seconds = MorseSettings.number(value), ReaderSettings.kochTimeRange.contains(seconds) else {
            out.error("setting", strings(.morseTrainerSettingKochTimeBad, ["value": Navigator.quoted(value),
                                                                          "max": Self.number(ReaderSettings.kochTimeRange.upperBound, comma: true)]), &state)
            return
        }
        let ms = Int((seconds * 1000).rounded())
        state.settings.kochMedianMs = ms == 0 ? nil : ms
        out.append(.persist([ReaderSettings.kochTimeKey: String(ms)]))
        out.notice("setting", ms == 0 ? strings(.morseTrainerSettingKochTimeOff)
                                      : strings(.morseTrainerSettingKochTime, ["seconds": Self.number(seconds, comma: true)]), &state)
    }

    func deviceConfigured(_ result: DeviceSettingResult, _ state: inout ReaderState, _ out: inout Announcer) {
        switch result {
        case .applied(let message): out.notice("setting", message, &state)
        case .rejected(let message): out.error("setting", message, &state)
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
        let text = value == value.rounded() ? String(Int(value)) : String(value)
        return comma ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
