// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Catalogue loading, a child of the reader: what a source reports (`CatalogueEvent`) becomes
/// the catalogue's state, the notices about retries, the offline copy and the records set aside,
/// and « still loading » after a silence (its own timer, so a store test pins it).
struct CatalogueReducer: Sendable {
    let navigator: Navigator
    let fetch: CatalogueFetchMessages
    let records: CatalogueMessages

    init(navigator: Navigator, timeZone: TimeZone) {
        self.navigator = navigator
        fetch = CatalogueFetchMessages(strings: navigator.strings, timeZone: timeZone)
        records = CatalogueMessages(strings: navigator.strings)
    }

    func reduce(_ event: CatalogueEvent, _ state: inout ReaderState, _ out: inout Announcer) {
        switch event {
        case .loading(let stillLoadingAfter):
            loading(&state, &out)
            if let stillLoadingAfter {
                state.stillLoading = StillLoadingClock(interval: stillLoadingAfter, elapsed: 0)
                out.append(.schedule(.catalogueStillLoading, afterSeconds: stillLoadingAfter))
            } else {
                stopClock(&state, &out)
            }
        case .attemptFailed(let error, let next, let total, let delay, let elapsed):
            out.notice("retry", fetch.retryNotice(after: error, delay: delay, nextAttempt: next, totalAttempts: total),
                       priority: .progress, &state.announcement)
            // Something was just said: the silence before « still loading » starts again.
            if var clock = state.stillLoading {
                clock.elapsed = elapsed
                state.stillLoading = clock
                out.append(.schedule(.catalogueStillLoading, afterSeconds: clock.interval))
            }
        case .loaded(let catalogue, let warnings, .live):
            stopClock(&state, &out)
            loaded(catalogue, warnings: warnings, &state, &out)
        case .loaded(let catalogue, let warnings, .offlineCopy(let error, let fetchedAt, let now)):
            stopClock(&state, &out)
            // Why the live data is missing first, then how old the copy is.
            out.error(error.code, fetch.message(for: error), &state.announcement)
            out.notice("offline", fetch.offlineNotice(fetchedAt: fetchedAt, now: now), priority: .notice, &state.announcement)
            loaded(catalogue, warnings: warnings, &state, &out)
        case .failed(let fault):
            stopClock(&state, &out)
            failed(fetch.message(for: fault), &state, &out)
        }
    }

    /// The silence after the last notice of a load has lasted its interval: say it goes on.
    func stillLoadingRang(_ state: inout ReaderState, _ out: inout Announcer) {
        guard var clock = state.stillLoading, state.catalogue == .loading else { return }
        clock.elapsed += clock.interval
        state.stillLoading = clock
        out.notice("still-loading", fetch.stillLoading(elapsed: clock.elapsed), priority: .progress, &state.announcement)
        out.append(.schedule(.catalogueStillLoading, afterSeconds: clock.interval))
    }

    private func stopClock(_ state: inout ReaderState, _ out: inout Announcer) {
        guard state.stillLoading != nil else { return }
        state.stillLoading = nil
        out.append(.cancelTimer(.catalogueStillLoading))
    }

    private func loading(_ state: inout ReaderState, _ out: inout Announcer) {
        if case .loaded(let catalogue) = state.catalogue {
            state.focusToRestore = navigator.focusedElement(state)?.id
            state.reloadContext = navigator.reloadContext(catalogue, state)
        }
        state.catalogue = .loading
        state.focus[.formations] = 0
        if state.tab == .formations { navigator.popToRoot(&state) }
        navigator.announceIfVisible(.formations, &state, &out)
    }

    private func failed(_ message: String, _ state: inout ReaderState, _ out: inout Announcer) {
        state.catalogue = .failed(message: message)
        navigator.popToRoot(&state, tab: .formations)
        state.focus[.formations] = 1 // "Réessayer", as story 2.4's ErrorView puts it under the message
        out.error("catalogue", message, &state.announcement)
        navigator.announceIfVisible(.formations, &state, &out)
    }

    private func loaded(_ catalogue: Catalogue, warnings: [CatalogueWarning], _ state: inout ReaderState, _ out: inout Announcer) {
        let strings = navigator.strings
        // A refresh that sets the same records aside says nothing new: the warnings were heard.
        if warnings != state.catalogueWarnings {
            for warning in warnings { out.notice("catalogue.skipped", records.message(for: warning), priority: .notice, &state.announcement) }
        }
        state.catalogueWarnings = warnings
        // Keep the filter and the focused element where they still exist (pull-to-refresh).
        let previousFocusId = state.focusToRestore ?? navigator.focusedElement(state)?.id
        let context = state.reloadContext ?? {
            if case .loaded(let old) = state.catalogue { return navigator.reloadContext(old, state) } else { return nil }
        }()
        state.focusToRestore = nil
        state.reloadContext = nil
        state.catalogue = .loaded(catalogue)
        var dropped: [String] = []
        if let filter = state.filter, catalogue.category(filter) == nil {
            state.filter = nil
            if let name = context?.filterName { dropped.append(strings(.reloadFilterDropped, ["name": name])) }
        }
        for (id, title) in (context?.openFormations ?? [:]).sorted(by: { $0.key < $1.key }) where catalogue.formation(id: id) == nil {
            dropped.append(strings(.reloadFormationGone, ["title": title]))
        }
        for tab in Tab.allCases {
            state.stacks[tab] = state.stacks[tab]?.filter { screen in
                if case .detail(let id) = screen { return catalogue.formation(id: id) != nil }
                return true
            }
        }
        let list = navigator.builder.screen(.formations, state: state)
        if let previousFocusId, let index = list.elements.index(ofId: previousFocusId) {
            state.focus[.formations] = index
        } else {
            state.focus[.formations] = min(state.focus[.formations] ?? 0, max(list.elements.count - 1, 0))
        }
        out.notice("loaded", strings(.noticeCatalogueLoaded, ["count": String(catalogue.formations.count)]), priority: .notice, &state.announcement)
        for message in dropped { out.notice("reload.dropped", message, priority: .notice, &state.announcement) }
        navigator.announceIfVisible(.formations, &state, &out)
    }
}

/// While a load goes on: how long a silence lasts before « still loading », and the seconds
/// since the load began as of the last thing said.
public struct StillLoadingClock: Hashable, Sendable {
    public var interval: Double
    public var elapsed: Double
}
