// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import CCurl
import LecteurCore
import Synchronization

/// What one request gave.
enum AttemptResult: Sendable, Equatable {
    case body(Data)
    case failed(CatalogueFetchError)
    case cancelled
}

/// One `GET {base}/formations`, driven through libcurl directly.
///
/// Why not URLSession: on Linux, FoundationNetworking hands every received chunk to the delegate
/// queue asynchronously with no back-pressure, and cancelling takes effect later still. Measured
/// here against a local server streaming a chunked body, a 1 MiB cap let 160 MB through and the
/// process grew by 170 MB before the cancel landed. libcurl's write callback, by contrast, stops
/// the transfer on the very chunk that crosses the cap. It is the same libcurl (and TLS, proxy
/// and CA settings) URLSession uses underneath on Linux.
final class HTTPAttempt: Sendable {
    let url: URL
    let timeout: TimeInterval
    let maxBodyBytes: Int

    init(url: URL, timeout: TimeInterval, maxBodyBytes: Int) {
        self.url = url
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    private static let globalInit: Bool = { lecteur_curl_global_init() == CURLE_OK }()

    /// Shared between the transfer thread and a canceller.
    private let control = Mutex(Control())

    private struct Control {
        var cancelled = false
        /// The transfer's multi handle while it runs: the canceller wakes its poll.
        var multi: CurlMultiHandle?
    }

    func run() async -> AttemptResult {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AttemptResult, Never>) in
                // A blocking transfer gets its own thread: the cooperative pool has two here.
                let thread = Thread { continuation.resume(returning: self.perform()) }
                thread.name = "lecteur-http"
                thread.start()
            }
        } onCancel: {
            cancel()
        }
    }

    private func cancel() {
        control.withLock { control in
            control.cancelled = true
            // Wakes curl_multi_poll at once; the handle cannot be freed while the lock is held.
            if let multi = control.multi { lecteur_curl_multi_wakeup(multi.pointer) }
        }
    }

    private var isCancelled: Bool { control.withLock { $0.cancelled } }

    private func perform() -> AttemptResult {
        guard Self.globalInit else { return .failed(.network) }
        if isCancelled { return .cancelled }
        guard let easy = lecteur_curl_easy_init() else { return .failed(.network) }
        let transfer = Transfer(easy: easy, maxBodyBytes: maxBodyBytes)
        var headers: UnsafeMutablePointer<curl_slist>?
        headers = lecteur_curl_slist_append(headers, "Accept: application/json")
        headers = lecteur_curl_slist_append(headers, "Content-Type: application/json")
        let credentials = APICredentials(environment: ProcessInfo.processInfo.environment)
        if let token = credentials.bearerToken {
            // libcurl does not send a custom Authorization header to another host on a redirect.
            headers = lecteur_curl_slist_append(headers, "Authorization: Bearer \(token)")
        }
        defer {
            lecteur_curl_slist_free_all(headers)
            lecteur_curl_easy_cleanup(easy)
        }
        // Clamped before the conversion: Int(1e19) traps.
        let milliseconds = Int(min(max(timeout, 0.001), CatalogueEndpoint.timeoutRange.upperBound) * 1000)
        var ok = true
        ok = ok && lecteur_curl_set_string(easy, CURLOPT_URL, url.absoluteString) == CURLE_OK
        ok = ok && lecteur_curl_set_list(easy, CURLOPT_HTTPHEADER, headers) == CURLE_OK
        ok = ok && lecteur_curl_set_long(easy, CURLOPT_HTTPGET, 1) == CURLE_OK
        // The whole attempt, not just each silence: a server sending a byte a second must end too.
        ok = ok && lecteur_curl_set_long(easy, CURLOPT_TIMEOUT_MS, milliseconds) == CURLE_OK
        ok = ok && lecteur_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds) == CURLE_OK
        ok = ok && lecteur_curl_set_long(easy, CURLOPT_NOSIGNAL, 1) == CURLE_OK
        ok = ok && lecteur_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1) == CURLE_OK
        ok = ok && lecteur_curl_set_long(easy, CURLOPT_MAXREDIRS, 5) == CURLE_OK
        ok = ok && lecteur_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
        ok = ok && lecteur_curl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") == CURLE_OK
        // A Content-Length above the cap is refused before any body byte is read.
        ok = ok && lecteur_curl_set_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes)) == CURLE_OK
        // "" accepts every encoding libcurl can decode; the cap then counts decoded bytes.
        ok = ok && lecteur_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, "") == CURLE_OK
        ok = ok && lecteur_curl_set_string(easy, CURLOPT_USERAGENT, "lecteur") == CURLE_OK
        ok = ok && lecteur_curl_set_string(easy, CURLOPT_NOPROXY, Self.noProxy()) == CURLE_OK
        // A user and password for the host from a netrc file (LECTEUR_NETRC, else ~/.netrc),
        // so they need not be on the command line where `ps` shows them. A URL's own win.
        ok = ok && lecteur_curl_set_long(easy, CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue)) == CURLE_OK
        if let netrc = credentials.netrcFile {
            ok = ok && lecteur_curl_set_string(easy, CURLOPT_NETRC_FILE, netrc) == CURLE_OK
        }
        ok = ok && lecteur_curl_set_write(easy, receiveBody) == CURLE_OK
        // Unretained: `transfer` lives until this function returns, after the last callback.
        ok = ok && lecteur_curl_set_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque()) == CURLE_OK
        guard ok else { return .failed(.invalidURL) }

        guard let multi = lecteur_curl_multi_init() else { return .failed(.network) }
        lecteur_curl_multi_add_handle(multi, easy)
        control.withLock { $0.multi = CurlMultiHandle(pointer: multi) }
        defer {
            control.withLock { $0.multi = nil }
            lecteur_curl_multi_remove_handle(multi, easy)
            lecteur_curl_multi_cleanup(multi)
        }
        var code = CURLE_OK
        var running: Int32 = 1
        while running > 0 {
            if isCancelled { return .cancelled }
            guard lecteur_curl_multi_perform(multi, &running) == CURLM_OK else { return .failed(.network) }
            var left: Int32 = 0
            while let message = lecteur_curl_multi_info_read(multi, &left) {
                if message.pointee.msg == CURLMSG_DONE { code = lecteur_curl_msg_result(message) }
            }
            if running > 0 { lecteur_curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
        if isCancelled { return .cancelled }
        return classify(code, transfer)
    }

    /// libcurl honours http_proxy and friends by itself; a local server must never go through a
    /// proxy, so loopback is added to whatever no_proxy says (the option replaces the variable).
    static func noProxy(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let given = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        if given.trimmingCharacters(in: .whitespaces) == "*" { return "*" }
        let entries = given.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (entries + ["localhost", "127.0.0.1", "::1"]).joined(separator: ",")
    }

    /// The user's address names this computer.
    static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else { return false }
        let dotted = host.hasPrefix("127.") && host.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || dotted
    }

    private func classify(_ code: CURLcode, _ transfer: Transfer) -> AttemptResult {
        var status = 0
        lecteur_curl_response_code(transfer.easy, &status)
        if let refusal = transfer.refusal { return .failed(refusal) }
        switch code {
        case CURLE_OK:
            if let error = CatalogueFetchError.forStatus(status) { return .failed(error) }
            return .body(transfer.body)
        case CURLE_FILESIZE_EXCEEDED:
            return .failed(CatalogueFetchError.forStatus(status) ?? .tooLarge(limitBytes: maxBodyBytes))
        case CURLE_OPERATION_TIMEDOUT:
            return .failed(.timeout)
        case CURLE_URL_MALFORMAT:
            // After a redirect the bad address is the server's, not the user's.
            return .failed((300...399).contains(status) ? .unexpectedStatus(status) : .invalidURL)
        case CURLE_UNSUPPORTED_PROTOCOL:
            // CatalogueEndpoint only lets http and https through, so this is the server's doing:
            // a redirect to another scheme, a bogus final status (1xx), or a reply that is not
            // HTTP at all (HTTP/0.9, garbage). Never the user's URL.
            return .failed(status != 0 ? .unexpectedStatus(status) : .badResponse)
        case CURLE_WEIRD_SERVER_REPLY:
            return .failed(status != 0 ? .unexpectedStatus(status) : .badResponse)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            // The server was reached but could not prove who it is: retrying will not change that.
            return .failed(.tlsCertificate)
        case CURLE_TOO_MANY_REDIRECTS:
            return .failed(.unexpectedStatus(status))
        case CURLE_COULDNT_CONNECT where status == 0 && Self.isLoopback(url):
            // Nothing listens on this computer at that port: the network is not in question.
            return .failed(.localNoAnswer)
        default:
            // Refused, unreachable, reset, cut short, TLS failure: the server could not be heard.
            return .failed(.network)
        }
    }
}

/// libcurl's multi handle, for `curl_multi_wakeup` from the task that cancels.
/// Unchecked because it is a C pointer Swift cannot see into. It is guarded by HTTPAttempt's
/// `control` mutex: the transfer thread registers it there before its loop and removes it before
/// freeing it, and another thread only calls `curl_multi_wakeup` on it (which libcurl allows from
/// any thread) with that mutex held.
struct CurlMultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// One transfer's body as it arrives: made, fed and read on the transfer thread only.
private final class Transfer {
    let easy: UnsafeMutableRawPointer
    let maxBodyBytes: Int
    var body = Data()
    var refusal: CatalogueFetchError?

    init(easy: UnsafeMutableRawPointer, maxBodyBytes: Int) {
        self.easy = easy
        self.maxBodyBytes = maxBodyBytes
    }

    /// Called by libcurl for each body chunk; returning less than given stops the transfer.
    func accept(_ chunk: UnsafeRawBufferPointer) -> Bool {
        var status = 0
        lecteur_curl_response_code(easy, &status)
        // An error page is never shown, so it is not read either.
        if let error = CatalogueFetchError.forStatus(status) {
            refusal = error
            return false
        }
        guard body.count + chunk.count <= maxBodyBytes else {
            refusal = .tooLarge(limitBytes: maxBodyBytes)
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }
}

private let receiveBody: lecteur_curl_write_fn = { data, size, count, user in
    guard let user, let data else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    let length = size * count
    return transfer.accept(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}
