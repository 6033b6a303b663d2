import Foundation
import LecteurCore
import LecteurStorage

/// The user's saved data (Morse attempts, settings) for the session. When the database cannot be
/// opened the reader goes on without saving and says so once; nothing is ever overwritten.
public final class ReaderStore: @unchecked Sendable {
    public let database: LecteurDatabase?
    /// French messages to say at start-up (a corrupt file set aside, a read-only folder…).
    public let startupNotices: [String]
    private let strings: Strings

    public init(strings: Strings, url: URL? = nil) {
        self.strings = strings
        do throws(StorageError) {
            let opening = try LecteurDatabase.open(at: url ?? LecteurDatabase.defaultURL())
            database = opening.database
            startupNotices = opening.warnings.map { $0.message(strings) }
        } catch {
            database = nil
            startupNotices = [error.message(strings)]
        }
    }

    public func progress() -> [String: SymbolProgress] {
        (try? database?.progress()) ?? [:]
    }

    public func value(_ key: String) -> String? {
        (try? database?.value(forKey: key)) ?? nil
    }

    /// Returns a French message when the values could not be saved.
    public func save(_ values: [String: String?]) -> String? {
        guard let database else { return strings(.settingNotSaved) }
        do {
            try database.setValues(values)
            return nil
        } catch {
            return error.message(strings)
        }
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
