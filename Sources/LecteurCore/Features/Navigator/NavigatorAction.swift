// SPDX-License-Identifier: GPL-3.0-or-later
extension Navigator {
    /// What the root asks of navigation: a command mapped to it, or the step another child's
    /// change calls for (the list follows the catalogue, a screen of its own opens).
    enum Action {
        case move(FocusMove)
        case activate
        case back
        /// The focused element said and shown again (`répéter`, after a screen opened).
        case announceFocus
        case whereAmI
        case jump(ItemKind, forward: Bool)
        case go(Int)
        case find(String?)
        case tab(Tab)
        case filter(String?)
        case help(topic: String)
        /// A screen of its own (« Réglages », « Aide », a long answer) on the tab's stack; what
        /// is said of it is another action (`announceFocus`, `showScreen`).
        case open(ScreenID)
        /// The screen opened, shown with its size, its focus reported (a long answer).
        case showScreen
        /// `tout lire`'s step: the next element focused and read, or the screen ended.
        case readNext
        case listLoading
        case listLoaded(previous: CatalogueStatus, context: ReloadContext?)
        case listFailed
    }

    /// Navigation's one entry: its slice and what it reads of the rest (`NavigationContext`) in;
    /// what it says, shows and asks of the rest out, as a value (issue 47: the root feeds it to
    /// the announcement policy).
    func reduce(_ action: Action, _ nav: inout NavigationState, _ context: NavigationContext) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        switch action {
        case .move(let move): self.move(move, context, &nav, &out)
        case .activate: out.delegates = activateFocus(context, &nav, &out)
        case .back: goBack(context, &nav, &out)
        case .announceFocus: announceFocus(context, &nav, &out)
        case .whereAmI: sayWhereAmI(context, &nav, &out)
        case .jump(let kind, let forward): jump(kind, forward: forward, context, &nav, &out)
        case .go(let number): go(number, context, &nav, &out)
        case .find(let text): find(text, context, &nav, &out)
        case .tab(let tab): switchTab(to: tab, context, &nav, &out)
        case .filter(let name): applyFilter(named: name, context, &nav, &out)
        case .help(let topic): help(topic, context, &nav, &out)
        case .open(let screen): open(screen, &nav)
        case .showScreen: showScreen(context, &nav, &out)
        case .readNext: if !readNext(context, &nav, &out) { out.delegates = [.screenEnded] }
        case .listLoading: listLoading(context, &nav, &out)
        case .listLoaded(let previous, let reload): listLoaded(previous: previous, context: reload, context, &nav, &out)
        case .listFailed: listFailed(context, &nav, &out)
        }
        return out
    }
}
