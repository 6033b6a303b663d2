// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

// The devices' and storage's faults in the user's words (French, or the locale's). The adapters
// throw and report these typed faults with codes and technical detail only; what the user hears
// and reads of them is decided here.

extension StorageFaultReason {
    public func message(_ strings: Strings) -> String {
        switch self {
        case .notADatabase: strings(.storageReasonNotADatabase)
        case .corrupt: strings(.storageReasonCorrupt)
        case .unreadable: strings(.storageReasonUnreadable)
        case .readOnly: strings(.storageReasonReadOnly)
        case .notADirectory: strings(.storageReasonNotADirectory)
        case .fileSizeLimit: strings(.storageReasonFileSizeLimit)
        case .full: strings(.storageReasonOther, ["detail": strings(.systemErrorFull)])
        case .system(let code): strings(.storageReasonOther, ["detail": SystemErrorText.summary(errno: code, strings)])
        case .sqlite: strings(.storageReasonOther, ["detail": strings(.systemErrorOther)])
        }
    }
}

extension StorageWarning {
    public func message(_ strings: Strings) -> String {
        switch self {
        case .databaseMovedAside(let path, let movedTo, let reason):
            strings(.storageCorruptMovedAside, ["path": TextSanitizer.clean(path), "movedTo": TextSanitizer.clean(movedTo),
                                                "reason": reason.message(strings)])
        case .databaseReadOnly(let path):
            strings(.faultStorageReadOnly, ["path": TextSanitizer.clean(path)])
        }
    }
}

extension StorageError {
    public func message(_ strings: Strings) -> String {
        switch self {
        case .dataDirectoryUnavailable(let path, let reason), .databaseUnavailable(let path, let reason):
            strings(.storageDataDirUnavailable, ["path": TextSanitizer.clean(path), "reason": reason.message(strings)])
        case .operationFailed(let reason):
            strings(.storageWriteFailed, ["reason": reason.message(strings)])
        }
    }
}

extension SpeechdError {
    /// Why speech-dispatcher cannot be used, in a few French words (never libspeechd's English).
    public func reason(_ strings: Strings) -> String {
        switch self {
        case .unreachable: strings(.deviceFaultSpeechdReasonUnreachable)
        case .rejected: strings(.deviceFaultSpeechdReasonRefused)
        case .timedOut(let seconds):
            strings(.deviceFaultSpeechdReasonNoAnswer, ["seconds": String(Int(saturating: seconds.rounded()))])
        case .closed: strings(.deviceFaultSpeechdReasonClosed)
        }
    }
}

extension BrailleDisplayError {
    /// The one notice the user hears or reads (Locales/<lang>/braille.json).
    public func message(_ strings: Strings) -> String {
        switch self {
        case .noServer(let host, let failure):
            strings(.brailleErrorNoServer, ["host": host, "detail": SystemErrorText.summary(failure, strings)])
        case .authenticationFailed(let host):
            strings(.brailleErrorAuth, ["host": host])
        case .emptyDisplay(let host):
            strings(.brailleErrorEmptyDisplay, ["host": host])
        case .ttyRefused(let failure):
            strings(.brailleErrorTty, ["detail": SystemErrorText.summary(failure, strings)])
        case .connectionLost(let failure):
            strings(.brailleErrorLost, ["detail": SystemErrorText.summary(failure, strings)])
        case .handshakeTimedOut(let host, let seconds):
            strings(.faultBrailleNoAnswer, ["host": host, "seconds": String(seconds)])
        case .notBrlAPI(let host):
            strings(.faultBrailleNotBrlapi, ["host": host])
        case .implausibleSize(let host, let columns, let rows):
            strings(.deviceFaultBrailleImplausibleSize,
                    ["host": host, "columns": String(columns), "rows": String(rows),
                     "maxColumns": String(BrailleDisplayLimits.maximumColumns), "maxRows": String(BrailleDisplayLimits.maximumRows)])
        }
    }
}

extension BrailleTranslationError {
    /// The notice for the user (Locales/<lang>/braille.json).
    public func message(_ strings: Strings) -> String {
        switch self {
        case .tableUnavailable(let file, let detail):
            strings(.brailleTableUnavailable, ["file": file, "detail": detail.isEmpty ? "liblouis" : detail])
        case .translationFailed(let file):
            strings(.brailleTableUnavailable, ["file": file, "detail": "lou_translate"])
        }
    }
}
