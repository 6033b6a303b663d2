// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
@testable import LecteurNetwork

/// The client against a real HTTP server on 127.0.0.1 (Server/catalogue_server.py).
@Suite(.timeLimit(.minutes(1))) struct CatalogueClientServerTests {
    static let fast = RetryPolicy(retries: 3, initialDelay: 0.1)

    func client(_ base: String, timeout: TimeInterval = 5, policy: RetryPolicy = .never,
                maxBodyBytes: Int = 1024 * 1024, store: OfflineCatalogueStore? = nil) throws -> CatalogueClient {
        CatalogueClient(endpoint: try CatalogueEndpoint(base: base),
                        configuration: .init(timeout: timeout, retryPolicy: policy, maxBodyBytes: maxBodyBytes),
                        offlineStore: store)
    }

    func failure(_ outcome: CatalogueLoadOutcome) -> (CatalogueFetchError, Int)? {
        if case .failed(let error, let attempts, _) = outcome { return (error, attempts) }
        return nil
    }

    @Test func goodDataLoadsWithJSONHeaders() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("ok")
        let outcome = try await client(base).load()
        guard case .loaded(let decoded, _, let attempts) = outcome else { Issue.record("\(outcome)"); return }
        #expect(attempts == 1)
        #expect(decoded.catalogue.formations.map(\.title)
                == ["Starter Pack - IA Générative", "Machine Learning avec Python", "Éthique et conformité de l'IA"])
        #expect(decoded.catalogue.formations[0].price == 990)
        #expect(decoded.catalogue.categories.map(\.name) == ["Éthique", "IA Générative", "Machine Learning"])
        let log = try await server.log(of: base)
        #expect(log.count == 1)
        #expect(log.first?.path.hasSuffix("/formations") == true)
        #expect(log.first?.accept == "application/json")
        #expect(log.first?.content_type == "application/json")
    }

    @Test func laravelEnvelopeWithCategoryObjectsAndPriceStrings() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let outcome = try await client(server.base("envelope")).load()
        guard case .loaded(let decoded, _, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(decoded.catalogue.formations.count == 3)
        #expect(decoded.catalogue.formations[1].price == 2490)
        #expect(decoded.catalogue.formations[0].category?.id == 10)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func slowServerTimesOutWithinTheConfiguredDelay() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let start = Date()
        let outcome = try await client(server.base("slow-10"), timeout: 1).load()
        let elapsed = Date().timeIntervalSince(start)
        #expect(failure(outcome)?.0 == .timeout)
        #expect(Fixtures.messages.message(for: .timeout) == "Le serveur met trop de temps à répondre. Réessayez plus tard.")
        // Not before the configured second; the upper bound is a hang guard.
        #expect(elapsed >= 0.95 && elapsed < 10, "timed out after \(elapsed) s")
    }

    @Test func aBodyTricklingInIsBoundedByTheWholeAttemptTimeout() async throws {
        // One byte a second never leaves the connection idle, so only a total deadline stops it.
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let start = Date()
        let outcome = try await client(server.base("trickle"), timeout: 2).load()
        let elapsed = Date().timeIntervalSince(start)
        #expect(failure(outcome)?.0 == .timeout)
        // Not before the configured two seconds; the upper bound is a hang guard.
        #expect(elapsed >= 1.95 && elapsed < 10, "timed out after \(elapsed) s")
    }

    @Test func fiveHundredThenTwoHundredLoadsOnTheSecondAttempt() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("fail-1-then-ok")
        let events = EventLog()
        let outcome = try await client(base, policy: Self.fast).load(onEvent: events.record)
        guard case .loaded(let decoded, _, let attempts) = outcome else { Issue.record("\(outcome)"); return }
        #expect(attempts == 2)
        #expect(decoded.catalogue.formations.count == 3)
        #expect(events.events == [.attemptStarted(attempt: 1, of: 4),
                                  .attemptFailed(attempt: 1, error: .server(status: 500), retryIn: 0.1),
                                  .attemptStarted(attempt: 2, of: 4)])
        let log = try await server.log(of: base)
        #expect(log.count == 2)
        if log.count == 2 { #expect(log[1].time - log[0].time >= 0.1) }
    }

    @Test func permanentFiveHundredIsTriedFourTimesWithGrowingGaps() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("status-500")
        let events = EventLog()
        let outcome = try await client(base, policy: Self.fast).load(onEvent: events.record)
        #expect(failure(outcome)?.0 == .server(status: 500))
        #expect(failure(outcome)?.1 == 4)
        let log = try await server.log(of: base)
        #expect(log.count == 4)
        let gaps = zip(log.dropFirst(), log).map { $0.time - $1.time }
        for (gap, delay) in zip(gaps, [0.1, 0.2, 0.4]) {
            // At least the announced wait; the upper bound is a hang guard.
            #expect(gap >= delay && gap < delay + 5, "gap \(gap) for a \(delay) s wait")
        }
        #expect(outcome.readerEvent(now: Date()) == .failed(.fetch(.server(status: 500))))
        // The attempts, then the outcome, into one reader: each retry cuts the one before it.
        let retry = "Échec du chargement (erreur serveur, code 500). Nouvel essai dans"
        let effects = Fixtures.effects(events.events.map { $0.readerEvent(policy: Self.fast, elapsed: 0) } + [outcome.readerEvent(now: Date())])
        #expect(effects == Fixtures.retrying("\(retry) 0,1 seconde, tentative 2 sur 4.", interrupt: false, token: 1)
                + Fixtures.retrying("\(retry) 0,2 seconde, tentative 3 sur 4.", interrupt: true, token: 2)
                + Fixtures.retrying("\(retry) 0,4 seconde, tentative 4 sur 4.", interrupt: true, token: 3)
                + Fixtures.failed("Erreur serveur (code: 500). Réessayez plus tard.", token: 4), "\(effects)")
    }

    /// The real schedule, as the server's clock saw it: requests 1, 2, 3 and 4 s apart.
    @Test func standardBackoffIsOneTwoFourSecondsOnTheWire() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("status-503")
        let outcome = try await client(base, policy: .standard).load()
        #expect(failure(outcome)?.0 == .server(status: 503))
        let log = try await server.log(of: base)
        #expect(log.count == 4)
        let gaps = zip(log.dropFirst(), log).map { $0.time - $1.time }
        print("standard backoff gaps measured on the server: \(gaps.map { String(format: "%.3f", $0) })")
        for (gap, delay) in zip(gaps, [1.0, 2.0, 4.0]) {
            // At least the announced wait; the upper bound is a hang guard.
            #expect(gap >= delay && gap < delay + 5, "gap \(gap) for a \(delay) s wait")
        }
    }

    @Test(arguments: [(400, CatalogueFetchError.badRequest, "Requête invalide (code: 400)."),
                      (401, .unauthorized, "Accès non autorisé (code: 401). Vérifiez vos identifiants."),
                      (403, .forbidden, "Accès refusé (code: 403)."),
                      (404, .notFound, "Formations introuvables (code: 404). Vérifiez l'adresse du serveur."),
                      (429, .clientError(status: 429), "Requête refusée par le serveur (code: 429).")])
    func clientErrorsAreNotRetriedAndSayTheirCode(status: Int, error: CatalogueFetchError, message: String) async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("status-\(status)")
        let outcome = try await client(base, policy: Self.fast).load()
        #expect(failure(outcome)?.0 == error)
        #expect(failure(outcome)?.1 == 1)
        #expect(try await server.log(of: base).count == 1)
        #expect(Fixtures.effects([outcome.readerEvent(now: Date())]) == Fixtures.failed(message))
    }

    @Test func truncatedJSONIsADecodingErrorNotRetried() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("truncated")
        let outcome = try await client(base, policy: Self.fast).load()
        guard case .decoding(let reason)? = failure(outcome)?.0 else { Issue.record("\(outcome)"); return }
        #expect(reason == .malformedJSON(.endOfText))
        #expect(Fixtures.messages.message(for: .decoding(reason))
                == "Erreur lors du traitement des données. (fin du texte atteinte trop tôt)")
        #expect(try await server.log(of: base).count == 1)
    }

    @Test func nonJSONIsADecodingErrorThatNeverShowsTheBody() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let outcome = try await client(server.base("not-json")).load()
        guard case .decoding? = failure(outcome)?.0 else { Issue.record("\(outcome)"); return }
        let effects = Fixtures.effects([outcome.readerEvent(now: Date())])
        guard case .error(_, let text, _)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(text.hasPrefix("Erreur lors du traitement des données."))
        #expect(effects == Fixtures.failed(text))
        // Nowhere: not in the message, the speech, the display or the focus.
        #expect(!"\(effects)".contains("SECRET") && !"\(effects)".contains("html"), "\(effects)")
    }

    @Test func emptyBodyIsNoData() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let outcome = try await client(server.base("empty")).load()
        #expect(failure(outcome)?.0 == .noData)
        #expect(Fixtures.messages.message(for: .noData) == "Aucune donnée reçue du serveur.")
    }

    @Test func hugeBodyAnnouncedByContentLengthIsRefusedAtTheHeaders() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("huge")
        let start = Date()
        let outcome = try await client(base, maxBodyBytes: 1024 * 1024).load()
        let elapsed = Date().timeIntervalSince(start)
        #expect(failure(outcome)?.0 == .tooLarge(limitBytes: 1024 * 1024))
        #expect(Fixtures.messages.message(for: .tooLarge(limitBytes: 1024 * 1024))
                == "Réponse du serveur trop volumineuse (plus de 1 Mo) : chargement abandonné.")
        // Once the server has seen the hang-up (it stamps `finished` after its last byte).
        let sent = try await server.log(of: base) { $0.first?.finished != nil }.first?.bytes_sent ?? -1
        print("huge (Content-Length 256 MiB): refused after \(String(format: "%.3f", elapsed)) s, server pushed \(sent) bytes")
        #expect(sent >= 0 && sent < 256 * 1024 * 1024)
    }

    @Test func hugeChunkedBodyIsCutAtTheCap() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("huge-chunked")
        let start = Date()
        let outcome = try await client(base, maxBodyBytes: 1024 * 1024).load()
        let elapsed = Date().timeIntervalSince(start)
        #expect(failure(outcome)?.0 == .tooLarge(limitBytes: 1024 * 1024))
        let sent = try await server.log(of: base) { $0.first?.finished != nil }.first?.bytes_sent ?? -1
        print("huge-chunked: refused after \(String(format: "%.3f", elapsed)) s, server pushed \(sent) bytes for a 1 MiB cap")
        // What the server could push is the cap plus what the socket buffers held, far from 256 MiB.
        #expect(sent >= 1024 * 1024 && sent < 32 * 1024 * 1024)
    }

    /// Refused at a loopback address: no server on this computer at that port, retried as any
    /// network failure, and said as such (not « Vérifiez votre connexion internet »).
    @Test func connectionRefusedIsANetworkErrorRetried() async throws {
        let sleeper = RecordingSleeper()
        let events = EventLog()
        let closed = ClosedLoopbackPort()
        defer { withExtendedLifetime(closed) {} }
        let client = CatalogueClient(endpoint: try CatalogueEndpoint(base: "http://127.0.0.1:\(closed.port)/api"),
                                     configuration: .init(timeout: 5, retryPolicy: .standard),
                                     offlineStore: nil, sleeper: sleeper)
        let outcome = await client.load(onEvent: events.record)
        #expect(failure(outcome)?.0 == .localNoAnswer)
        #expect(failure(outcome)?.1 == 4)
        #expect(await sleeper.waits == [1, 2, 4])
        #expect(events.events.last == .attemptFailed(attempt: 4, error: .localNoAnswer, retryIn: nil))
        #expect(Fixtures.effects([outcome.readerEvent(now: Date())])
                == Fixtures.failed("Aucun serveur ne répond à cette adresse sur cet ordinateur. Vérifiez qu'il est lancé, et son port."))
    }

    @Test func droppedConnectionThenSuccess() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let events = EventLog()
        let outcome = try await client(server.base("drop-1-then-ok"), policy: Self.fast).load(onEvent: events.record)
        guard case .loaded(_, _, let attempts) = outcome else { Issue.record("\(outcome)"); return }
        #expect(attempts == 2)
        #expect(events.events.contains(.attemptFailed(attempt: 1, error: .network, retryIn: 0.1)))
    }

    @Test func timeoutIsRetriedThenSucceeds() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let events = EventLog()
        let outcome = try await client(server.base("slow-1-then-ok"), timeout: 1, policy: Self.fast).load(onEvent: events.record)
        guard case .loaded(_, _, let attempts) = outcome else { Issue.record("\(outcome)"); return }
        #expect(attempts == 2)
        #expect(events.events.contains(.attemptFailed(attempt: 1, error: .timeout, retryIn: 0.1)))
    }

    @Test func cancellingTheTaskStopsTheLoadAtOnce() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = server.base("slow-20")
        let client = try client(base, timeout: 30)
        let task = Task { await client.load() }
        // Cancelled once the request is at the server, waiting on its slow answer.
        #expect(try await server.log(of: base) { !$0.isEmpty }.count == 1, "the request reached the server")
        let start = Date()
        task.cancel()
        let outcome = await task.value
        guard case .cancelled = outcome else { Issue.record("\(outcome)"); return }
        #expect(Date().timeIntervalSince(start) < 2, "hang guard: the load outlived its cancelled task")
        #expect(outcome.readerEvent(now: Date()) == nil)
    }

    @Test func redirectsAreFollowedOnlyToHTTP() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let redirected = try await client(server.base("redirect-ok")).load()
        guard case .loaded(let decoded, _, _) = redirected else { Issue.record("\(redirected)"); return }
        #expect(decoded.catalogue.formations.count == 3)
        let refused = try await client(server.base("redirect-file"), policy: Self.fast).load()
        #expect(failure(refused)?.0 == .unexpectedStatus(302))
        #expect(failure(refused)?.1 == 1)
    }

    @Test func loopbackNeverGoesThroughAProxy() {
        #expect(HTTPAttempt.noProxy(environment: [:]) == "localhost,127.0.0.1,::1")
        #expect(HTTPAttempt.noProxy(environment: ["no_proxy": "corp.example, .internal"])
                == "corp.example,.internal,localhost,127.0.0.1,::1")
        #expect(HTTPAttempt.noProxy(environment: ["NO_PROXY": "*"]) == "*")
    }

    /// Which addresses name this computer, for the « no server answers here » message: a
    /// host whose name merely starts with 127 is somewhere else.
    @Test func loopbackAddressesAreThisComputer() throws {
        for local in ["http://127.0.0.1:8080/api", "http://127.1.2.3/api", "http://localhost:1/x", "http://LOCALHOST/x",
                      "http://api.localhost/x", "http://[::1]:8080/api"] {
            #expect(HTTPAttempt.isLoopback(try #require(URL(string: local))), "\(local)")
        }
        for remote in ["http://127.example.org/api", "http://example.org/api", "http://10.0.0.1/api", "http://localhost.example.org/x"] {
            #expect(!HTTPAttempt.isLoopback(try #require(URL(string: remote))), "\(remote)")
        }
    }

    @Test func credentialsAndTokensNeverReachAMessage() async throws {
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let base = "http://alice:hunter2@127.0.0.1:\(server.port)/status-500/\(UUID().uuidString)?token=T0K3N"
        let client = try client(base, policy: Self.fast)
        let events = EventLog()
        let outcome = await client.load(onEvent: events.record)
        #expect(failure(outcome)?.0 == .server(status: 500))
        let effects = Fixtures.effects(events.events.map { $0.readerEvent(policy: Self.fast, elapsed: 0) } + [outcome.readerEvent(now: Date())])
        // Three retries and the failure, each said and shown: every effect, written as text.
        #expect(effects.filter { if case .braille = $0 { true } else { false } }.count == 4, "\(effects)")
        let texts = effects.map { "\($0)" } + [client.endpoint.displayString]
        for text in texts {
            #expect(!text.contains("hunter2") && !text.contains("T0K3N") && !text.contains("alice") && !text.contains("SECRET"), "\(text)")
        }
        #expect(client.endpoint.displayString.hasSuffix("/formations?token=***"))
    }
}
