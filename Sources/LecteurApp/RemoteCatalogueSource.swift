// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore
import LecteurNetwork

/// The formations API (story 2.1) as the reader's catalogue source. Loads run in the background;
/// every event comes back to the session as an action, so the navigator says it.
public final class RemoteCatalogueSource: CatalogueSource {
    private let client: CatalogueClient
    private let presenter: CatalogueLoadPresenter
    private let messages: CatalogueMessages
    /// The load in flight, if any.
    private let current = Mutex<Task<Void, Never>?>(nil)

    public init(client: CatalogueClient, strings: Strings, timeZone: TimeZone) {
        self.client = client
        self.presenter = CatalogueLoadPresenter(messages: CatalogueFetchMessages(strings: strings, timeZone: timeZone))
        self.messages = CatalogueMessages(strings: strings)
    }

    public var isImmediate: Bool { false }

    public func cancel() {
        current.withLock { $0?.cancel() }
    }

    public func load(reason: LoadReason, deliver: @escaping @Sendable (Action) -> Void, done: @escaping @Sendable () -> Void) {
        current.withLock { current in
            // A new retry or refresh replaces the load in flight rather than racing it.
            current?.cancel()
            deliver(.catalogueLoading)
            let client = self.client, presenter = self.presenter, messages = self.messages
            let policy = client.configuration.retryPolicy
            current = Task {
                defer { done() }
                let outcome = await client.load { event in
                    guard let notice = presenter.notice(for: event, policy: policy) else { return }
                    deliver(.notice(code: notice.code, message: notice.message))
                }
                let resolution = presenter.resolution(of: outcome, now: Date())
                for notice in resolution.notices {
                    deliver(notice.isError ? .failure(code: notice.code, message: notice.message)
                                           : .notice(code: notice.code, message: notice.message))
                }
                if case .loaded(let decoded, _, _) = outcome {
                    deliver(.catalogueLoaded(decoded.catalogue, warnings: decoded.warnings.map(messages.message(for:))))
                } else if let action = resolution.action {
                    deliver(action)
                }
            }
        }
    }
}
