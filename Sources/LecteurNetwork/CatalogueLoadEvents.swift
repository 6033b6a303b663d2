// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

extension CatalogueLoadEvent {
    /// The reader's event for this step of a load, nil for those it says nothing about (an
    /// attempt starting; the last failure, which the outcome reports). `elapsed`: seconds since
    /// the load began.
    public func readerEvent(policy: RetryPolicy, elapsed: TimeInterval) -> CatalogueEvent? {
        switch self {
        case .attemptStarted, .attemptFailed(_, _, nil):
            nil
        case .attemptFailed(let attempt, let error, let retryIn?):
            .attemptFailed(error, nextAttempt: attempt + 1, of: policy.maxAttempts, retryIn: retryIn, elapsed: elapsed)
        }
    }
}

extension CatalogueLoadOutcome {
    /// The reader's event for how a load ended, nil for a cancelled load (which must leave the
    /// reader as it is). `now`: when it ended, to say the offline copy's age.
    public func readerEvent(now: Date) -> CatalogueEvent? {
        switch self {
        case .cancelled:
            nil
        case .loaded(let decoded, _, _):
            .loaded(decoded.catalogue, warnings: decoded.warnings, origin: .live)
        case .failed(let error, _, let copy?):
            // The copy's own records set aside were said when it was live.
            .loaded(copy.catalogue, warnings: [], origin: .offlineCopy(after: error, fetchedAt: copy.fetchedAt, now: now))
        case .failed(let error, _, nil):
            .failed(.fetch(error))
        }
    }
}
