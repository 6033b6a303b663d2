// SPDX-License-Identifier: GPL-3.0-or-later

// The speech engine's and the sound output's typed errors in the user's words
// (Locales/<code>/speech.json), and the names of the voice's settings.

extension SpeechError {
    /// The one message the user hears or reads.
    public func notice(_ strings: Strings) -> String {
        switch self {
        case .audio(.noAudioDevice): strings(.speechNoticeNoAudio)
        case .audio(.probeTimedOut): strings(.speechNoticeAudioTimeout)
        case .audio(.cannotCreateFile(let path, _)), .audio(.writeFailed(let path, _)):
            strings(.speechNoticeFileFailed, ["path": TextSanitizer.clean(path)])
        case .audio(.file(let error)): error.message(strings)
        case .audio(.fileTooLong(let path)): strings(.faultWavFull, ["path": TextSanitizer.clean(path)])
        case .dataMissing: strings(.speechNoticeDataMissing)
        case .engineFailed: strings(.speechNoticeEngineFailed)
        case .voiceNotFound(let voice, let current):
            strings(.speechNoticeVoiceNotFound, ["voice": TextSanitizer.clean(voice), "current": TextSanitizer.clean(current)])
        case .valueOutOfRange(let setting, let value):
            strings(.speechNoticeOutOfRange, ["setting": setting.name(strings), "value": String(value),
                                              "min": String(setting.range?.lowerBound ?? 0),
                                              "max": String(setting.range?.upperBound ?? 0)])
        case .notANumber(let setting, let value):
            strings(.speechNoticeNotANumber, ["setting": setting.name(strings), "value": value])
        case .unknownSetting(let name): strings(.speechNoticeUnknownSetting, ["name": name])
        case .synthesisFailed: strings(.speechNoticeSynthesisFailed)
        }
    }
}

extension SpeechSetting {
    /// The setting's name in the user's language.
    public func name(_ strings: Strings) -> String {
        switch self {
        case .rate: strings(.speechSettingRate)
        case .pitch: strings(.speechSettingPitch)
        case .volume: strings(.speechSettingVolume)
        case .voice: strings(.speechSettingVoice)
        }
    }
}
