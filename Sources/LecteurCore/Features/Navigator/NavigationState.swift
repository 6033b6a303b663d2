// SPDX-License-Identifier: GPL-3.0-or-later
/// Where the user is in the reader: `Navigator`'s slice of the state (the tab, each tab's
/// stack of screens, the filter, the focus per screen, the last search and the review cursor).
public struct NavigationState: Hashable, Sendable {
    public var tab: Tab = .formations
    /// One navigation stack per tab, as each iOS tab keeps its own NavigationStack.
    public var stacks: [Tab: [ScreenID]] = [.formations: [.formations], .morse: [.morse]]
    public var filter: CategoryKey?
    /// Focus index (0-based) remembered per screen, so "back" lands where the user left.
    public var focus: [ScreenID: Int] = [:]
    /// The element focused on the list when a reload began, to focus it again if it still exists.
    public var focusToRestore: String?
    /// The text of the last search, for `chercher` alone.
    public var lastSearch: String?
    /// The review cursor inside the focused element; it starts at the element's first character
    /// whenever the focus is on another element than the one it was moved in.
    public var review: ReviewPosition?

    public init() {}

    public var currentScreenID: ScreenID { stacks[tab]?.last ?? (tab == .formations ? .formations : .morse) }

    public var focusIndex: Int { focus[currentScreenID] ?? 0 }

    /// The focus on `screen`, kept inside its elements (a list that shrank on a reload or a
    /// filter leaves a remembered index past its end): the one clamp every child uses.
    func clampedFocus(on screen: Screen) -> Int {
        min(max(focus[screen.id] ?? 0, 0), max(screen.elements.count - 1, 0))
    }
}
