// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A French (or English) summary of an error text that comes from the system or a C library
/// (`strerror`, `brlapi_strerror`: « connect: No such file or directory »), so that such English
/// never reaches the speech engine. The raw text is for the transcript's `detail` field only.
public enum SystemErrorText {
    /// Known endings of errno texts, as glibc writes them, and the key of their summary.
    static let known: [(ending: String, key: L10n)] = [
        ("No such file or directory", .systemErrorNotFound),
        ("Connection refused", .systemErrorRefused),
        ("Permission denied", .systemErrorDenied),
        ("Operation not permitted", .systemErrorDenied),
        ("Connection reset by peer", .systemErrorInterrupted),
        ("Broken pipe", .systemErrorInterrupted),
        ("Connection timed out", .systemErrorTimeout),
        ("timed out", .systemErrorTimeout),
        ("No route to host", .systemErrorUnreachable),
        ("Network is unreachable", .systemErrorUnreachable),
        ("Host is down", .systemErrorUnreachable),
        ("Name or service not known", .systemErrorUnknownHost),
        ("Temporary failure in name resolution", .systemErrorUnknownHost),
        ("Read-only file system", .systemErrorReadOnly),
        ("No space left on device", .systemErrorFull),
        ("Disk quota exceeded", .systemErrorFull),
        ("Is a directory", .systemErrorIsDirectory),
        ("Not a directory", .systemErrorNotDirectory),
        ("File exists", .systemErrorExists),
    ]

    /// The summary of `detail` in the language of `strings`; a text it does not know is
    /// « erreur système » rather than English read aloud.
    public static func summary(_ detail: String, _ strings: Strings) -> String {
        let trimmed = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        for (ending, key) in known where trimmed.range(of: ending, options: .caseInsensitive) != nil {
            return strings(key)
        }
        return strings(.systemErrorOther)
    }

    /// The summary of a failure, by its code (never its English text).
    public static func summary(_ failure: SystemFailure, _ strings: Strings) -> String {
        switch failure.cause {
        case .errno(let code): summary(errno: code, strings)
        case .unknownHost: strings(.systemErrorUnknownHost)
        case .library, .unknown: strings(.systemErrorOther)
        }
    }

    /// The summary of an errno value, by the value itself (never its English text).
    public static func summary(errno code: Int32, _ strings: Strings) -> String {
        switch code {
        case ENOENT: strings(.systemErrorNotFound)
        case ECONNREFUSED: strings(.systemErrorRefused)
        case EACCES, EPERM: strings(.systemErrorDenied)
        case ECONNRESET, EPIPE: strings(.systemErrorInterrupted)
        case ETIMEDOUT: strings(.systemErrorTimeout)
        case EHOSTUNREACH, ENETUNREACH, EHOSTDOWN: strings(.systemErrorUnreachable)
        case EROFS: strings(.systemErrorReadOnly)
        case ENOSPC, EDQUOT: strings(.systemErrorFull)
        case EISDIR: strings(.systemErrorIsDirectory)
        case ENOTDIR: strings(.systemErrorNotDirectory)
        case EEXIST: strings(.systemErrorExists)
        default: strings(.systemErrorOther)
        }
    }

    /// The summary of an error thrown by Foundation or Swift (« The operation could not be
    /// completed », « NSCocoaErrorDomain error 512 », a `DecodingError` dump): by its POSIX cause
    /// when it has one, by its Cocoa code else; never its English description.
    public static func summary(error: Error, _ strings: Strings) -> String {
        if error is DecodingError { return strings(.systemErrorBadContent) }
        if let code = posixCode(of: error) { return code == ENOENT ? strings(.inputFileNotFound) : summary(errno: code, strings) }
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain else { return strings(.systemErrorOther) }
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return strings(.inputFileNotFound)
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return strings(.systemErrorDenied)
        case NSFileWriteOutOfSpaceError: return strings(.systemErrorFull)
        case NSFileWriteVolumeReadOnlyError: return strings(.systemErrorReadOnly)
        case NSFileWriteFileExistsError: return strings(.systemErrorExists)
        case NSFileReadCorruptFileError, NSFileReadInapplicableStringEncodingError,
             NSPropertyListReadCorruptError, NSCoderReadCorruptError: return strings(.systemErrorBadContent)
        default: return strings(.systemErrorOther)
        }
    }

    /// The raw words of an error, for a transcript's `detail` only.
    public static func detail(error: Error) -> String {
        if let code = posixCode(of: error) { return String(cString: strerror(code)) }
        let ns = error as NSError
        return "\(ns.domain) \(ns.code)"
    }

    public static func posixCode(of error: Error) -> Int32? {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        return nil
    }
}
