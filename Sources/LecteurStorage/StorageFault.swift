import Foundation
import LecteurCore

/// Why a file or folder could not be used, in terms the user can act on.
public enum StorageFaultReason: Hashable, Sendable {
    case notADatabase
    case corrupt
    case unreadable
    case readOnly
    /// A regular file stands where a folder is needed.
    case notADirectory
    case other(String)

    public func message(_ strings: Strings) -> String {
        switch self {
        case .notADatabase: strings(.storageReasonNotADatabase)
        case .corrupt: strings(.storageReasonCorrupt)
        case .unreadable: strings(.storageReasonUnreadable)
        case .readOnly: strings(.storageReasonReadOnly)
        case .notADirectory: strings(.storageReasonNotADirectory)
        case .other(let detail): strings(.storageReasonOther, ["detail": SystemErrorText.summary(detail, strings)])
        }
    }

    /// Whether the database file itself is at fault, so setting it aside and starting afresh helps.
    public var condemnsFile: Bool {
        switch self {
        // Only what SQLite itself reports as damaged: a file we may not read or write is the
        // user's data all the same (a read-only mount, a permission slip).
        case .notADatabase, .corrupt: true
        case .unreadable, .readOnly, .notADirectory, .other: false
        }
    }

    static func errno(_ code: Int32) -> StorageFaultReason {
        switch code {
        case EROFS, EACCES, EPERM: .readOnly
        case ENOTDIR, EEXIST: .notADirectory
        default: .other(String(cString: strerror(code)))
        }
    }
}

/// Something the runtime should tell the user while carrying on.
public enum StorageWarning: Hashable, Sendable {
    /// The database could not be used; it was renamed (never overwritten) and a new one started.
    case databaseMovedAside(path: String, movedTo: String, reason: StorageFaultReason)
    /// The database is healthy but cannot be written: it is read, and nothing is saved.
    case databaseReadOnly(path: String)

    public func message(_ strings: Strings) -> String {
        switch self {
        case .databaseMovedAside(let path, let movedTo, let reason):
            strings(.storageCorruptMovedAside, ["path": path, "movedTo": movedTo, "reason": reason.message(strings)])
        case .databaseReadOnly(let path):
            strings(.hardeningStorageReadOnly, ["path": path])
        }
    }
}

/// Storage cannot be used at all; the runtime goes on without saving and says so.
public enum StorageError: Error, Hashable, Sendable {
    /// The data folder cannot be created or written to (read-only, or a file in the way).
    case dataDirectoryUnavailable(path: String, reason: StorageFaultReason)
    /// Even a fresh database could not be created there.
    case databaseUnavailable(path: String, reason: StorageFaultReason)
    /// A read or write failed on an open database.
    case operationFailed(reason: StorageFaultReason)

    public func message(_ strings: Strings) -> String {
        switch self {
        case .dataDirectoryUnavailable(let path, let reason), .databaseUnavailable(let path, let reason):
            strings(.storageDataDirUnavailable, ["path": path, "reason": reason.message(strings)])
        case .operationFailed(let reason):
            strings(.storageWriteFailed, ["reason": reason.message(strings)])
        }
    }
}
