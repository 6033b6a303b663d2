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
    /// Where the voice's settings are kept (one JSON object; the fields of `[speech]` in the
    /// file): `SpeechSettingsDomain` (LecteurDevices) reads and writes it, the file's checks name it.
    public static let speechSettingsKey = "speech.settings"

    /// What a command does with the database.
    public enum DatabaseUse: Sendable {
        /// Opened at start (created, checked, migrated): the reader records practice in it.
        case open
        /// Never opened at start: `say` and `morse` record nothing, and read from it only the
        /// settings an earlier version saved there, when the configuration files do not have
        /// them and the file exists (issue 49: opening, checking and migrating SQLite was a good
        /// part of a one-shot command's start).
        case settingsOnly
    }

    public let database: LecteurDatabase?
    /// `settingsOnly`: the earlier version's settings, read on first need (nil: not yet).
    private let legacySettings: Mutex<[String: String]?>
    private let databaseURL: URL?
    /// What opening the database and reading the configuration found wrong (a corrupt file set
    /// aside, a read-only folder, a bad value…): the reader says it at start-up.
    public let startupNotices: [StartupProblem]
    public let configuration: ConfigurationPaths
    /// Values of the user's file (held while it is read or written), then of each system file,
    /// in that order of precedence.
    private let userValues: Mutex<[String: String]>
    private let systemValues: [[String: String]]

    public init(url: URL? = nil, configuration: ConfigurationPaths = .fromEnvironment(), database use: DatabaseUse = .open) {
        self.configuration = configuration
        var notices: [StartupProblem] = []
        legacySettings = Mutex(nil)
        switch use {
        case .open:
            databaseURL = nil
            do throws(StorageError) {
                let opening = try LecteurDatabase.open(at: url ?? LecteurDatabase.defaultURL())
                database = opening.database
                notices = opening.warnings.map { .databaseWarning($0) }
            } catch {
                database = nil
                notices = [.database(error)]
            }
        case .settingsOnly:
            database = nil
            databaseURL = url ?? LecteurDatabase.defaultURL()
        }
        ConfigurationWriter.removeLeftovers(in: configuration.userFolder)
        let user = ConfigurationFile.read(configuration.userFile)
        let system = configuration.systemFiles.map(ConfigurationFile.read)
        for file in [user] + system {
            notices += file.problems.map { .configuration(file: file.url.path, $0) }
        }
        userValues = Mutex(user.values)
        systemValues = system.map(\.values)
        startupNotices = notices
    }

    /// Each Morse symbol's attempts and right answers, for the Morse list (the session loads it at
    /// start-up and after each attempt) and for the audit's Morse screens.
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
        if let database { return (try? database.value(forKey: key)) ?? nil }
        guard let databaseURL else { return nil }
        return legacySettings.withLock { settings in
            if settings == nil {
                let database = LecteurDatabase.openForReading(at: databaseURL)
                settings = (try? database?.allValues()) ?? [:]
                try? database?.close()
            }
            return settings?[key]
        }
    }

    /// Writes the given keys to the user's configuration file, keeping every other key as the
    /// file has it now (another reader may have changed it). Returns why, when the values could
    /// not be saved (the reader words it).
    public func save(_ values: [String: String?]) -> StorageFault? {
        userValues.withLock { userValues in save(values, over: &userValues) }
    }

    private func save(_ values: [String: String?], over userValues: inout [String: String]) -> StorageFault? {
        let file = configuration.userFile
        do throws(ConfigurationWriter.Failure) {
            let written = try ConfigurationWriter.save(values, to: file)
            userValues = written.values
            // A key removed from the file must not come back from an earlier version's database.
            let removed = values.filter { $0.value == nil }
            if !removed.isEmpty { try? database?.setValues(removed) }
            return nil
        } catch {
            let fault: SettingsFileFault = switch error {
            case .ignored(let problem):
                if case .syntax = problem.kind { .syntax(line: problem.line) } else { .ignored }
            case .unreadable(let reason): .unreadable(reason)
            case .write(let code): .write(errno: code)
            }
            return .settingsNotSaved(file: file.path, fault)
        }
    }

    /// Counts for `statistiques`; empty when there is no database.
    public func statistics() -> PracticeStatistics {
        (try? database?.statistics()) ?? PracticeStatistics(symbols: [], confusions: [], window: LecteurDatabase.recentWindow)
    }

    /// Answers per day for `progrès`; none when there is no database.
    public func practiceDays() -> [PracticeDay] {
        (try? database?.practiceDays()) ?? []
    }

    /// What new exercises start from, read once at start-up (the reader keeps it up to date as
    /// it records answers): each level's Koch window, the confusions (a card's drill sets its
    /// symbol against them), the reflex drills' latest times. Empty without a database.
    public func practiceRecord() -> PracticeRecord {
        guard let database else { return PracticeRecord() }
        return PracticeRecord(kept: true,
                              kochWindows: (try? database.kochWindows(limit: PracticeRecord.kochWindow)) ?? [:],
                              confusions: (try? database.confusions()) ?? [:],
                              reflexTimes: (try? database.reflexTimes(limit: ReflexSettings.storedTimes)) ?? [])
    }

    /// Each scored copy, committed on its own like an attempt.
    public func record(_ copy: CopyResult) -> StorageFault? {
        commit { database throws(StorageError) in try database.record(copy) }
    }

    /// Each attempt is committed on its own, so a killed process loses none that were answered.
    public func record(_ attempt: PracticeAttempt) -> StorageFault? {
        commit { database throws(StorageError) in try database.record(attempt) }
    }

    /// `.storeCopyResult` performed: the copy kept, or why it was not.
    public func keep(_ copy: CopyResult) -> Result<StoredRecord, StorageFault> {
        record(copy).map { .failure($0) } ?? .success(.copyResult(copy))
    }

    /// `.recordAttempt` performed: the attempt kept, and the counts storage has once it is
    /// (read in the same step, so the reader is told what is stored rather than reading it).
    public func keep(_ attempt: PracticeAttempt) -> Result<StoredRecord, StorageFault> {
        record(attempt).map { .failure($0) } ?? .success(.attempt(progress: progress()))
    }

    /// One write; its failure as the fault the reader says (nothing without a database).
    private func commit(_ write: (LecteurDatabase) throws(StorageError) -> Void) -> StorageFault? {
        guard let database else { return nil }
        do {
            try write(database)
            return nil
        } catch {
            return .database(error)
        }
    }
}
