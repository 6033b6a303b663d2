// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore
import LecteurSpeech
import LecteurStorage

/// The user's saved data for the session: settings in the plain-text configuration
/// (`$XDG_CONFIG_HOME/lecteur/lecteur.toml`, over the system's `$XDG_CONFIG_DIRS/lecteur/lecteur.toml`),
/// Morse attempts in the SQLite database. When the database cannot be opened the reader goes on
/// without saving the attempts and says so once; nothing is ever overwritten.
public final class ReaderStore: Sendable {
    public let database: LecteurDatabase?
    /// French messages to say at start-up (a corrupt file set aside, a read-only folder, a bad
    /// value in the configuration…).
    public let startupNotices: [String]
    public let configuration: ConfigurationPaths
    private let strings: Strings
    /// Values of the user's file (held while it is read or written), then of each system file,
    /// in that order of precedence.
    private let userValues: Mutex<[String: String]>
    private let systemValues: [[String: String]]

    public init(strings: Strings, url: URL? = nil, configuration: ConfigurationPaths = .fromEnvironment()) {
        self.strings = strings
        self.configuration = configuration
        var notices: [String] = []
        do throws(StorageError) {
            let opening = try LecteurDatabase.open(at: url ?? LecteurDatabase.defaultURL())
            database = opening.database
            notices = opening.warnings.map { $0.message(strings) }
        } catch {
            database = nil
            notices = [error.message(strings)]
        }
        ConfigurationWriter.removeLeftovers(in: configuration.userFolder)
        let user = ConfigurationFile.read(configuration.userFile)
        let system = configuration.systemFiles.map(ConfigurationFile.read)
        for file in [user] + system {
            notices += file.problems.map { $0.message(file: file.url, strings) }
        }
        userValues = Mutex(user.values)
        systemValues = system.map(\.values)
        startupNotices = notices
    }

    public func progress() -> [String: SymbolProgress] {
        (try? database?.progress()) ?? [:]
    }

    /// The user's file wins, then settings saved in SQLite by earlier versions (read, never
    /// written: they were the user's own), then the system files in order.
    public func value(_ key: String) -> String? {
        userValues.withLock { userValues in
            if key == ConfigurationKeys.speechSettings { return speechSettings(userValues) }
            if let value = userValues[key] { return value }
            if let legacy = legacy(key) { return legacy }
            return systemValues.lazy.compactMap { $0[key] }.first
        }
    }

    /// `[speech]`'s fields, each from the first place that has it, as the JSON object the
    /// speech settings are decoded from.
    private func speechSettings(_ userValues: [String: String]) -> String? {
        var fields: [String: Any] = [:]
        let legacyFields = legacy(ConfigurationKeys.speechSettings)
            .flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
        let defaults = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(SpeechSettings.default)) as? [String: Any]) ?? [:]
        var found = false
        for field in ConfigurationKeys.speechFields {
            let key = "speech.\(field)"
            let systemText = systemValues.lazy.compactMap { $0[key] }.first
            if let text = userValues[key] {
                fields[field] = Self.jsonField(field, text)
                found = true
            } else if let legacy = legacyFields[field] {
                fields[field] = legacy
                found = true
            } else if let text = systemText {
                fields[field] = Self.jsonField(field, text)
                found = true
            } else {
                fields[field] = defaults[field]
            }
        }
        guard found, let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func jsonField(_ field: String, _ text: String) -> Any {
        field == SpeechSetting.voice.rawValue ? text : (Int(text).map { $0 as Any } ?? text)
    }

    private func legacy(_ key: String) -> String? {
        (try? database?.value(forKey: key)) ?? nil
    }

    /// Writes the given keys to the user's configuration file, keeping every other key as the
    /// file has it now (another reader may have changed it). Returns a French message when the
    /// values could not be saved.
    public func save(_ values: [String: String?]) -> String? {
        userValues.withLock { userValues in save(values, over: &userValues) }
    }

    private func save(_ values: [String: String?], over userValues: inout [String: String]) -> String? {
        let file = configuration.userFile
        do throws(ConfigurationWriter.Failure) {
            let written = try ConfigurationWriter.save(values, to: file)
            userValues = written.values
            // A key removed from the file must not come back from an earlier version's database.
            let removed = values.filter { $0.value == nil }
            if !removed.isEmpty { try? database?.setValues(removed) }
            return nil
        } catch {
            let path = TextSanitizer.clean(file.path)
            switch error {
            case .ignored(let problem):
                if case .syntax = problem.kind {
                    return strings(.configNotSavedSyntax, ["file": path, "line": problem.line.map { String($0) } ?? "?"])
                }
                return strings(.configNotSavedIgnored, ["file": path])
            case .unreadable(let reason):
                return strings(.configNotSaved, ["file": path, "reason": reason.reason(strings)])
            case .write(let code):
                return strings(.configNotSaved, ["file": path, "reason": SystemErrorText.summary(errno: code, strings)])
            }
        }
    }

    /// Counts for `statistiques`; empty when there is no database.
    public func statistics() -> PracticeStatistics {
        (try? database?.statistics()) ?? PracticeStatistics(symbols: [], confusions: [], window: LecteurDatabase.recentWindow)
    }

    /// What a new practice session needs from storage: the Koch window at its level and the
    /// confusions (a card's drill sets its symbol against them).
    public func history(for mode: PracticeMode) -> PracticeHistory {
        guard let database else { return .none }
        var history = PracticeHistory()
        if case .koch(let level) = mode {
            history.kochWindow = (try? database.kochWindow(level: level, limit: PracticeOptions().kochWindow)) ?? []
        }
        if case .symbol = mode { history.confusions = (try? database.confusions()) ?? [:] }
        return history
    }

    /// Each attempt is committed on its own, so a killed process loses none that were answered.
    public func record(_ attempt: PracticeAttempt) -> String? {
        guard let database else { return nil }
        do {
            try database.record(attempt)
            return nil
        } catch {
            return error.message(strings)
        }
    }
}
