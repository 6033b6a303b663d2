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
}
