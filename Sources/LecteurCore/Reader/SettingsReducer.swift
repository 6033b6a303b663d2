// SPDX-License-Identifier: GPL-3.0-or-later
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
