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
        }
    }
}

extension SpeechdError {
    /// Said once, by the voice that takes over (espeak-ng, or none).
    public func lostMessage(fallbackSpeaks: Bool, _ strings: Strings) -> String {
        strings(fallbackSpeaks ? .hardeningDevicesSpeechdLostEspeak : .hardeningDevicesSpeechdLostSilent,
                ["reason": reason(strings)])
    }
}
