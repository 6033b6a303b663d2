import Foundation
import LecteurCore

/// What `set NAME VALUE` did: a sentence to say, and possibly an action for the navigator.
public enum SettingChange {
    case applied(message: String, action: Action?)
    case failed(message: String)
}

/// A group of settings owned by one device (speech, braille): it claims the names it knows.
public protocol SettingsDomain: AnyObject {
    /// nil when the name is not one of this domain's.
    func change(name: String, value: String) -> SettingChange?
    var settingNames: [String] { get }
}

/// Routes `set` to the reader's own settings (verbosity), the devices' settings, then Morse,
/// and persists what changed so it holds across runs.
public final class SettingsController {
    private let strings: Strings
    private let store: ReaderStore
    private let morse: MorsePlayer
    public var domains: [SettingsDomain] = []

    public static let verbosityKey = "reader.verbosity"

    public init(strings: Strings, store: ReaderStore, morse: MorsePlayer) {
        self.strings = strings
        self.store = store
        self.morse = morse
    }

    public func change(name: String, value: String) -> SettingChange {
        let folded = CommandParser.fold(name)
        if ["verbosity", "verbosite"].contains(folded) {
            guard let verbosity = Verbosity(userValue: value) else {
                return .failed(message: strings(.settingBadVerbosity, ["value": value]))
            }
            let saved = store.save([Self.verbosityKey: verbosity.rawValue])
            return .applied(message: [strings(.settingVerbosity, ["value": verbosity.name(strings)]), saved].compactMap { $0 }
                                .joined(separator: " "), action: .setVerbosity(verbosity))
        }
        for domain in domains {
            if let change = domain.change(name: name, value: value) { return change }
        }
        // "volume" and "pitch" belong to speech; Morse has its own "volume-morse" and "tone".
        let morseKey: MorseSettingKey? = switch folded {
        case "volume-morse", "morse-volume": .volume
        case "volume", "pitch": nil
        default: MorseSettingKey(alias: name)
        }
        if let morseKey {
            do {
                let updated = try morse.settings.setting(morseKey, to: value)
                morse.update(updated)
                let saved = store.save(updated.storedValues.mapValues { Optional($0) })
                return .applied(message: [updated.confirmation(for: morseKey, strings), saved].compactMap { $0 }
                                    .joined(separator: " "), action: nil)
            } catch {
                return .failed(message: error.message(strings))
            }
        }
        let names = ["verbosité"] + domains.flatMap(\.settingNames) + ["wpm", "farnsworth", "tonalité", "volume-morse", "rampe"]
        return .failed(message: strings(.settingUnknown, ["name": name, "names": names.joined(separator: ", ")]))
    }
}
