import Foundation

public enum Tab: String, Hashable, Sendable, CaseIterable {
    case formations, morse
}

/// The catalogue's loading state (story 2.4's LoadingState).
public enum CatalogueState: Hashable, Sendable {
    case loading
    case loaded(Catalogue)
    case failed(message: String)
}

/// Learning progress of one Morse symbol.
public struct SymbolProgress: Hashable, Sendable {
    public let attempts: Int
    public let correct: Int
    public init(attempts: Int, correct: Int) {
        self.attempts = attempts
        self.correct = correct
    }
    /// Whole percent of right answers, 0 for a symbol never practised.
    public var percent: Int { attempts == 0 ? 0 : Int((Double(correct) * 100 / Double(attempts)).rounded()) }
}

public enum Verbosity: String, Hashable, Sendable, CaseIterable {
    case full, brief
}

/// Everything the navigator decides from; the runtime holds one and feeds it actions.
public struct ReaderState: Hashable, Sendable {
    public var catalogue: CatalogueState
    public var tab: Tab = .formations
    /// One navigation stack per tab, as each iOS tab keeps its own NavigationStack.
    public var stacks: [Tab: [ScreenID]] = [.formations: [.formations], .morse: [.morse]]
    public var filter: CategoryKey?
    /// Focus index (0-based) remembered per screen, so "back" lands where the user left.
    public var focus: [ScreenID: Int] = [:]
    public var morseProgress: [String: SymbolProgress] = [:]
    public var verbosity: Verbosity = .full
    /// The element focused on the list when a reload began, to focus it again if it still exists.
    public var focusToRestore: String?

    public init(catalogue: CatalogueState = .loading) {
        self.catalogue = catalogue
    }

    public var currentScreenID: ScreenID { stacks[tab]?.last ?? (tab == .formations ? .formations : .morse) }

    public var focusIndex: Int { focus[currentScreenID] ?? 0 }
}
