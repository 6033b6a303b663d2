// SPDX-License-Identifier: GPL-3.0-or-later

/// Everything that can keep the reader from speaking. None of them is fatal to the reader: the
/// runtime shows its message once (worded in Messages/SpeechMessages.swift) and goes on
/// silently (`--speech auto`).
public enum SpeechError: Error, Hashable, Sendable {
    /// No audio device, or the WAV file could not be written.
    case audio(AudioOutputError)
    /// espeak-ng's data (phoneme tables, dictionaries) is not where the library looks.
    case dataMissing(path: String, detail: String)
    case engineFailed(detail: String)
    case voiceNotFound(voice: String, current: String)
    case valueOutOfRange(setting: SpeechSetting, value: Int)
    case notANumber(setting: SpeechSetting, value: String)
    case unknownSetting(name: String)
    case synthesisFailed(detail: String)

    /// Technical detail for a log or `--verbose`, in the libraries' own words.
    public var detail: String {
        switch self {
        case .audio(.noAudioDevice(let detail)): detail
        case .audio(.probeTimedOut(let ms)): "no answer after \(ms) ms"
        case .audio(.cannotCreateFile(_, let detail)), .audio(.writeFailed(_, let detail)): detail
        case .audio(.file(let error)): "\(error)"
        case .audio(.fileTooLong(let path)): "\(path): WAV 4 GiB limit reached"
        case .dataMissing(let path, let detail): "\(path): \(detail)"
        case .engineFailed(let detail), .synthesisFailed(let detail): detail
        case .voiceNotFound(let voice, _): "voice \(voice) not found"
        case .valueOutOfRange(let setting, let value): "\(setting.rawValue) \(value) outside \(setting.range.map { "\($0)" } ?? "-")"
        case .notANumber(let setting, let value): "\(setting.rawValue): \(value)"
        case .unknownSetting(let name): "unknown setting \(name)"
        }
    }
}
