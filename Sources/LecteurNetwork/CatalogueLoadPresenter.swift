// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// How a finished load reaches the navigator: the notices to say first, then the action.
public struct CatalogueLoadResolution: Sendable {
    /// Said and shown before the action, in order (for an offline copy: the error, then its age).
    public let notices: [CatalogueNotice]
    /// nil only for a cancelled load, which must leave the reader as it is.
    public let action: Action?
}

public struct CatalogueNotice: Hashable, Sendable {
    /// For the transcript: "retry", "still-loading", "offline", or the error's code.
    public let code: String
    public let message: String
    public let isError: Bool
}

/// Turns the client's events and outcome into the navigator's actions and the runtime's notices,
/// with the locale's sentences. Pure: the runtime decides when to speak them.
public struct CatalogueLoadPresenter: Sendable {
    public let messages: CatalogueFetchMessages

    public init(messages: CatalogueFetchMessages) {
        self.messages = messages
    }

    /// What to announce for an event: nil for those that need no words (an attempt starting,
    /// the last failure — the outcome says it).
    public func notice(for event: CatalogueLoadEvent, policy: RetryPolicy) -> CatalogueNotice? {
        switch event {
        case .attemptStarted:
            return nil
        case .attemptFailed(let attempt, let error, let retryIn?):
            return CatalogueNotice(code: "retry", message: messages.retryNotice(after: error, delay: retryIn,
                                                                               nextAttempt: attempt + 1,
                                                                               totalAttempts: policy.maxAttempts),
                                   isError: false)
        case .attemptFailed(_, _, nil):
            return nil
        case .stillLoading(let elapsed):
            return CatalogueNotice(code: "still-loading", message: messages.stillLoading(elapsed: elapsed), isError: false)
        }
    }

    public func resolution(of outcome: CatalogueLoadOutcome, now: Date) -> CatalogueLoadResolution {
        switch outcome {
        case .cancelled:
            return CatalogueLoadResolution(notices: [], action: nil)
        case .loaded(let decoded, _, _):
            return CatalogueLoadResolution(notices: [], action: .catalogueLoaded(decoded.catalogue))
        case .failed(let error, _, let copy?):
            return CatalogueLoadResolution(
                notices: [CatalogueNotice(code: error.code, message: messages.message(for: error), isError: true),
                          CatalogueNotice(code: "offline", message: messages.offlineNotice(fetchedAt: copy.fetchedAt, now: now),
                                          isError: false)],
                action: .catalogueLoaded(copy.catalogue))
        case .failed(let error, _, nil):
            return CatalogueLoadResolution(notices: [], action: .catalogueFailed(message: messages.message(for: error)))
        }
    }
}
