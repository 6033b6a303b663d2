// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Where the formations live: `{base}/formations` for a base such as `https://api.madinia.fr/api/v1`.
public struct CatalogueEndpoint: Hashable, Sendable {
    public let formationsURL: URL

    /// Accepts http and https only; anything else (a path, `ftp://`, no host) is `.invalidURL`.
    /// A query on the base stays a query (`…/v1?token=x` → `…/v1/formations?token=x`).
    public init(base: String) throws(CatalogueFetchError) {
        let trimmed = base.trimmingCharacters(in: .whitespacesAndNewlines)
        guard CatalogueEndpoint.isRemote(trimmed),
              var components = URLComponents(string: trimmed),
              let host = components.host, !host.isEmpty else { throw .invalidURL }
        components.scheme = components.scheme?.lowercased()
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + "/formations"
        components.fragment = nil
        guard let url = components.url else { throw .invalidURL }
        formationsURL = url
    }

    /// `--timeout`, in seconds: under 0.1 s no server can answer, past an hour is a hang.
    public static let timeoutRange: ClosedRange<Double> = 0.1...3600

    /// Whether a `--catalog` argument names the API rather than a file.
    public static func isRemote(_ argument: String) -> Bool {
        let lowered = argument.trimmingCharacters(in: .whitespaces).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The address as it may be printed or spoken: no user, password or token.
    public var displayString: String { URLRedaction.redact(formationsURL) }
}
