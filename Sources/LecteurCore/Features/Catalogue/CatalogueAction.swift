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

    /// The catalogue's one entry: its slice in; what it says and what changed out, as a value
    /// (issue 47), the delegates for the list to follow.
    func reduce(_ action: Action, _ state: inout CatalogueState) -> ChildOutput<Delegate> {
        switch action {
        case .event(let event): return receive(event, &state)
        case .stillLoadingRang: return stillLoadingRang(&state)
        case .startClock(let after): return startClock(after: after, &state)
        }
    }
}
