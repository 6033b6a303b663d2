// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurSpeech
import LecteurStore

/// espeak-ng as the session's voice. The text arrives already pronounced by the navigator.
public final class EspeakVoice: SpeechOutput {
    public let engine: SpeechEngine

    public init(engine: SpeechEngine) { self.engine = engine }

    public func speak(_ text: String, interrupt: Bool) { engine.speak(text, interrupt: interrupt) }
    public func stop() { engine.stop() }
    public func afterSpeech(_ body: @escaping @Sendable (Bool) -> Void) { engine.afterSynthesis(body) }
    public func whenSpoken(_ done: @escaping @Sendable () -> Void) { engine.whenHeard(timeout: .seconds(60), done) }
}

/// `set rate|pitch|volume|voice` (débit, hauteur, volume, voix): applied to the next utterance
/// and saved for the next run.
public final class SpeechSettingsDomain: SettingsDomain {
    public static let storageKey = ReaderStore.speechSettingsKey
    private let currentEngine: @Sendable () -> SpeechEngine?
    private var engine: SpeechEngine? { currentEngine() }
    private let store: ReaderStore

    /// `currentEngine` is asked at each setting: espeak-ng may take over in the middle of a
    /// session (speech-dispatcher gone), and the setting then applies to it at once.
    public init(currentEngine: @escaping @Sendable () -> SpeechEngine?, store: ReaderStore) {
        self.currentEngine = currentEngine
        self.store = store
    }

    /// "+20" and "-20" change the current value by that much, within espeak-ng's range: a
    /// relative value is never read as an absolute one.
    static func absolute(_ value: String, from current: SpeechSettings, _ setting: SpeechSetting) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let range = setting.range, let sign = trimmed.first, sign == "+" || sign == "-",
              let delta = Int(trimmed), let now = Int(current.value(of: setting)) else { return trimmed }
        // `+9223372036854775807` is an Int: the sum saturates rather than trapping (issue 50).
        let (sum, overflow) = now.addingReportingOverflow(delta)
        let total = overflow ? (delta > 0 ? Int.max : Int.min) : sum
        return String(min(max(total, range.lowerBound), range.upperBound))
    }

    /// The saved settings for a reader in `strings`' language: the default (French) voice becomes
    /// the English one for an English reader; a voice the user chose stays.
    public static func saved(in store: ReaderStore, for strings: Strings) -> SpeechSettings {
        var settings = saved(in: store)
        if strings.localeCode == "en" && settings.voice == SpeechSettings.default.voice { settings.voice = "en" }
        return settings
    }

    public static func saved(in store: ReaderStore) -> SpeechSettings {
        guard let json = store.value(storageKey),
              let settings = try? JSONDecoder().decode(SpeechSettings.self, from: Data(json.utf8)) else { return .default }
        return settings.clamped
    }

    private static func speechSetting(_ key: SettingKey) -> SpeechSetting? { DeviceSettingStorage.speechSetting(key) }

    public func reading(_ key: SettingKey) -> SettingReading? {
        guard let setting = Self.speechSetting(key) else { return nil }
        let current = engine?.settings ?? Self.saved(in: store)
        return SettingReading(value: current.value(of: setting), range: setting.range)
    }

    /// The engine's refusal, typed for the reader to word.
    static func fault(_ error: any Error) -> SettingFault {
        switch error as? SpeechError {
        case .voiceNotFound(let voice, let current)?: .voiceNotFound(voice: voice, current: current)
        case .valueOutOfRange(let setting, let value)?:
            .outOfRange(value: value, min: setting.range?.lowerBound ?? 0, max: setting.range?.upperBound ?? 0)
        case .notANumber(_, let value)?: .notANumber(value: value)
        case let other?: .speechEngineFailed(detail: other.detail)
        case nil: .speechEngineFailed(detail: String(describing: error))
        }
    }

    public func configure(_ key: SettingKey, value: String) -> Result<SettingValue, SettingFault>? {
        guard let setting = Self.speechSetting(key) else { return nil }
        let current = engine?.settings ?? Self.saved(in: store)
        do {
            let updated = try current.setting(setting, to: Self.absolute(value, from: current, setting))
            if let engine {
                try engine.update(updated)
            } else if updated.voice != current.voice {
                // Speech off: no engine checks the voice as it takes it, and a voice that does
                // not exist must not be saved for the next start.
                try SpeechEngine.checkVoice(updated.voice, current: current.voice)
            }
            return .success(SettingValue(.speech(updated.value(of: setting))))
        } catch {
            return .failure(Self.fault(error))
        }
    }
}
