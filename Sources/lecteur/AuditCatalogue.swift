// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import Synchronization
import LecteurApp
import LecteurAudit
import LecteurCore
import LecteurNetwork
import LecteurTerminal

/// The catalogue an audit reads: the built-in one, a file, or the API with the reader's client
/// (same retries, `--timeout` and offline copy). An audit of the offline copy is refused unless
/// `--allow-offline` is given, and then says how old the data is.
struct AuditCatalogue {
    let catalogue: Catalogue
    /// The API address (credentials removed) when the catalogue came from it.
    let url: String?
    /// When the offline copy audited was fetched; nil for live data.
    let offlineCopyFetchedAt: Date?

    /// Loads, writing warnings, retries and errors on standard error. Exits 65 when there is
    /// no catalogue to audit.
    static func load(_ common: CommonOptions, strings: Strings, allowOffline: Bool) throws -> AuditCatalogue {
        guard let catalog = common.catalog, CatalogueEndpoint.isRemote(catalog) else {
            // `--catalog -`: the catalogue piped in (`curl … | lecteur audit --catalog -`).
            let source = LocalCatalogueSource(origin: common.catalog.map { $0 == "-" ? .standardInput : .file($0) }
                                                  ?? .builtIn)
            let records = CatalogueMessages(strings: strings)
            switch source.fetch() {
            case .success(let decoded):
                for warning in decoded.warnings { PrintedLine.toStandardError(records.message(for: warning), strings) }
                return AuditCatalogue(catalogue: decoded.catalogue, url: nil, offlineCopyFetchedAt: nil)
            case .failure(let error):
                throw fail(records.message(for: error), strings: strings)
            }
        }
        let client = try common.catalogueClient(catalog, strings: strings)
        let messages = CatalogueFetchMessages(strings: strings, timeZone: .current)
        let policy = client.configuration.retryPolicy
        let outcome = Blocking.run {
            await client.load { event in
                if case .attemptFailed(let error, let nextAttempt, let total, let delay, _)? = event.readerEvent(policy: policy, elapsed: 0) {
                    PrintedLine.toStandardError(messages.retryNotice(after: error, delay: delay, nextAttempt: nextAttempt, totalAttempts: total), strings)
                }
            }
        }
        let warnings = CatalogueMessages(strings: strings)
        let url = client.endpoint.displayString
        switch outcome {
        case .loaded(let decoded, _, _):
            for warning in decoded.warnings { PrintedLine.toStandardError(warnings.message(for: warning), strings) }
            return AuditCatalogue(catalogue: decoded.catalogue, url: url, offlineCopyFetchedAt: nil)
        case .failed(let error, _, let copy?):
            let date = DisplayFormat(strings: strings, timeZone: .current).date(copy.fetchedAt)
            let words = AuditReportMessages(strings: strings)
            guard allowOffline else {
                throw fail(words.offlineRefused(messages.message(for: error), date: date), strings: strings)
            }
            PrintedLine.toStandardError(messages.message(for: error), strings)
            PrintedLine.toStandardError(words.offlineUsed(date: date, age: messages.age(from: copy.fetchedAt, to: Date())), strings)
            return AuditCatalogue(catalogue: copy.catalogue, url: url, offlineCopyFetchedAt: copy.fetchedAt)
        case .failed(let error, _, nil):
            throw fail(messages.message(for: error), strings: strings)
        case .cancelled:
            throw fail(CatalogueMessages(strings: strings).message(for: .malformedJSON(nil)), strings: strings)
        }
    }

    /// EX_DATAERR once the reason is written: the catalogue could not be read.
    private static func fail(_ message: String, strings: Strings) -> ExitCode {
        PrintedLine.toStandardError(AuditReportMessages(strings: CLIText.strings).commandFailed(message), CLIText.strings)
        return ExitCode(65)
    }
}

/// Runs async work to completion from the synchronous command (the audit has nothing else to do
/// meanwhile).
enum Blocking {
    static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            box.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return box.value.withLock { $0 }!
    }

    private final class ResultBox<T: Sendable>: Sendable {
        let value = Mutex<T?>(nil)
    }
}
