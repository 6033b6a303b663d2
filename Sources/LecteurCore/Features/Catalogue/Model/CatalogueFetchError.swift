// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why the formations API did not give a catalogue (story 2.1's APIError, with the cases its code
/// review added). Carries no response body and no URL, so no message built from it can leak either.
public enum CatalogueFetchError: Error, Hashable, Sendable {
    case invalidURL
    /// No answer at all: connection refused, host unknown, connection lost, TLS failure.
    case network
    /// Connection refused at a loopback address (`127.0.0.1`, `localhost`, `::1`): the server on
    /// this computer is not running, or not on that port. « Vérifiez votre connexion internet »
    /// sent the user to look at a network the request never used.
    case localNoAnswer
    case timeout
    case badRequest        // 400
    case unauthorized      // 401
    case forbidden         // 403
    case notFound          // 404
    /// Any other 4xx.
    case clientError(status: Int)
    /// 5xx.
    case server(status: Int)
    /// A status outside 2xx/4xx/5xx that was not followed (a redirect loop's last 3xx, a 1xx).
    case unexpectedStatus(Int)
    /// 2xx with an empty body.
    case noData
    case decoding(CatalogueLoadError)
    /// The body went past the size cap; the transfer was stopped there.
    case tooLarge(limitBytes: Int)
    /// The server answered something that is not HTTP (HTTP/0.9, garbage): its fault, not the URL's.
    case badResponse
    /// The server's TLS certificate was refused (unknown authority, wrong name, expired).
    case tlsCertificate

    /// The status-code factory of story 2.1: nil for a success.
    public static func forStatus(_ status: Int) -> CatalogueFetchError? {
        switch status {
        case 200...299: return nil
        case 400: return .badRequest
        case 401: return .unauthorized
        case 403: return .forbidden
        case 404: return .notFound
        case 400...499: return .clientError(status: status)
        case 500...599: return .server(status: status)
        default: return .unexpectedStatus(status)
        }
    }

    /// Worth trying again by itself: the server was unreachable, slow or broken for a moment.
    /// A 4xx is the server's deliberate answer, and a bad body would come back the same.
    public var isTransient: Bool {
        switch self {
        case .network, .localNoAnswer, .timeout, .server: return true
        default: return false
        }
    }

    /// Whether the last good copy may stand in. Not for an answer that says the request itself is
    /// wrong or refused (4xx, bad URL): an old catalogue would hide a mistake the user must fix.
    public var offersOfflineCopy: Bool {
        switch self {
        case .invalidURL, .badRequest, .unauthorized, .forbidden, .notFound, .clientError: return false
        default: return true
        }
    }

    /// A stable code for the transcript and for tests.
    public var code: String {
        switch self {
        case .invalidURL: return "invalid-url"
        case .network: return "network"
        case .localNoAnswer: return "local-no-answer"
        case .timeout: return "timeout"
        case .badRequest: return "http-400"
        case .unauthorized: return "http-401"
        case .forbidden: return "http-403"
        case .notFound: return "http-404"
        case .clientError(let s), .server(let s), .unexpectedStatus(let s): return "http-\(s)"
        case .noData: return "no-data"
        case .badResponse: return "bad-response"
        case .tlsCertificate: return "tls-certificate"
        case .decoding: return "decoding"
        case .tooLarge: return "too-large"
        }
    }
}
