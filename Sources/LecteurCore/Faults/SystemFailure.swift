// SPDX-License-Identifier: GPL-3.0-or-later

/// A system call or a C library that failed, by its code: the user hears a summary worded from
/// `cause` (`SystemErrorText.summary(_:)`); the library's own words (`text`, English) go only to
/// the transcript's `detail`.
public struct SystemFailure: Hashable, Sendable {
    public enum Cause: Hashable, Sendable {
        /// An errno value (BrlAPI's BRLAPI_ERROR_LIBCERR carries one).
        case errno(Int32)
        /// The host name could not be resolved (getaddrinfo, BRLAPI_ERROR_GAIERR).
        case unknownHost
        /// The library's own error code, not a system one (BrlAPI's `brlerrno`).
        case library(Int32)
        /// Nothing but words (a Swift error's description, a hang-up seen by poll).
        case unknown
    }

    public let cause: Cause
    public let text: String

    public init(_ cause: Cause, text: String) {
        self.cause = cause
        self.text = text
    }
}
