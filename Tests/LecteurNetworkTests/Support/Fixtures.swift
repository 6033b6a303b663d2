// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
@testable import LecteurNetwork

enum Fixtures {
    static let french = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
    static let english = Strings(localeCode: "en", table: LocaleResources.table(locale: "en")!)
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let messages = CatalogueFetchMessages(strings: french, timeZone: paris)
    static let reader = Reader(strings: french, timeZone: paris)

    /// What the reader says and shows as notices and errors, in order, for these events of a
    /// load (nil events, which the reader is not told of, are left out).
    static func said(_ events: [CatalogueEvent?]) -> [String] {
        var state = ReaderState()
        return events.compactMap { $0 }.flatMap { event in
            reader.reduce(&state, .catalogue(event)).compactMap { effect -> String? in
                switch effect {
                case .notice(_, let message, _, _), .error(_, let message, _): message
                default: nil
                }
            }
        }
    }

    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-network-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Records the waits instead of sleeping, so the 1-2-4 s schedule is checked in no time.
actor RecordingSleeper: RetrySleeper {
    private(set) var waits: [TimeInterval] = []
    func sleep(seconds: TimeInterval) async throws {
        waits.append(seconds)
        try Task.checkCancellation()
    }
}

/// Collects a load's events from the client's background threads.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(Date, CatalogueLoadEvent)] = []
    var events: [CatalogueLoadEvent] { lock.withLock { items.map(\.1) } }
    func record(_ event: CatalogueLoadEvent) { lock.withLock { items.append((Date(), event)) } }
}
