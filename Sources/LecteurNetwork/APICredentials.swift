// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Credentials for the formations API that stay off the command line (a URL's password and a
/// `?token=` are visible to every user through `ps`, and end up in shell history and CI logs):
/// - `LECTEUR_API_TOKEN`: sent as `Authorization: Bearer <token>`;
/// - `LECTEUR_NETRC`: a netrc file (`machine HOST login USER password PASS`) read by libcurl;
///   without it libcurl reads `~/.netrc` if there is one.
/// Neither value is ever printed: messages only carry redacted URLs (`URLRedaction`).
struct APICredentials: Equatable {
    var bearerToken: String?
    var netrcFile: String?

    init(environment: [String: String]) {
        // A token with a line break would inject headers: refused, as an empty one is.
        let token = environment["LECTEUR_API_TOKEN"]?.trimmingCharacters(in: .whitespaces)
        bearerToken = token.flatMap { $0.isEmpty || $0.contains(where: \.isNewline) ? nil : $0 }
        netrcFile = environment["LECTEUR_NETRC"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
