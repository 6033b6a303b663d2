// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudit
import LecteurCore
import LecteurLocales
import LecteurSpeech

/// espeak-ng as the session's voice. The text arrives already pronounced by the navigator.
public final class EspeakVoice: SpeechOutput {
    public let engine: SpeechEngine

    public init(engine: SpeechEngine) { self.engine = engine }

    public func speak(_ text: String, interrupt: Bool) { engine.speak(text, interrupt: interrupt) }
    public func stop() { engine.stop() }
    public func waitUntilSpoken() { _ = engine.waitUntilIdle(timeout: .seconds(60)) }
    public func waitUntilSynthesised() { _ = engine.waitUntilSynthesised(timeout: .seconds(10)) }
}

/// `set rate|pitch|volume|voice` (débit, hauteur, volume, voix): applied to the next utterance
/// and saved for the next run.
public final class SpeechSettingsDomain: SettingsDomain {
    public static let storageKey = "speech.settings"
    private let engine: SpeechEngine?
    private let store: ReaderStore
    private let strings: Strings

    public init(engine: SpeechEngine?, store: ReaderStore, strings: Strings) {
        self.engine = engine
        self.store = store
        self.strings = strings
    }

    /// "+20" and "-20" change the current value by that much, within espeak-ng's range: a
    /// relative value is never read as an absolute one.
    static func absolute(_ value: String, from current: SpeechSettings, _ setting: SpeechSetting) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let range = setting.range, let sign = trimmed.first, sign == "+" || sign == "-",
              let delta = Int(trimmed), let now = Int(current.value(of: setting)) else { return trimmed }
        return String(min(max(now + delta, range.lowerBound), range.upperBound))
    }

    public static func saved(in store: ReaderStore) -> SpeechSettings {
        guard let json = store.value(storageKey),
              let settings = try? JSONDecoder().decode(SpeechSettings.self, from: Data(json.utf8)) else { return .default }
        return settings.clamped
    }

    public func configure(_ key: SettingKey, value: String) -> DeviceSettingResult? {
        let setting: SpeechSetting
        switch key {
        case .speechRate: setting = .rate
        case .speechPitch: setting = .pitch
        case .speechVolume: setting = .volume
        case .speechVoice: setting = .voice
        default: return nil
        }
        let current = engine?.settings ?? Self.saved(in: store)
        do {
            let updated = try current.setting(setting, to: Self.absolute(value, from: current, setting))
            try engine?.update(updated)
            let json = String(decoding: (try? JSONEncoder().encode(updated)) ?? Data(), as: UTF8.self)
            let saved = store.save([Self.storageKey: json])
            let nameKey = L10n(rawValue: "speech.setting.\(setting.rawValue)") ?? .speechSettingRate
            let message = strings(.speechSettingChanged, ["setting": strings(nameKey), "value": updated.value(of: setting)])
            return .applied(message: [message, saved].compactMap { $0 }.joined(separator: " "))
        } catch {
            return .rejected(message: error.notice(strings))
        }
    }
}

extension Localization {
    /// The pronunciation lexicon of the locale (`Locales/fr/lexique.json`, `Locales/en/lexicon.json`).
    public static func pronunciation(_ strings: Strings) -> SpokenTextBuilder? {
        PronunciationResources.builder(strings)
    }

    /// The locale's lexicon with the user's additions merged over it: `lexique.json` (French) or
    /// `lexicon.json` (English) in the configuration folder, same format as the shipped one; its
    /// members replace the shipped ones key by key. A malformed file is reported and left out.
    public static func pronunciation(_ strings: Strings, userFolder: URL) -> (SpokenTextBuilder?, [String]) {
        let name = strings.localeCode == "en" ? "lexicon.json" : "lexique.json"
        let userFile = userFolder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: userFile) else { return (pronunciation(strings), []) }
        func malformed(_ reason: String) -> (SpokenTextBuilder?, [String]) {
            (pronunciation(strings), [strings(.configLexiconMalformed, ["file": TextSanitizer.clean(userFile.path),
                                                                        "reason": TextSanitizer.clean(reason)])])
        }
        let user: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return malformed("JSON") }
            user = object
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return malformed(detail.map { "JSON : \($0)" } ?? "JSON")
        }
        let shipped = ["lexique.json", "lexicon.json"].lazy
            .compactMap { LocaleResources.data(locale: strings.localeCode, file: $0) }
            .compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }.first ?? [:]
        let merged = merge(shipped, user)
        guard let mergedData = try? JSONSerialization.data(withJSONObject: merged) else { return malformed("JSON") }
        do {
            let lexicon = try PronunciationLexicon.decode(mergedData)
            return (SpokenTextBuilder(lexicon: lexicon, strings: strings), [])
        } catch {
            return malformed(String(describing: error).prefix(120).description)
        }
    }

    /// Objects are merged member by member, the user's value winning; anything else is replaced.
    static func merge(_ base: [String: Any], _ over: [String: Any]) -> [String: Any] {
        var out = base
        for (key, value) in over {
            if let inner = value as? [String: Any], let existing = out[key] as? [String: Any] {
                out[key] = merge(existing, inner)
            } else {
                out[key] = value
            }
        }
        return out
    }
}
