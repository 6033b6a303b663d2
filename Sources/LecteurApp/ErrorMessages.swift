// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurAudio
import LecteurBraille
import LecteurCore
import LecteurSpeech
import LecteurStorage

// The one place where the adapters' typed errors become words for the user (French, or the
// locale's). The adapters throw and report `StorageError`, `SpeechError`, `BrailleDisplayError`…
// with codes and technical detail only; what the user hears and reads is decided here, so one
// file shows every message a device can cause.

extension StorageFaultReason {
    public func message(_ strings: Strings) -> String {
        switch self {
        case .notADatabase: strings(.storageReasonNotADatabase)
        case .corrupt: strings(.storageReasonCorrupt)
        case .unreadable: strings(.storageReasonUnreadable)
        case .readOnly: strings(.storageReasonReadOnly)
        case .notADirectory: strings(.storageReasonNotADirectory)
        case .other(let detail): strings(.storageReasonOther, ["detail": SystemErrorText.summary(detail, strings)])
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
            strings(.hardeningStorageReadOnly, ["path": TextSanitizer.clean(path)])
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

extension SpeechError {
    /// The one message the user hears or reads (Locales/<code>/speech.json).
    public func notice(_ strings: Strings) -> String {
        switch self {
        case .audio(.noAudioDevice): strings(.speechNoticeNoAudio)
        case .audio(.probeTimedOut): strings(.speechNoticeAudioTimeout)
        case .audio(.cannotCreateFile(let path, _)), .audio(.writeFailed(let path, _)):
            strings(.speechNoticeFileFailed, ["path": TextSanitizer.clean(path)])
        case .audio(.file(let error)): error.message(strings)
        case .audio(.fileTooLong(let path)): strings(.hardeningWavFull, ["path": TextSanitizer.clean(path)])
        case .dataMissing: strings(.speechNoticeDataMissing)
        case .engineFailed: strings(.speechNoticeEngineFailed)
        case .voiceNotFound(let voice, let current):
            strings(.speechNoticeVoiceNotFound, ["voice": TextSanitizer.clean(voice), "current": TextSanitizer.clean(current)])
        case .valueOutOfRange(let setting, let value):
            strings(.speechNoticeOutOfRange, ["setting": strings(setting.label), "value": String(value),
                                              "min": String(setting.range?.lowerBound ?? 0),
                                              "max": String(setting.range?.upperBound ?? 0)])
        case .notANumber(let setting, let value):
            strings(.speechNoticeNotANumber, ["setting": strings(setting.label), "value": value])
        case .unknownSetting(let name): strings(.speechNoticeUnknownSetting, ["name": name])
        case .synthesisFailed: strings(.speechNoticeSynthesisFailed)
        }
    }
}

extension SpeechdError {
    /// Why speech-dispatcher cannot be used, in a few French words (never libspeechd's English).
    public func reason(_ strings: Strings) -> String {
        switch self {
        case .unreachable: strings(.hardeningDevicesSpeechdReasonUnreachable)
        case .rejected: strings(.hardeningDevicesSpeechdReasonRefused)
        case .timedOut(let seconds):
            strings(.hardeningDevicesSpeechdReasonNoAnswer, ["seconds": String(Int(seconds.rounded()))])
        case .closed: strings(.hardeningDevicesSpeechdReasonClosed)
        }
    }
}

extension ResourceLimits.Problem {
    /// Why the reader cannot start, and how to lift the limit.
    public func message(_ strings: Strings) -> String {
        switch self {
        case .tooFewOpenFiles(let limit):
            strings(.hardeningDevicesResourcesFiles, ["limit": String(limit), "needed": String(ResourceLimits.minimumOpenFiles)])
        case .tooLittleAddressSpace(let limit):
            strings(.hardeningDevicesResourcesMemory, ["limit": String(limit), "needed": String(ResourceLimits.minimumAddressSpaceMiB)])
        }
    }
}

extension BrailleDisplayError {
    /// The one notice the user hears or reads (Locales/<lang>/braille.json).
    public func message(_ strings: Strings) -> String {
        switch self {
        case .noServer(let host, let detail):
            strings(.brailleErrorNoServer, ["host": host, "detail": SystemErrorText.summary(detail, strings)])
        case .authenticationFailed(let host):
            strings(.brailleErrorAuth, ["host": host])
        case .emptyDisplay(let host):
            strings(.brailleErrorEmptyDisplay, ["host": host])
        case .ttyRefused(let detail):
            strings(.brailleErrorTty, ["detail": SystemErrorText.summary(detail, strings)])
        case .connectionLost(let detail):
            strings(.brailleErrorLost, ["detail": SystemErrorText.summary(detail, strings)])
        case .handshakeTimedOut(let host, let seconds):
            strings(.hardeningBrailleNoAnswer, ["host": host, "seconds": String(seconds)])
        case .notBrlAPI(let host):
            strings(.hardeningBrailleNotBrlapi, ["host": host])
        case .implausibleSize(let host, let columns, let rows):
            strings(.hardeningDevicesBrailleImplausibleSize,
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
