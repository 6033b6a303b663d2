// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

// What the user hears and reads of a device event or a storage failure.

extension StorageFault {
    public func message(_ strings: Strings) -> String {
        switch self {
        case .settingsNotSaved(let file, let fault):
            let file = TextSanitizer.clean(file)
            return switch fault {
            case .syntax(let line):
                strings(.configNotSavedSyntax, ["file": file, "line": line.map { String($0) } ?? "?"])
            case .ignored:
                strings(.configNotSavedIgnored, ["file": file])
            case .unreadable(let reason):
                strings(.configNotSaved, ["file": file, "reason": reason.reason(strings)])
            case .write(let code):
                strings(.configNotSaved, ["file": file, "reason": SystemErrorText.summary(errno: code, strings)])
            }
        case .database(let error):
            return error.message(strings)
        case .historyNotSaved(let file, let code):
            let reason = code == EFBIG ? StorageFaultReason.fileSizeLimit.message(strings) : SystemErrorText.summary(errno: code, strings)
            return strings(.historyNotSaved, ["file": TextSanitizer.clean(file), "reason": reason])
        }
    }
}

extension SpeechdError {
    /// Said once, by the voice that takes over (espeak-ng, or none).
    public func lostMessage(fallbackSpeaks: Bool, _ strings: Strings) -> String {
        strings(fallbackSpeaks ? .deviceFaultSpeechdLostEspeak : .deviceFaultSpeechdLostSilent,
                ["reason": reason(strings)])
    }
}

extension SettingValue {
    /// The confirmation of a setting a device took.
    public func message(for key: SettingKey, _ strings: Strings) -> String {
        switch value {
        // « Débit : 200. », in the style of every other setting's answer (it was « débit : 200 »).
        case .speech(let value):
            strings(.speechSettingChanged, ["setting": key.displayName(strings).prefix(1).uppercased() + key.displayName(strings).dropFirst(),
                                            "value": value])
        case .speechBackend(let value): strings(.envSettingBackendChanged, ["value": value])
        case .brailleTable(let table): strings(.brailleTableChanged, ["name": table.label(strings)])
        }
    }
}

extension SettingFault {
    public func message(for key: SettingKey, _ strings: Strings) -> String {
        switch self {
        case .unavailable: strings(.settingUnavailable)
        case .unknownBrailleTable(let name): strings(.brailleTableUnknown, ["name": name, "choices": BrailleTable.choices(strings)])
        case .brailleTable(let error): error.message(strings)
        case .unknownSpeechBackend(let value): strings(.envSettingBackendUnknown, ["value": value])
        case .voiceNotFound(let voice, let current):
            strings(.speechNoticeVoiceNotFound, ["voice": TextSanitizer.clean(voice), "current": TextSanitizer.clean(current)])
        case .outOfRange(let value, let min, let max):
            strings(.speechNoticeOutOfRange, ["setting": key.displayName(strings), "value": String(value),
                                              "min": String(min), "max": String(max)])
        case .notANumber(let value):
            strings(.speechNoticeNotANumber, ["setting": key.displayName(strings), "value": value])
        case .speechEngineFailed: strings(.speechNoticeEngineFailed)
        }
    }
}
