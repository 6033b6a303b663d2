// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The voice settings the user chooses with `set rate|pitch|volume|voice`; the runtime persists
/// them (Codable) and hands them to the engine, which applies them from the next utterance on.
/// Values are espeak-ng's own units.
public struct SpeechSettings: Hashable, Sendable, Codable {
    /// espeak-ng voice name or language ("fr", "en", "fr+f3" for a variant).
    public var voice: String
    /// Words per minute.
    public var rate: Int
    /// 0 (low) to 100 (high), 50 is the voice's own pitch.
    public var pitch: Int
    /// Amplitude, 100 is normal, up to 200.
    public var volume: Int

    public static let `default` = SpeechSettings(voice: "fr", rate: 175, pitch: 50, volume: 100)

    public init(voice: String, rate: Int, pitch: Int, volume: Int) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }

    public func value(of setting: SpeechSetting) -> String {
        switch setting {
        case .rate: String(rate)
        case .pitch: String(pitch)
        case .volume: String(volume)
        case .voice: voice
        }
    }

    /// The settings with one of them changed from what the user typed. Numbers are checked
    /// against espeak-ng's ranges here; whether a voice exists is the engine's to check
    /// (`SpeechEngine.update`), since it depends on the installed data.
    public func setting(_ setting: SpeechSetting, to text: String) throws(SpeechError) -> SpeechSettings {
        var copy = self
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if setting == .voice {
            guard !trimmed.isEmpty else { throw .voiceNotFound(voice: trimmed, current: voice) }
            copy.voice = trimmed
            return copy
        }
        guard let number = Int(trimmed) else { throw .notANumber(setting: setting, value: trimmed) }
        guard let range = setting.range, range.contains(number) else {
            throw .valueOutOfRange(setting: setting, value: number)
        }
        switch setting {
        case .rate: copy.rate = number
        case .pitch: copy.pitch = number
        case .volume: copy.volume = number
        case .voice: break
        }
        return copy
    }

    /// Out-of-range numbers (from an old or hand-edited settings file) brought back into range.
    public var clamped: SpeechSettings {
        var copy = self
        copy.rate = min(max(rate, SpeechSetting.rate.range!.lowerBound), SpeechSetting.rate.range!.upperBound)
        copy.pitch = min(max(pitch, SpeechSetting.pitch.range!.lowerBound), SpeechSetting.pitch.range!.upperBound)
        copy.volume = min(max(volume, SpeechSetting.volume.range!.lowerBound), SpeechSetting.volume.range!.upperBound)
        if copy.voice.isEmpty { copy.voice = Self.default.voice }
        return copy
    }
}
