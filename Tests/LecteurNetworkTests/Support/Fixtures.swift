// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurCore
import LecteurLocales
@testable import LecteurNetwork

enum Fixtures {
    static let french = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
    static let english = Strings(localeCode: "en", table: LocaleResources.table(locale: "en")!)
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let messages = CatalogueFetchMessages(strings: french, timeZone: paris)
    static let reader = Reader(strings: french, timeZone: paris)

    /// The reader as a load's events reach it, through a store: one state kept from event to
    /// event, as the runtime keeps it, and every effect returned, in order (what is said, shown
    /// and focused, and the timers), not only the notices' words: a secret or a wrong word in the
    /// speech or on the display fails as surely as in a notice.
    struct Store {
        private(set) var state = ReaderState()

        /// The events in order (nil events, which the reader is not told of, are left out).
        mutating func send(_ events: [CatalogueEvent?]) -> [Effect] {
            events.compactMap { $0 }.flatMap { Fixtures.reader.reduce(&state, .catalogue($0)) }
        }
    }

    /// Every effect of these events on a reader that has just started.
    static func effects(_ events: [CatalogueEvent?]) -> [Effect] {
        var store = Store()
        return store.send(events)
    }

    // What the reader does, written out by hand (not from its generators).

    /// The « Réessayer » button of the error screen.
    static let retry = Element(id: "error.retry", role: .button, label: "Réessayer", spokenLabel: "Réessayer",
                               visibleText: "Réessayer", hint: "Recharge les formations", value: nil, selected: nil,
                               action: .retry, brailleText: nil)

    /// A load that failed: the error said at error priority (queued: nothing was asked) and
    /// shown, « Réessayer » focused under it and said after it, the message's timer.
    static func failed(_ message: String, token: Int = 1) -> [Effect] {
        [.error(code: "catalogue", message: message),
         .speak(Utterance(text: message, interrupt: false, priority: .error)),
         .braille(BrailleLine(text: message, cursor: 0, kind: .message)),
         .focus(FocusReport(screen: "error", title: "Formations", index: 2, count: 2, element: retry, roleWord: "bouton")),
         .speak(Utterance(text: "Réessayer, bouton. Recharge les formations", interrupt: false, priority: .answer,
                          printed: "Réessayer, bouton. Recharge les formations")),
         .schedule(.brailleMessage(token: token), afterSeconds: 4)]
    }

    /// An attempt failed, another to come: said at progress priority (each cutting the one
    /// before it) and shown, with the message's timer.
    static func retrying(_ message: String, interrupt: Bool, token: Int) -> [Effect] {
        [.notice(code: "retry", message: message),
         .speak(Utterance(text: message, interrupt: interrupt, priority: .progress)),
         .braille(BrailleLine(text: message, cursor: 0, kind: .message)),
         .schedule(.brailleMessage(token: token), afterSeconds: 4)]
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
