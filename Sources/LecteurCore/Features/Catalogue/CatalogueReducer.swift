// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Catalogue loading, a child of the reader that owns its slice (`CatalogueState`): what a source
/// reports (`CatalogueEvent`) becomes the catalogue's state, the notices about retries, the
/// offline copy and the records set aside, and « still loading » after a silence (its own timer,
/// so a store test pins it). What the list does when the catalogue changes (its focus, the
/// filter, the open formations) is navigation's: the child says what changed (`Delegate`) and the
/// root lets the list follow (`Reader.handle`).
struct CatalogueReducer: Sendable {
    let strings: Strings
    let fetch: CatalogueFetchMessages
    let records: CatalogueMessages

    init(strings: Strings, timeZone: TimeZone) {
        self.strings = strings
        fetch = CatalogueFetchMessages(strings: strings, timeZone: timeZone)
        records = CatalogueMessages(strings: strings)
    }

    /// What an event did to the catalogue, for the list to follow.
    enum Delegate: Equatable {
        /// A load began (the catalogue is `.loading`); `previous` is the catalogue the list showed.
        /// Its « still loading » clock starts once the list has been announced (`startClock`).
        case began(previous: CatalogueStatus, stillLoadingAfter: Double?)
        /// A catalogue arrived, and was said; `context` is what the reload may have taken away,
        /// as remembered when it began (nil: the load was not a reload of a shown list).
        case loaded(previous: CatalogueStatus, context: ReloadContext?)
        /// The load failed, and was said.
        case failed
    }

    /// What a source reported (the entry's `.event`).
    func receive(_ event: CatalogueEvent, _ state: inout CatalogueState) -> ChildOutput<Delegate> {
        switch event {
        case .loading(let stillLoadingAfter):
            let previous = state.status
            state.status = .loading
            return ChildOutput(delegates: [.began(previous: previous, stillLoadingAfter: stillLoadingAfter)])
        case .attemptFailed(let error, let next, let total, let delay, let elapsed):
            var out = ChildOutput<Delegate>()
            out.notice("retry", fetch.retryNotice(after: error, delay: delay, nextAttempt: next, totalAttempts: total),
                       kind: .progress)
            // Something was just said: the silence before « still loading » starts again.
            if var clock = state.stillLoading {
                clock.elapsed = elapsed
                state.stillLoading = clock
                out.append(.schedule(.catalogueStillLoading, afterSeconds: clock.interval))
            }
            return out
        case .loaded(let catalogue, let warnings, .live):
            var out = stopClock(&state)
            out.merge(loaded(catalogue, warnings: warnings, &state))
            return out
        case .loaded(let catalogue, let warnings, .offlineCopy(let error, let fetchedAt, let now)):
            var out = stopClock(&state)
            // Why the live data is missing first, then how old the copy is.
            out.error(error.code, fetch.message(for: error))
            out.notice("offline", fetch.offlineNotice(fetchedAt: fetchedAt, now: now), kind: .notice)
            out.merge(loaded(catalogue, warnings: warnings, &state))
            return out
        case .failed(let fault):
            var out = stopClock(&state)
            state.status = .failed(fault)
            out.error("catalogue", fetch.message(for: fault))
            out.delegates.append(.failed)
            return out
        }
    }

    /// A load began and the list was announced: the silence before « still loading » starts (or,
    /// for a load that never says it, a clock of an earlier load stops).
    func startClock(after stillLoadingAfter: Double?, _ state: inout CatalogueState) -> ChildOutput<Delegate> {
        guard let stillLoadingAfter else { return stopClock(&state) }
        state.stillLoading = StillLoadingClock(interval: stillLoadingAfter, elapsed: 0)
        return ChildOutput([.effect(.schedule(.catalogueStillLoading, afterSeconds: stillLoadingAfter))])
    }

    /// The silence after the last notice of a load has lasted its interval: say it goes on.
    func stillLoadingRang(_ state: inout CatalogueState) -> ChildOutput<Delegate> {
        guard var clock = state.stillLoading, state.status == .loading else { return ChildOutput() }
        clock.elapsed += clock.interval
        state.stillLoading = clock
        var out = ChildOutput<Delegate>()
        out.notice("still-loading", fetch.stillLoading(elapsed: clock.elapsed), kind: .progress)
        out.append(.schedule(.catalogueStillLoading, afterSeconds: clock.interval))
        return out
    }

    private func stopClock(_ state: inout CatalogueState) -> ChildOutput<Delegate> {
        guard state.stillLoading != nil else { return ChildOutput() }
        state.stillLoading = nil
        return ChildOutput([.effect(.cancelTimer(.catalogueStillLoading))])
    }

    private func loaded(_ catalogue: Catalogue, warnings: [CatalogueWarning],
                        _ state: inout CatalogueState) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        // A refresh that sets the same records aside says nothing new: the warnings were heard.
        if warnings != state.warnings {
            for warning in warnings { out.notice("catalogue.skipped", records.message(for: warning), kind: .notice) }
        }
        state.warnings = warnings
        out.delegates.append(.loaded(previous: state.status, context: state.reloadContext))
        state.reloadContext = nil
        state.status = .loaded(catalogue)
        if state.countSaidAfterList {
            state.countSaidAfterList = false
        } else {
            out.notice("loaded", countNotice(catalogue), kind: .notice)
        }
        return out
    }

    /// « N formations chargées. »
    func countNotice(_ catalogue: Catalogue) -> String {
        strings(.noticeCatalogueLoaded, ["count": String(catalogue.formations.count)])
    }
}
