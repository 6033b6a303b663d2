// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Waits between attempts. Injected so unit tests of the retry schedule take no time.
public protocol RetrySleeper: Sendable {
    /// Throws CancellationError when the load is cancelled while waiting.
    func sleep(seconds: TimeInterval) async throws
}

public struct TaskSleeper: RetrySleeper {
    public init() {}
    public func sleep(seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}

/// What happens while a load goes on, for the runtime to announce.
public enum CatalogueLoadEvent: Hashable, Sendable {
    /// A request is about to go out (1-based attempt, out of the policy's maximum).
    case attemptStarted(attempt: Int, of: Int)
    /// An attempt failed; `retryIn` is the wait before the next one, nil when giving up.
    case attemptFailed(attempt: Int, error: CatalogueFetchError, retryIn: TimeInterval?)
}

public enum CatalogueLoadOutcome: Sendable {
    case loaded(DecodedCatalogue, fetchedAt: Date, attempts: Int)
    /// `offlineCopy` is the last good catalogue, given when the error allows it to stand in.
    case failed(CatalogueFetchError, attempts: Int, offlineCopy: OfflineCatalogue?)
    /// The calling task was cancelled (a newer load, or quitting).
    case cancelled
}

/// Fetches `GET {base}/formations` with retries, keeps the last good answer on disk, and offers
/// it when the API cannot be reached. Each `load()` is independent; cancel its task to stop it.
public final class CatalogueClient: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// Bound on one whole attempt (connection, headers and body).
        public var timeout: TimeInterval
        public var retryPolicy: RetryPolicy
        /// Bodies beyond this are refused while they arrive (16 MiB by default; a catalogue of
        /// a thousand formations is about 1 MiB).
        public var maxBodyBytes: Int

        public init(timeout: TimeInterval = 30, retryPolicy: RetryPolicy = .standard,
                    maxBodyBytes: Int = 16 * 1024 * 1024) {
            self.timeout = timeout
            self.retryPolicy = retryPolicy
            self.maxBodyBytes = maxBodyBytes
        }
    }

    public let endpoint: CatalogueEndpoint
    public let configuration: Configuration
    public let offlineStore: OfflineCatalogueStore?
    private let sleeper: any RetrySleeper
    private let now: @Sendable () -> Date

    public init(endpoint: CatalogueEndpoint, configuration: Configuration = Configuration(),
                offlineStore: OfflineCatalogueStore? = OfflineCatalogueStore.defaultDirectory().map(OfflineCatalogueStore.init),
                sleeper: any RetrySleeper = TaskSleeper(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.offlineStore = offlineStore
        self.sleeper = sleeper
        self.now = now
    }

    /// Runs attempts until one succeeds, the policy gives up, or the task is cancelled.
    /// `onEvent` is called from this task, in order, never after this returns.
    public func load(onEvent: @Sendable (CatalogueLoadEvent) -> Void = { _ in }) async -> CatalogueLoadOutcome {
        let policy = configuration.retryPolicy
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { return .cancelled }
            onEvent(.attemptStarted(attempt: attempt, of: policy.maxAttempts))
            let error: CatalogueFetchError
            switch await fetchOnce() {
            case .cancelled:
                return .cancelled
            case .loaded(let decoded, let body):
                let fetchedAt = now()
                // A copy that cannot be written only costs the offline fallback. A body with no
                // valid formation (`[1,2,3]`, `[]`, a hostile or broken server) never replaces
                // the last good copy: the fallback must stay worth falling back to.
                if !decoded.catalogue.formations.isEmpty {
                    try? offlineStore?.save(body: body, for: endpoint, fetchedAt: fetchedAt)
                }
                return .loaded(decoded, fetchedAt: fetchedAt, attempts: attempt)
            case .failed(let failure):
                error = failure
            }
            switch policy.decision(afterAttempt: attempt, failedWith: error) {
            case .giveUp:
                onEvent(.attemptFailed(attempt: attempt, error: error, retryIn: nil))
                let copy = error.offersOfflineCopy ? offlineStore?.load(for: endpoint) : nil
                return .failed(error, attempts: attempt, offlineCopy: copy)
            case .retry(let delay, _):
                onEvent(.attemptFailed(attempt: attempt, error: error, retryIn: delay))
                do { try await sleeper.sleep(seconds: delay) } catch { return .cancelled }
            }
        }
    }

    private enum Fetched {
        case loaded(DecodedCatalogue, body: Data)
        case failed(CatalogueFetchError)
        case cancelled
    }

    private func fetchOnce() async -> Fetched {
        switch await HTTPAttempt(url: endpoint.formationsURL, timeout: configuration.timeout,
                                 maxBodyBytes: configuration.maxBodyBytes).run() {
        case .cancelled:
            return .cancelled
        case .failed(let error):
            return .failed(error)
        case .body(let body):
            if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .failed(.noData) }
            do {
                return .loaded(try TwoCoreCatalogueDecoder.decode(body), body: body)
            } catch {
                return .failed(.decoding(error))
            }
        }
    }
}
