// SPDX-License-Identifier: GPL-3.0-or-later
/// Navigation's step when the catalogue changes (`CatalogueReducer.Change`): the list of
/// formations follows it — from its top while it loads, on « Réessayer » when it failed, and
/// after a reload on the element focused before, with the filter and the open formations kept
/// where they still exist (pull-to-refresh). The root runs it after the loading slice changed.
extension Navigator {
    /// A load began: the list shows the loading from its top.
    func listLoading(_ state: inout ReaderState, _ out: inout Announcer) {
        state.navigation.focus[.formations] = 0
        if state.navigation.tab == .formations { popToRoot(&state) }
        announceListIfShown(&state, &out)
    }

    /// The load failed: the message, with « Réessayer » focused under it, as story 2.4's
    /// ErrorView puts it.
    func listFailed(_ state: inout ReaderState, _ out: inout Announcer) {
        popToRoot(&state, tab: .formations)
        state.navigation.focus[.formations] = 1
        announceListIfShown(&state, &out)
    }

    /// A catalogue arrived (it is in the state): the list keeps the filter, the open formations
    /// and the focused element where they still exist, and says what the reload took away.
    /// `previous` is the catalogue the list showed before, `context` what was remembered of it
    /// when the reload began.
    func listLoaded(previous: CatalogueState, context: ReloadContext?, _ state: inout ReaderState, _ out: inout Announcer) {
        guard case .loaded(let catalogue) = state.loading.catalogue else { return }
        let previousFocusId = state.navigation.focusToRestore ?? focusedElement(in: previous, state)?.id
        let context = context ?? {
            if case .loaded(let old) = previous { return reloadContext(old, state) } else { return nil }
        }()
        state.navigation.focusToRestore = nil
        var dropped: [String] = []
        if let filter = state.navigation.filter, catalogue.category(filter) == nil {
            state.navigation.filter = nil
            if let name = context?.filterName { dropped.append(strings(.reloadFilterDropped, ["name": name])) }
        }
        for (id, title) in (context?.openFormations ?? [:]).sorted(by: { $0.key < $1.key }) where catalogue.formation(id: id) == nil {
            dropped.append(strings(.reloadFormationGone, ["title": title]))
        }
        for tab in Tab.allCases {
            state.navigation.stacks[tab] = state.navigation.stacks[tab]?.filter { screen in
                if case .detail(let id) = screen { return catalogue.formation(id: id) != nil }
                return true
            }
        }
        let list = builder.screen(.formations, state: state)
        if let previousFocusId, let index = list.elements.index(ofId: previousFocusId) {
            state.navigation.focus[.formations] = index
        } else {
            state.navigation.focus[.formations] = state.navigation.clampedFocus(on: list)
        }
        for message in dropped { out.notice("reload.dropped", message, priority: .notice, &state.announcement) }
        announceListIfShown(&state, &out)
    }

    /// What a reload of `catalogue` may take away: the filter's name and the open formations' titles.
    func reloadContext(_ catalogue: Catalogue, _ state: ReaderState) -> ReloadContext {
        var context = ReloadContext(filterName: state.navigation.filter.flatMap { catalogue.category($0) }?.name)
        for case .detail(let id) in state.navigation.stacks[.formations] ?? [] {
            if let formation = catalogue.formation(id: id) { context.openFormations[id] = formation.title }
        }
        return context
    }

    /// The element focused on the list of `catalogue`, kept focused across a reload.
    func focusedElement(in catalogue: CatalogueState, _ state: ReaderState) -> Element? {
        let screen = builder.formationsScreen(catalogue, filter: state.navigation.filter)
        let index = state.navigation.focus[.formations] ?? 0
        return screen.elements.indices.contains(index) ? screen.elements[index] : nil
    }

    private func announceListIfShown(_ state: inout ReaderState, _ out: inout Announcer) {
        if state.navigation.tab == .formations { announceFocus(&state, &out) }
    }
}
