// SPDX-License-Identifier: GPL-3.0-or-later
/// The catalogue and its loading: `CatalogueReducer`'s slice of the reader's state.
public struct CatalogueState: Equatable, Sendable {
    /// Loading, loaded, or why it could not be read.
    public var status: CatalogueStatus
    /// What a reload may take away (the filter's and the open formations' names), to say so.
    public var reloadContext: ReloadContext?
    /// The warnings of the last catalogue load, so that a refresh does not repeat them.
    public var warnings: [CatalogueWarning] = []
    /// While a load that says « still loading » goes on: its clock.
    public var stillLoading: StillLoadingClock?
    /// The next load's « N formations chargées » is said by the root after the list's first
    /// element (start-up beside a screen reader on a terminal), not before it.
    public var countSaidAfterList = false

    public init(status: CatalogueStatus = .loading) {
        self.status = status
    }
}

/// While a load goes on: how long a silence lasts before « still loading », and the seconds
/// since the load began as of the last thing said.
public struct StillLoadingClock: Hashable, Sendable {
    public var interval: Double
    public var elapsed: Double
}

/// Where the catalogue is: loading, loaded, or why it could not be read (typed, worded where it
/// is said or shown).
public enum CatalogueStatus: Hashable, Sendable {
    case loading
    case loaded(Catalogue)
    case failed(CatalogueFault)
}

/// What the list showed when a reload began, so that what the reload takes away can be said.
public struct ReloadContext: Hashable, Sendable {
    public var filterName: String?
    /// Formations open in a detail screen, by id, with their titles.
    public var openFormations: [Int: String] = [:]
}
