import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LecteurCore

/// What one request gave.
enum AttemptResult: Sendable, Equatable {
    case body(Data)
    case failed(CatalogueFetchError)
    case cancelled
}

/// One GET of the formations, through a URLSession delegate rather than `data(for:)` so that the
/// body can be refused as it arrives (size cap), a non-2xx body is never read, and the whole
/// attempt, not just the gap between packets, is bounded by the timeout.
final class HTTPAttempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let request: URLRequest
    private let timeout: TimeInterval
    private let maxBodyBytes: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var buffer = Data()
    private var continuation: CheckedContinuation<AttemptResult, Never>?
    private var outcome: AttemptResult?
    private var task: URLSessionDataTask?
    private var session: URLSession?

    init(request: URLRequest, timeout: TimeInterval, maxBodyBytes: Int) {
        self.request = request
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    static func makeRequest(_ url: URL, timeout: TimeInterval) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    func run() async -> AttemptResult {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AttemptResult, Never>) in
                let configuration = URLSessionConfiguration.ephemeral
                configuration.timeoutIntervalForRequest = timeout
                configuration.timeoutIntervalForResource = timeout
                configuration.urlCache = nil
                configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 1
                let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
                let task = session.dataTask(with: request)
                lock.lock()
                if let outcome {
                    // Cancelled before it started.
                    lock.unlock()
                    session.invalidateAndCancel()
                    continuation.resume(returning: outcome)
                    return
                }
                self.continuation = continuation
                self.task = task
                self.session = session
                lock.unlock()
                // Our own deadline: URLSession's timeouts on Linux measure idleness, and a server
                // that sends one byte a second would never trip them.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                    self?.finish(.failed(.timeout))
                }
                task.resume()
            }
        } onCancel: {
            finish(.cancelled)
        }
    }

    /// The first result wins; the transfer is stopped and the session released.
    private func finish(_ result: AttemptResult) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        outcome = result
        let continuation = self.continuation, task = self.task, session = self.session
        self.continuation = nil
        self.task = nil
        self.session = nil
        buffer = Data()
        lock.unlock()
        task?.cancel()
        // The session holds its delegate (self) strongly until invalidated.
        session?.invalidateAndCancel()
        continuation?.resume(returning: result)
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            finish(.failed(.noData))
            return
        }
        if let error = CatalogueFetchError.forStatus(http.statusCode) {
            // The body of an error page is never shown, so it is not even read.
            completionHandler(.cancel)
            finish(.failed(error))
            return
        }
        if response.expectedContentLength > Int64(maxBodyBytes) {
            completionHandler(.cancel)
            finish(.failed(.tooLarge(limitBytes: maxBodyBytes)))
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        let over = buffer.count + data.count > maxBodyBytes
        if !over { buffer.append(data) }
        lock.unlock()
        if over { finish(.failed(.tooLarge(limitBytes: maxBodyBytes))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let error else {
            lock.lock()
            let body = buffer
            lock.unlock()
            finish(.body(body))
            return
        }
        finish(.failed(Self.classify(error)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // Follow a redirect only to http(s); refusing it leaves the 3xx as the answer.
        let scheme = request.url?.scheme?.lowercased()
        completionHandler(scheme == "http" || scheme == "https" ? request : nil)
    }

    static func classify(_ error: Error) -> CatalogueFetchError {
        guard let urlError = error as? URLError else { return .network }
        switch urlError.code {
        case .timedOut: return .timeout
        case .badURL, .unsupportedURL: return .invalidURL
        case .zeroByteResource: return .noData
        default: return .network
        }
    }
}
