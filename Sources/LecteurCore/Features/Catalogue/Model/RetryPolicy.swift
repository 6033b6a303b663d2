// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// When to try the formations API again: story 2.1's code review asks for 3 retries with
/// exponential backoff (1 s, 2 s, 4 s) on transient failures only. Pure, so the schedule is a
/// unit test and the waiting itself belongs to whoever runs it.
public struct RetryPolicy: Hashable, Sendable {
    /// Retries after the first attempt (so `retries + 1` requests at most).
    public let retries: Int
    public let initialDelay: TimeInterval
    public let multiplier: Double

    public init(retries: Int, initialDelay: TimeInterval, multiplier: Double = 2) {
        precondition(retries >= 0 && initialDelay >= 0 && multiplier >= 1, "a retry policy cannot go back in time")
        self.retries = retries
        self.initialDelay = initialDelay
        self.multiplier = multiplier
    }

    /// 3 retries, 1 s → 2 s → 4 s.
    public static let standard = RetryPolicy(retries: 3, initialDelay: 1)
    /// One attempt only.
    public static let never = RetryPolicy(retries: 0, initialDelay: 0)

    public var maxAttempts: Int { retries + 1 }

    /// The waits between attempts, in order: [1, 2, 4] for the standard policy.
    public var delays: [TimeInterval] {
        (0..<retries).map { initialDelay * pow(multiplier, Double($0)) }
    }

    public enum Decision: Hashable, Sendable {
        case retry(after: TimeInterval, nextAttempt: Int)
        case giveUp
    }

    /// What to do after attempt `attempt` (1-based) failed with `error`.
    public func decision(afterAttempt attempt: Int, failedWith error: CatalogueFetchError) -> Decision {
        guard error.isTransient, attempt >= 1, attempt <= retries else { return .giveUp }
        return .retry(after: delays[attempt - 1], nextAttempt: attempt + 1)
    }
}
