// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// Catalogue loading as the reader hears it from a source: typed events in, every sentence
/// worded by the reader, « still loading » on the reader's own clock. Every step's whole
/// effect list and state change.
@Suite struct CatalogueLoadingTests {
    let braille = BrailleGenerator(strings: Fixture.fr)

    /// `printed` nil: a notice's or an error's own event prints it.
    func speak(_ text: String, interrupt: Bool = false, _ priority: Utterance.Priority = .answer,
               printed: String? = nil) -> Effect {
        .speak(Utterance(text: text, interrupt: interrupt, priority: priority, printed: printed))
    }
    func message(_ text: String) -> Effect { .braille(BrailleLine(text: text, cursor: 0, kind: .message)) }
    func focus(_ screen: Screen, _ index: Int) -> Effect {
        let element = screen.elements[index]
        return .focus(FocusReport(screen: screen.code, title: screen.title, index: index + 1, count: screen.elements.count,
                                  element: element, roleWord: SpeechGenerator(strings: Fixture.fr).roleWord(element.role)))
    }

    /// Start-up against a slow server answering 500, with an offline copy: « still loading »
    /// after each silence of its interval, retries replacing the progress before them, then the
    /// error, the copy's age, the load and the focus all queue: the user hears the data is stale.
    @Test func aSlowFailingServerThenTheOfflineCopy() throws {
        var initial = ReaderState()
        initial.settings.speakPosition = false
        var store = ReaderTestStore(state: initial)
        store.send(.start, [.loadCatalogue(.initial)])

        let loading = Fixture.reader.builder.screen(for: store.state)
        let loadingLabel = loading.elements[0].label
        store.send(.catalogue(.loading(stillLoadingAfter: 10)), [
            focus(loading, 0), speak(loadingLabel, printed: loadingLabel), .braille(braille.line(loading.elements[0])),
            .schedule(.catalogueStillLoading, afterSeconds: 10),
        ]) {
            $0.announcement.history = [loadingLabel]
            $0.navigation.focus[.formations] = 0
            $0.catalogue.stillLoading = StillLoadingClock(interval: 10, elapsed: 0)
        }

        let still10 = "Chargement des formations… toujours en cours après 10 secondes."
        store.send(.timer(.catalogueStillLoading), store.said("still-loading", still10, .progress) + [
            .schedule(.catalogueStillLoading, afterSeconds: 10), .schedule(.brailleMessage(token: 1), afterSeconds: 4),
        ]) {
            ReaderTestStore.remembered("still-loading", still10, token: 1)(&$0)
            $0.announcement.lastWasProgress = true
            $0.catalogue.stillLoading?.elapsed = 10
        }

        // A retry notice replaces the progress before it and starts the silence again.
        let retry = "Échec du chargement (erreur serveur, code 500). Nouvel essai dans 1 seconde, tentative 2 sur 4."
        store.send(.catalogue(.attemptFailed(.server(status: 500), nextAttempt: 2, of: 4, retryIn: 1, elapsed: 12)),
                   store.said("retry", retry, interrupt: true, .progress) + [
            .schedule(.catalogueStillLoading, afterSeconds: 10), .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ]) {
            ReaderTestStore.remembered("retry", retry, token: 2)(&$0)
            $0.catalogue.stillLoading?.elapsed = 12
        }

        let still22 = "Chargement des formations… toujours en cours après 22 secondes."
        store.send(.timer(.catalogueStillLoading), store.said("still-loading", still22, interrupt: true, .progress) + [
            .schedule(.catalogueStillLoading, afterSeconds: 10), .schedule(.brailleMessage(token: 3), afterSeconds: 4),
        ]) {
            ReaderTestStore.remembered("still-loading", still22, token: 3)(&$0)
            $0.catalogue.stillLoading?.elapsed = 22
        }

        let fetchedAt = try #require(ISO8601DateFormatter().date(from: "2026-11-22T09:00:00Z"))
        let now = fetchedAt.addingTimeInterval(5 * 3600 + 120)
        let error = "Erreur serveur (code: 500). Réessayez plus tard."
        let offline = "Formations hors ligne : copie du 22 novembre 2026, il y a 5 heures. Tapez « réessayer » pour recharger."
        let loaded = "14 formations chargées."
        var list = store.state
        list.catalogue.status = .loaded(Fixture.builtIn)
        let listScreen = Fixture.reader.builder.screen(for: list)
        let first = "Toutes, sélectionné, bouton"
        store.send(.catalogue(.loaded(Fixture.builtIn, warnings: [],
                                      origin: .offlineCopy(after: .server(status: 500), fetchedAt: fetchedAt, now: now))), [
            .cancelTimer(.catalogueStillLoading),
            .error(code: "http-500", message: error), speak(error, .error), message(error),
            // The error has its whole time on the display; the others wait for it in turn, and
            // the focused element's line waits for them all.
            .notice(code: "offline", message: offline), speak(offline, .notice),
            .notice(code: "loaded", message: loaded), speak(loaded, .notice),
            focus(listScreen, 0), speak(first, printed: first),
            .schedule(.brailleMessage(token: 4), afterSeconds: 4),
        ]) {
            $0.catalogue.status = .loaded(Fixture.builtIn)
            $0.catalogue.stillLoading = nil
            $0.announcement.history += [error, offline, loaded, first]
            $0.announcement.lastWasProgress = false
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: loaded, isError: false)
            $0.display.message = error
            $0.display.queued = [offline, loaded]
            $0.display.token = 4
        }
        // The load is over: a clock that still rings says nothing.
        store.send(.timer(.catalogueStillLoading), [])
    }

    /// A file that cannot be read: the error is said and shown, and the focus is on « Réessayer »
    /// under it; records set aside are said once, not again on a refresh that sets the same aside.
    @Test func aFileFailureThenRecordsSetAsideSaidOnce() {
        var initial = ReaderState()
        initial.settings.speakPosition = false
        var store = ReaderTestStore(state: initial)
        let error = "Erreur lors du traitement des données. (une liste de formations, ou un objet avec « data », était attendue)"
        var failed = store.state
        failed.catalogue.status = .failed(.file(.notAList))
        let errorScreen = Fixture.reader.builder.screen(for: failed)
        let retry = "Réessayer, bouton. Recharge les formations"
        store.send(.catalogue(.failed(.file(.notAList))), [
            .error(code: "catalogue", message: error), speak(error, .error), message(error),
            focus(errorScreen, 1), speak(retry, printed: retry),
            .schedule(.brailleMessage(token: 1), afterSeconds: 4),
        ]) {
            $0.catalogue.status = .failed(.file(.notAList))
            $0.navigation.focus[.formations] = 1
            $0.announcement.history = [error, retry]
            $0.announcement.lastMessage = LastMessage(code: "catalogue", text: error, isError: true)
            $0.display.message = error
            $0.display.token = 1
        }
        let warning = CatalogueWarning.missingField(position: 2, field: "title")
        let skipped = "Enregistrement n° 2 du fichier ignoré : champ « titre » manquant."
        let loaded = "14 formations chargées."
        var list = store.state
        list.catalogue.status = .loaded(Fixture.builtIn)
        list.navigation.focus[.formations] = 1
        let listScreen = Fixture.reader.builder.screen(for: list)
        let second = "Accessibilité, non sélectionné, bouton"
        store.send(.catalogue(.loaded(Fixture.builtIn, warnings: [warning], origin: .live)), [
            // The error is still being read: both wait for it on the display, in order.
            .notice(code: "catalogue.skipped", message: skipped), speak(skipped, .notice),
            .notice(code: "loaded", message: loaded), speak(loaded, .notice),
            focus(listScreen, 1), speak(second, printed: second),
        ]) {
            $0.catalogue.status = .loaded(Fixture.builtIn)
            $0.catalogue.warnings = [warning]
            $0.announcement.history += [skipped, loaded, second]
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: loaded, isError: false)
            $0.display.queued = [skipped, loaded]
        }
    }
}
