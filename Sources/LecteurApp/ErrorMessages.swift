// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurAudio
import LecteurCore
import LecteurSpeech

// The speech engine's and the resource limits' typed errors in the user's
// words (French, or the locale's). The faults the reader itself hears of (braille display,
// speech-dispatcher, storage) are worded in LecteurCore/Messages/, beside the rest of its words.

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
