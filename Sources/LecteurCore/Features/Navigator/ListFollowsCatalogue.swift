// SPDX-License-Identifier: GPL-3.0-or-later
/// Navigation's step when the catalogue changes (`CatalogueReducer.Change`): the list of
/// formations follows it — from its top while it loads, on « Réessayer » when it failed, and
/// after a reload on the element focused before, with the filter and the open formations kept
/// where they still exist (pull-to-refresh). The root runs it after the catalogue slice changed.
extension Navigator {
    /// A load began: the list shows the loading from its top.
    func listLoading(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        nav.focus[.formations] = 0
        if nav.tab == .formations { popToRoot(&nav) }
        announceListIfShown(context, &nav, &out)
    }

    /// The load failed: the message, with « Réessayer » focused under it, as story 2.4's
    /// ErrorView puts it.
    func listFailed(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        popToRoot(&nav, tab: .formations)
        nav.focus[.formations] = 1
        announceListIfShown(context, &nav, &out)
    }

    /// A catalogue arrived (it is in the state): the list keeps the filter, the open formations
    /// and the focused element where they still exist, and says what the reload took away.
    /// `previous` is the catalogue the list showed before, `context` what was remembered of it
    /// when the reload began.
    func listLoaded(previous: CatalogueStatus, context reload: ReloadContext?, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        guard case .loaded(let catalogue) = context.catalogue else { return }
        let previousFocusId = nav.focusToRestore ?? focusedElement(in: previous, nav)?.id
        let reload = reload ?? {
            if case .loaded(let old) = previous { return reloadContext(old, nav) } else { return nil }
        }()
        nav.focusToRestore = nil
        var dropped: [String] = []
        if let filter = nav.filter, catalogue.category(filter) == nil {
            nav.filter = nil
            if let name = reload?.filterName { dropped.append(strings(.reloadFilterDropped, ["name": name])) }
        }
        for (id, title) in (reload?.openFormations ?? [:]).sorted(by: { $0.key < $1.key }) where catalogue.formation(id: id) == nil {
            dropped.append(strings(.reloadFormationGone, ["title": title]))
        }
        for tab in Tab.allCases {
            nav.stacks[tab] = nav.stacks[tab]?.filter { screen in
                if case .detail(let id) = screen { return catalogue.formation(id: id) != nil }
                return true
            }
        }
        let list = builder.screen(.formations, filter: nav.filter, context)
        if let previousFocusId, let index = list.elements.index(ofId: previousFocusId) {
            nav.focus[.formations] = index
        } else {
            nav.focus[.formations] = nav.clampedFocus(on: list)
        }
        for message in dropped { out.notice("reload.dropped", message, kind: .notice) }
        announceListIfShown(context, &nav, &out)
    }

    /// What a reload of `catalogue` may take away: the filter's name and the open formations' titles.
    func reloadContext(_ catalogue: Catalogue, _ nav: NavigationState) -> ReloadContext {
        var context = ReloadContext(filterName: nav.filter.flatMap { catalogue.category($0) }?.name)
        for case .detail(let id) in nav.stacks[.formations] ?? [] {
            if let formation = catalogue.formation(id: id) { context.openFormations[id] = formation.title }
        }
        return context
    }

    /// The element focused on the list of `catalogue`, kept focused across a reload.
    func focusedElement(in catalogue: CatalogueStatus, _ nav: NavigationState) -> Element? {
        let screen = builder.formationsScreen(catalogue, filter: nav.filter)
        let index = nav.focus[.formations] ?? 0
        return screen.elements.indices.contains(index) ? screen.elements[index] : nil
    }

    private func announceListIfShown(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        if nav.tab == .formations { announceFocus(context, &nav, &out) }
    }
}
