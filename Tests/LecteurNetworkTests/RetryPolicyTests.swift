// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore

@Suite struct RetryPolicyTests {
    @Test func standardScheduleIsThreeRetriesOneTwoFourSeconds() {
        #expect(RetryPolicy.standard.delays == [1, 2, 4])
        #expect(RetryPolicy.standard.maxAttempts == 4)
        #expect(RetryPolicy.never.delays.isEmpty)
        #expect(RetryPolicy.never.maxAttempts == 1)
    }

    @Test func transientFailuresAreRetriedUntilTheFourthAttempt() {
        for error in [CatalogueFetchError.network, .timeout, .server(status: 500), .server(status: 503)] {
            #expect(RetryPolicy.standard.decision(afterAttempt: 1, failedWith: error) == .retry(after: 1, nextAttempt: 2))
            #expect(RetryPolicy.standard.decision(afterAttempt: 2, failedWith: error) == .retry(after: 2, nextAttempt: 3))
            #expect(RetryPolicy.standard.decision(afterAttempt: 3, failedWith: error) == .retry(after: 4, nextAttempt: 4))
            #expect(RetryPolicy.standard.decision(afterAttempt: 4, failedWith: error) == .giveUp)
        }
    }

    @Test func clientErrorsAndBadBodiesAreNotRetried() {
        let final: [CatalogueFetchError] = [.badRequest, .unauthorized, .forbidden, .notFound, .clientError(status: 429),
                                            .clientError(status: 410), .noData, .decoding(.notAList),
                                            .tooLarge(limitBytes: 1), .invalidURL, .unexpectedStatus(302)]
        for error in final {
            #expect(RetryPolicy.standard.decision(afterAttempt: 1, failedWith: error) == .giveUp, "\(error)")
        }
    }

    @Test func scaledPolicyKeepsTheExponentialShape() {
        let policy = RetryPolicy(retries: 4, initialDelay: 0.1, multiplier: 3)
        let delays = policy.delays
        #expect(delays.count == 4)
        for (got, want) in zip(delays, [0.1, 0.3, 0.9, 2.7]) { #expect(abs(got - want) < 1e-9) }
    }

    @Test func statusCodesMapToStoryTwoOneErrors() {
        #expect(CatalogueFetchError.forStatus(200) == nil)
        #expect(CatalogueFetchError.forStatus(204) == nil)
        #expect(CatalogueFetchError.forStatus(400) == .badRequest)
        #expect(CatalogueFetchError.forStatus(401) == .unauthorized)
        #expect(CatalogueFetchError.forStatus(403) == .forbidden)
        #expect(CatalogueFetchError.forStatus(404) == .notFound)
        #expect(CatalogueFetchError.forStatus(429) == .clientError(status: 429))
        #expect(CatalogueFetchError.forStatus(500) == .server(status: 500))
        #expect(CatalogueFetchError.forStatus(599) == .server(status: 599))
        #expect(CatalogueFetchError.forStatus(304) == .unexpectedStatus(304))
        #expect(CatalogueFetchError.forStatus(100) == .unexpectedStatus(100))
    }

    @Test func offlineCopyStandsInOnlyWhenTheRequestItselfWasNotRefused() {
        #expect(CatalogueFetchError.network.offersOfflineCopy)
        #expect(CatalogueFetchError.timeout.offersOfflineCopy)
        #expect(CatalogueFetchError.server(status: 502).offersOfflineCopy)
        #expect(CatalogueFetchError.decoding(.notAList).offersOfflineCopy)
        #expect(CatalogueFetchError.noData.offersOfflineCopy)
        #expect(!CatalogueFetchError.notFound.offersOfflineCopy)
        #expect(!CatalogueFetchError.unauthorized.offersOfflineCopy)
        #expect(!CatalogueFetchError.invalidURL.offersOfflineCopy)
    }
}
