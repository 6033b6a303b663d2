// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why a file or folder could not be used, in terms the user can act on.
public enum StorageFaultReason: Hashable, Sendable {
    case notADatabase
    case corrupt
    case unreadable
    case readOnly
    /// A regular file stands where a folder is needed.
    case notADirectory
    /// The disk (or the user's quota) is full: SQLITE_FULL, ENOSPC, EDQUOT.
    case full
    /// Another system error, by its errno (0: the system gave none).
    case system(errno: Int32)
    /// Another SQLite error, by its primary result code.
    case sqlite(code: Int32)


    /// Whether the database file itself is at fault, so setting it aside and starting afresh helps.
    public var condemnsFile: Bool {
        switch self {
        // Only what SQLite itself reports as damaged: a file we may not read or write is the
        // user's data all the same (a read-only mount, a permission slip).
        case .notADatabase, .corrupt: true
        case .unreadable, .readOnly, .notADirectory, .full, .system, .sqlite: false
        }
    }

    public static func errno(_ code: Int32) -> StorageFaultReason {
        switch code {
        case EROFS, EACCES, EPERM: .readOnly
        case ENOTDIR, EEXIST: .notADirectory
        case ENOSPC, EDQUOT: .full
        default: .system(errno: code)
        }
    }
}

/// Something the runtime should tell the user while carrying on.
public enum StorageWarning: Hashable, Sendable {
    /// The database could not be used; it was renamed (never overwritten) and a new one started.
    case databaseMovedAside(path: String, movedTo: String, reason: StorageFaultReason)
    /// The database is healthy but cannot be written: it is read, and nothing is saved.
    case databaseReadOnly(path: String)

}

/// Storage cannot be used at all; the runtime goes on without saving and says so.
public enum StorageError: Error, Hashable, Sendable {
    /// The data folder cannot be created or written to (read-only, or a file in the way).
    case dataDirectoryUnavailable(path: String, reason: StorageFaultReason)
    /// Even a fresh database could not be created there.
    case databaseUnavailable(path: String, reason: StorageFaultReason)
    /// A read or write failed on an open database.
    case operationFailed(reason: StorageFaultReason)

}
