// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import LecteurCore

/// One recorded practice answer.
public struct StoredAttempt: Hashable, Sendable {
    public let symbolID: String
    public let correct: Bool
    public let answer: String
    public let date: Date

    public init(symbolID: String, correct: Bool, answer: String, date: Date) {
        self.symbolID = symbolID
        self.correct = correct
        self.answer = answer
        self.date = date
    }
}

/// The reader's SQLite database: Morse practice attempts and a key-value settings table.
///
/// Every method is synchronous and safe to call from any thread (GRDB's queue serialises them).
/// Each write is its own committed transaction in WAL mode before the method returns, so a
/// process killed afterwards loses nothing that was recorded.
public final class LecteurDatabase: Sendable {
    public let url: URL
    private let queue: DatabaseQueue

    private init(url: URL, queue: DatabaseQueue) {
        self.url = url
        self.queue = queue
    }

    /// `$XDG_DATA_HOME/lecteur/lecteur.sqlite`, or `~/.local/share/lecteur/lecteur.sqlite` when
    /// XDG_DATA_HOME is unset, empty or relative (the XDG spec says to ignore relative paths).
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = UserHome.resolve(environment).path ?? UserHome.nowhere
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
        }
        return base.appendingPathComponent("lecteur", isDirectory: true).appendingPathComponent("lecteur.sqlite")
    }

    public struct Opening: Sendable {
        public let database: LecteurDatabase
        /// Tell the user each of these (in French) and carry on.
        public let warnings: [StorageWarning]
    }

    /// Opens (creating folder and file as needed) and checks the database. A file that is not a
    /// database, is damaged or cannot be read is renamed `<name>.corrupt-<UTC time>` next to it
    /// and a fresh database is created. A folder that cannot be written throws
    /// `.dataDirectoryUnavailable` before anything is touched.
    public static func open(at url: URL, now: Date = Date()) throws(StorageError) -> Opening {
        let directory = url.deletingLastPathComponent()
        do {
            try prepareDirectory(directory)
        } catch {
            // A folder that cannot be written (a read-only mount, an immutable folder) holding a
            // database: the progress in it is read all the same, and nothing is saved. `progrès`
            // said « Aucune réponse enregistrée » over stored answers (issue 50, item 8).
            if case .dataDirectoryUnavailable = error, FileManager.default.fileExists(atPath: url.path),
               let readOnly = (try? connectChecked(url, immutable: false)) ?? (try? connectChecked(url, immutable: true)) {
                return Opening(database: readOnly, warnings: [.databaseReadOnly(path: url.path)])
            }
            throw error
        }
        do {
            return Opening(database: try connect(url), warnings: [])
        } catch let failure as OpenFailure {
            // Only a file that is itself unusable is set aside: a busy database or a full disk
            // says nothing against the file, and renaming it would hide the user's progress.
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .databaseUnavailable(path: url.path, reason: failure.reason)
            }
            guard failure.reason.condemnsFile else {
                // A healthy file we may not write (read-only file or mount, immutable): read it,
                // save nothing, and say so. Renaming it would hide the user's progress.
                if failure.reason == .readOnly, let readOnly = try? connectReadOnly(url) {
                    return Opening(database: readOnly, warnings: [.databaseReadOnly(path: url.path)])
                }
                throw .databaseUnavailable(path: url.path, reason: failure.reason)
            }
            let movedTo = try moveAside(url, now: now, reason: failure.reason)
            do {
                let fresh = try connect(url)
                return Opening(database: fresh, warnings: [.databaseMovedAside(path: url.path, movedTo: movedTo.path,
                                                                               reason: failure.reason)])
            } catch let second as OpenFailure {
                throw .databaseUnavailable(path: url.path, reason: second.reason)
            } catch {
                throw .databaseUnavailable(path: url.path, reason: Self.systemReason(error))
            }
        } catch {
            throw .databaseUnavailable(path: url.path, reason: Self.systemReason(error))
        }
    }


    /// Closes the connection now rather than when the last reference goes away. Calls made
    /// afterwards fail with `.operationFailed`.
    public func close() throws(StorageError) {
        do { try queue.close() } catch { throw .operationFailed(reason: Self.reason(error)) }
    }

    // MARK: Morse attempts

    public func record(_ attempt: PracticeAttempt, at date: Date = Date()) throws(StorageError) {
        try perform { db in
            try db.execute(sql: """
                INSERT INTO morse_attempt (symbol_id, correct, answer, created_at, mode, typed_id, latency_ms, replays, wpm, koch_level)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                           arguments: [attempt.symbolID, attempt.correct, attempt.answer, date, attempt.mode, attempt.typedID,
                                       attempt.latencyMs, attempt.replays, attempt.wpm, attempt.kochLevel])
        }
    }

    /// How many of a symbol's latest answers its progress counts: the Morse list shows how the
    /// learner does now, not since the first day.
    public static let recentWindow = 20

    /// Attempts and right answers per symbol id over its `recentWindow` latest answers, for every
    /// symbol practised at least once (a symbol missing from the map has never been practised: 0 %).
    public func progress() throws(StorageError) -> [String: SymbolProgress] {
        try read { db in
            var result: [String: SymbolProgress] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT symbol_id, COUNT(*) AS attempts, SUM(correct) AS correct FROM (
                    SELECT symbol_id, correct, ROW_NUMBER() OVER (PARTITION BY symbol_id ORDER BY id DESC) AS rank
                    FROM morse_attempt WHERE mode NOT IN \(Self.sendingModes))
                WHERE rank <= ? GROUP BY symbol_id
                """, arguments: [Self.recentWindow])
            for row in rows {
                result[row["symbol_id"]] = SymbolProgress(attempts: row["attempts"], correct: row["correct"])
            }
            return result
        }
    }

    public func progress(symbolID: String) throws(StorageError) -> SymbolProgress {
        try progress()[symbolID] ?? SymbolProgress(attempts: 0, correct: 0)
    }

    /// The Koch window: the latest `limit` Koch answers given with `level` symbols unlocked,
    /// oldest first. It survives restarts, so 19 right answers today and 1 tomorrow unlock.
    public func kochWindow(level: Int, limit: Int) throws(StorageError) -> [RecentAnswer] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT correct, latency_ms FROM morse_attempt WHERE mode = 'koch' AND koch_level = ?
                ORDER BY id DESC LIMIT ?
                """, arguments: [level, limit])
            return rows.reversed().map { RecentAnswer(correct: $0["correct"], latencyMs: $0["latency_ms"]) }
        }
    }

    /// Every level's Koch window (`kochWindow(level:limit:)`) at once, for the reader's record.
    public func kochWindows(limit: Int) throws(StorageError) -> [Int: [RecentAnswer]] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT koch_level, correct, latency_ms FROM (
                    SELECT id, koch_level, correct, latency_ms,
                           ROW_NUMBER() OVER (PARTITION BY koch_level ORDER BY id DESC) AS rank
                    FROM morse_attempt WHERE mode = 'koch' AND koch_level IS NOT NULL)
                WHERE rank <= ? ORDER BY id
                """, arguments: [limit])
            var windows: [Int: [RecentAnswer]] = [:]
            for row in rows {
                windows[row["koch_level"], default: []].append(RecentAnswer(correct: row["correct"], latencyMs: row["latency_ms"]))
            }
            return windows
        }
    }

    /// Reflex drills: the times of the latest `limit` answers with the right character (in time
    /// or not), newest first: the median a new drill starts from.
    public func reflexTimes(limit: Int) throws(StorageError) -> [Int] {
        try read { db in
            try Int.fetchAll(db, sql: """
                SELECT latency_ms FROM morse_attempt
                WHERE mode = 'reflex' AND typed_id = symbol_id AND latency_ms IS NOT NULL
                ORDER BY id DESC LIMIT ?
                """, arguments: [limit])
        }
    }

    /// Each symbol's latest `recentWindow` answers (accuracy, median time to answer) and the
    /// confusions, most frequent first.
    public func statistics() throws(StorageError) -> PracticeStatistics {
        let confusions = try self.confusions().flatMap { expected, typed in
            typed.map { PracticeStatistics.Confusion(expectedID: expected, typedID: $0.key, count: $0.value) }
        }.sorted { ($1.count, $0.expectedID, $0.typedID) < ($0.count, $1.expectedID, $1.typedID) }
        let rows = try latest(sending: false)
        var answers: [String: (attempts: Int, correct: Int, latencies: [Int])] = [:]
        for row in rows {
            let id: String = row["symbol_id"]
            var entry = answers[id] ?? (0, 0, [])
            entry.attempts += 1
            if row["correct"] as Bool { entry.correct += 1 }
            if let latency: Int = row["latency_ms"] { entry.latencies.append(latency) }
            answers[id] = entry
        }
        let symbols = answers.map { id, entry in
            PracticeStatistics.Symbol(symbolID: id, attempts: entry.attempts, correct: entry.correct,
                                      medianLatencyMs: AnswerTime.median(entry.latencies))
        }
        let sending = Dictionary(grouping: try latest(sending: true), by: { $0["symbol_id"] as String }).map { id, rows in
            PracticeStatistics.Symbol(symbolID: id, attempts: rows.count, correct: rows.filter { $0["correct"] as Bool }.count,
                                      medianLatencyMs: nil)
        }
        return PracticeStatistics(symbols: symbols, confusions: confusions, window: Self.recentWindow, sending: sending)
    }

    /// Listening answers per local calendar day (SQLite's `localtime`, the process's time zone),
    /// oldest first: the « Progrès » screen's accuracy, speed and time to answer.
    public func practiceDays() throws(StorageError) -> [PracticeDay] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT date(created_at, 'localtime') AS day, correct, wpm, latency_ms FROM morse_attempt
                WHERE mode NOT IN \(Self.sendingModes) ORDER BY day, id
                """)
        }
        var days: [String: (answers: Int, correct: Int, wpm: [Int], latencies: [Int])] = [:]
        for row in rows {
            guard let day: String = row["day"] else { continue }
            var entry = days[day] ?? (0, 0, [], [])
            entry.answers += 1
            if row["correct"] as Bool { entry.correct += 1 }
            if let wpm: Int = row["wpm"] { entry.wpm.append(wpm) }
            if let latency: Int = row["latency_ms"] { entry.latencies.append(latency) }
            days[day] = entry
        }
        let copies = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT date(created_at, 'localtime') AS day, COUNT(*) AS copies, SUM(characters) AS characters,
                       SUM(score * characters) AS weighted
                FROM copy_score GROUP BY day
                """)
        }
        var copied: [String: (copies: Int, accuracy: Int?)] = [:]
        for row in copies {
            guard let day: String = row["day"] else { continue }
            let characters: Int = row["characters"] ?? 0
            let weighted: Int = row["weighted"] ?? 0
            copied[day] = (row["copies"] ?? 0, characters > 0 ? Int((Double(weighted) / Double(characters)).rounded()) : nil)
        }
        return Set(days.keys).union(copied.keys).sorted().map { day in
            let entry = days[day] ?? (0, 0, [], [])
            let copy = copied[day] ?? (0, nil)
            return PracticeDay(day: day, answers: entry.answers, correct: entry.correct, medianWPM: AnswerTime.median(entry.wpm),
                               medianLatencyMs: AnswerTime.median(entry.latencies), copies: copy.copies, copyAccuracy: copy.accuracy)
        }
    }

    /// A scored copy (groups, words, callsigns, QSO, text) for « Progrès »: its kind, the
    /// characters sent (spaces aside; a long copy weighs more in the day's accuracy), its score.
    public func record(_ copy: CopyResult, at date: Date = Date()) throws(StorageError) {
        let characters = copy.sent.filter { !$0.isWhitespace }.count
        try perform { db in
            try db.execute(sql: "INSERT INTO copy_score (kind, characters, score, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [copy.mode.rawValue, characters, copy.score, date])
        }
    }

    /// Sending practice's answers (`SendingMode.name`), kept apart from listening's: keying K
    /// right says nothing of hearing it.
    static let sendingModes = "('send', 'echo')"

    /// Each symbol's `recentWindow` latest answers, listening or sending.
    private func latest(sending: Bool) throws(StorageError) -> [Row] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT symbol_id, correct, latency_ms FROM (
                    SELECT symbol_id, correct, latency_ms,
                           ROW_NUMBER() OVER (PARTITION BY symbol_id ORDER BY id DESC) AS rank
                    FROM morse_attempt WHERE mode \(sending ? "IN" : "NOT IN") \(Self.sendingModes))
                WHERE rank <= ? ORDER BY symbol_id
                """, arguments: [Self.recentWindow])
        }
    }

    /// Every wrong answer that was another symbol, counted: `[expected: [typed: count]]`.
    public func confusions() throws(StorageError) -> [String: [String: Int]] {
        try read { db in
            var result: [String: [String: Int]] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT symbol_id, typed_id, COUNT(*) AS n FROM morse_attempt
                WHERE correct = 0 AND typed_id IS NOT NULL AND typed_id != symbol_id AND mode NOT IN \(Self.sendingModes)
                GROUP BY symbol_id, typed_id
                """)
            for row in rows { result[row["symbol_id"], default: [:]][row["typed_id"]] = row["n"] }
            return result
        }
    }

    /// Oldest first; `symbolID` nil for all symbols.
    public func attempts(symbolID: String? = nil) throws(StorageError) -> [StoredAttempt] {
        try read { db in
            let rows: [Row]
            if let symbolID {
                rows = try Row.fetchAll(db, sql: "SELECT * FROM morse_attempt WHERE symbol_id = ? ORDER BY id",
                                        arguments: [symbolID])
            } else {
                rows = try Row.fetchAll(db, sql: "SELECT * FROM morse_attempt ORDER BY id")
            }
            return rows.map { StoredAttempt(symbolID: $0["symbol_id"], correct: $0["correct"], answer: $0["answer"],
                                            date: $0["created_at"]) }
        }
    }

    // MARK: Settings (key → string)

    public func value(forKey key: String) throws(StorageError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    /// nil removes the key.
    public func setValue(_ value: String?, forKey key: String) throws(StorageError) {
        try setValues([key: value])
    }

    /// Several keys in one transaction (a settings group is saved whole or not at all).
    public func setValues(_ values: [String: String?]) throws(StorageError) {
        try perform { db in
            for (key, value) in values {
                if let value {
                    try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                                   arguments: [key, value])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
                }
            }
        }
    }

    public func allValues() throws(StorageError) -> [String: String] {
        try read { db in
            var result: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") { result[row["key"]] = row["value"] }
            return result
        }
    }

    // MARK: Plumbing

    private func perform(_ body: (Database) throws -> Void) throws(StorageError) {
        do { try queue.write(body) }
        catch { throw .operationFailed(reason: Self.reason(error)) }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        do { return try queue.read(body) }
        catch { throw .operationFailed(reason: Self.reason(error)) }
    }

    struct OpenFailure: Error { let reason: StorageFaultReason }

    private static func connect(_ url: URL) throws -> LecteurDatabase {
        var info = stat()
        if FileManager.default.fileExists(atPath: url.path) {
            try check(url)
            // Progress is personal: an older 0644 file is narrowed to its owner (no-op if not
            // ours). Only group and other bits are taken away: a file its owner made read-only
            // (0400) stays read-only, and is read without being written.
            for suffix in ["", "-wal", "-shm"] where stat(url.path + suffix, &info) == 0 && info.st_mode & 0o077 != 0 {
                chmod(url.path + suffix, info.st_mode & 0o700)
            }
            // root may write any file: the owner's own write bit says what the owner wants.
            if stat(url.path, &info) == 0, info.st_uid == geteuid(), info.st_mode & S_IWUSR == 0 {
                throw OpenFailure(reason: .readOnly)
            }
        } else {
            // Created empty with 0600 first: SQLite makes a new database of an empty file, and
            // gives its -wal and -shm companions the database's own mode.
            let fd = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { Glibc.close(fd) }
        }
        // A read-only file passes the check; writing is what fails.
        if access(url.path, W_OK) != 0 { throw OpenFailure(reason: .readOnly) }
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            do {
                try migrator.migrate(queue)
            } catch {
                try? queue.close()
                throw error
            }
            return LecteurDatabase(url: url, queue: queue)
        } catch let failure as OpenFailure {
            throw failure
        } catch {
            throw OpenFailure(reason: reason(error))
        }
    }

    /// The database as it is, read only, for a command that records nothing (`say`, `morse`):
    /// nil when there is no file (nothing is created) or it cannot be read. Not checked, not
    /// migrated: the settings an earlier version saved are read if they are there, and a damaged
    /// file is left for the reader, which sets it aside and says so.
    public static func openForReading(at url: URL) -> LecteurDatabase? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try? connectReadOnly(url)
    }

    /// A database that passed `check` but cannot be written: read, never migrated or saved to.
    private static func connectReadOnly(_ url: URL) throws -> LecteurDatabase {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        return LecteurDatabase(url: url, queue: try DatabaseQueue(path: url.path, configuration: configuration))
    }

    /// A database in a folder that cannot be written, read-only and checked (`quick_check`).
    /// Its -wal and -shm files, when a session left them, hold answers and are read through
    /// them. Without them SQLite cannot open a WAL database read-only there (it would create the
    /// -shm file) unless told the file cannot change (`immutable`, a URI filename: Debian's
    /// SQLite takes them).
    private static func connectChecked(_ url: URL, immutable: Bool) throws -> LecteurDatabase {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        var path = url.path
        if immutable {
            let escaped = url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%")))
            path = "file:\(escaped ?? url.path)?immutable=1"
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        do {
            let result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            guard result == ["ok"] else { throw OpenFailure(reason: .corrupt) }
        } catch {
            try? queue.close()
            throw error
        }
        return LecteurDatabase(url: url, queue: queue)
    }

    /// Checks an existing file through a read-only connection first: opening it for writing in
    /// WAL mode would already write to it, and a damaged file must be set aside as it was found.
    private static func check(_ url: URL) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? queue.close() }
            let result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            guard result == ["ok"] else { throw OpenFailure(reason: .corrupt) }
        } catch let failure as OpenFailure {
            throw failure
        } catch {
            throw OpenFailure(reason: reason(error))
        }
    }

    /// Whether the process may write files only up to a size (`ulimit -f`).
    static var fileSizeLimited: Bool {
        var size = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &size) == 0 && size.rlim_cur != rlim_t.max
    }

    /// By SQLite's primary result code, never by its English message (« database or disk is full »).
    static func reason(_ error: Error) -> StorageFaultReason {
        guard let error = error as? DatabaseError else { return Self.systemReason(error) }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB: return .notADatabase
        case .SQLITE_CORRUPT: return .corrupt
        // SQLite reports EFBIG as a write error (SQLITE_IOERR_WRITE) without the errno: under a
        // finite `ulimit -f` that is the limit, not an unreadable file (issue 38 item 8).
        case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_WRITE && fileSizeLimited,
             .SQLITE_FULL where fileSizeLimited:
            return .fileSizeLimit
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_IOERR: return .unreadable
        case .SQLITE_READONLY: return .readOnly
        case .SQLITE_FULL: return .full
        default: return .sqlite(code: error.resultCode.primaryResultCode.rawValue)
        }
    }

    /// A Foundation or POSIX error by its errno (0 when it carries none).
    static func systemReason(_ error: Error) -> StorageFaultReason {
        .system(errno: SystemErrorText.posixCode(of: error) ?? 0)
    }

    private static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "morse_attempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("symbol_id", .text).notNull().indexed()
                t.column("correct", .boolean).notNull()
                t.column("answer", .text).notNull()
                t.column("created_at", .datetime).notNull()
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        // Issue 26: what a trainer needs of each answer (time to answer, replays, speed, the
        // symbol typed for the confusions, the mode and Koch level for the window).
        migrator.registerMigration("v2-answer-details") { db in
            try db.alter(table: "morse_attempt") { t in
                t.add(column: "mode", .text).notNull().defaults(to: "")
                t.add(column: "typed_id", .text)
                t.add(column: "latency_ms", .integer)
                t.add(column: "replays", .integer).notNull().defaults(to: 0)
                t.add(column: "wpm", .integer)
                t.add(column: "koch_level", .integer)
            }
            try db.create(index: "morse_attempt_koch", on: "morse_attempt", columns: ["mode", "koch_level"])
        }
        // Issue 37: copy scores, until then only written to the transcript, for « Progrès ».
        // A new table: an existing database keeps its answers untouched.
        migrator.registerMigration("v3-copy-score") { db in
            try db.create(table: "copy_score") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()
                t.column("characters", .integer).notNull()
                t.column("score", .integer).notNull()
                t.column("created_at", .datetime).notNull()
            }
        }
        return migrator
    }()

    private static func prepareDirectory(_ directory: URL) throws(StorageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .dataDirectoryUnavailable(path: directory.path, reason: .notADirectory)
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                // The data folder is the user's alone (as the cache folder already is).
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw .dataDirectoryUnavailable(path: directory.path, reason: creationFailure(directory))
            }
        }
        // An existing folder opened to others is narrowed (only works if it is ours; harmless otherwise).
        var info = stat()
        if stat(directory.path, &info) == 0, info.st_uid == getuid(), info.st_mode & 0o077 != 0 {
            chmod(directory.path, 0o700)
        }
        // SQLite needs to create the -wal and -shm files next to the database.
        guard access(directory.path, W_OK | X_OK) == 0 else {
            throw .dataDirectoryUnavailable(path: directory.path, reason: StorageFaultReason.errno(errno))
        }
    }

    /// Finds why `createDirectory` failed: a file in the way, or a read-only ancestor.
    private static func creationFailure(_ directory: URL) -> StorageFaultReason {
        var candidate = directory
        while candidate.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return .notADirectory }
                return access(candidate.path, W_OK | X_OK) == 0 ? .system(errno: 0) : StorageFaultReason.errno(errno)
            }
            candidate = candidate.deletingLastPathComponent()
        }
        return .readOnly
    }

    /// Renames the database (and its -wal/-shm companions) to `<name>.corrupt-<UTC time>[-n]`,
    /// never replacing an existing file.
    private static func moveAside(_ url: URL, now: Date, reason: StorageFaultReason) throws(StorageError) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: now)
        let fm = FileManager.default
        var target = url.appendingPathExtension("corrupt-\(stamp)")
        var n = 2
        while fm.fileExists(atPath: target.path) || fm.fileExists(atPath: target.path + "-wal") {
            target = url.appendingPathExtension("corrupt-\(stamp)-\(n)")
            n += 1
        }
        do {
            try fm.moveItem(at: url, to: target)
        } catch {
            throw .dataDirectoryUnavailable(path: url.deletingLastPathComponent().path, reason: Self.systemReason(error))
        }
        for suffix in ["-wal", "-shm"] where fm.fileExists(atPath: url.path + suffix) {
            try? fm.moveItem(atPath: url.path + suffix, toPath: target.path + suffix)
        }
        return target
    }
}
