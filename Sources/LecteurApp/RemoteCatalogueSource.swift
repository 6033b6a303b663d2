// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore
import LecteurNetwork

/// The formations API (story 2.1) as the reader's catalogue source. Loads run in the background;
/// every event comes back to the session as a typed action, which the reader words.
public final class RemoteCatalogueSource: CatalogueSource {
    private let client: CatalogueClient
    /// The silence after which the reader says a load is still going; nil for never.
    private let stillLoadingAfter: TimeInterval?
    /// The load in flight, if any.
    private let current = Mutex<Task<Void, Never>?>(nil)

    public init(client: CatalogueClient, stillLoadingAfter: TimeInterval? = 10) {
        self.client = client
        self.stillLoadingAfter = stillLoadingAfter
    }

    public var isImmediate: Bool { false }

    public func cancel() {
        current.withLock { $0?.cancel() }
    }

    public func load(reason: LoadReason, deliver: @escaping @Sendable (Action) -> Void, done: @escaping @Sendable () -> Void) {
        current.withLock { current in
            // A new retry or refresh replaces the load in flight rather than racing it.
            current?.cancel()
            deliver(.catalogue(.loading(stillLoadingAfter: stillLoadingAfter)))
            let client = self.client
            let policy = client.configuration.retryPolicy
            let started = Date()
            current = Task {
                defer { done() }
                let outcome = await client.load { event in
                    if let event = event.readerEvent(policy: policy, elapsed: Date().timeIntervalSince(started)) {
                        deliver(.catalogue(event))
                    }
                }
                if let event = outcome.readerEvent(now: Date()) { deliver(.catalogue(event)) }
            }
        }
    }
}
