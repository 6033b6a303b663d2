// SPDX-License-Identifier: GPL-3.0-or-later
extension CatalogueReducer {
    /// What the root asks of the catalogue's child.
    enum Action {
        /// What a source reported.
        case event(CatalogueEvent)
        /// The silence after a load's last notice lasted its interval (`TimerID.catalogueStillLoading`).
        case stillLoadingRang
        /// A load began and the list was announced: the silence before « still loading » starts.
        case startClock(after: Double?)
    }

    /// The catalogue's one entry: its slice and the output; what changed comes back as
    /// delegates, for the list to follow.
    func reduce(_ action: Action, _ state: inout CatalogueState, _ out: inout Announcer) -> [Delegate] {
        switch action {
        case .event(let event): return reduce(event, &state, &out)
        case .stillLoadingRang: stillLoadingRang(&state, &out)
        case .startClock(let after): startClock(after: after, &state, &out)
        }
        return []
    }
}
