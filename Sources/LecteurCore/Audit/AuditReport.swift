/// Every element a user can reach, screen by screen, with what the reader says and shows for it:
/// the auditor's view of the product.
public struct AuditReport: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let index: Int
        public let element: Element
        public let speech: String
        public let braille: BrailleLine
    }

    public struct ScreenEntry: Hashable, Sendable {
        public let screen: String
        public let title: String
        /// The active category filter for the formations list, nil elsewhere and for "Toutes".
        public let filter: String?
        public let entries: [Entry]
    }

    public let screens: [ScreenEntry]

    public var elementCount: Int { screens.reduce(0) { $0 + $1.entries.count } }
}

/// Walks the reachable states: the formations list under every filter, every detail screen,
/// the Morse list and every symbol card.
public struct AuditWalker: Sendable {
    public let navigator: Navigator

    public init(navigator: Navigator) { self.navigator = navigator }

    public func walk(catalogue: Catalogue, progress: [String: SymbolProgress] = [:],
                     verbosity: Verbosity = .full) -> AuditReport {
        let builder = navigator.builder
        var state = ReaderState(catalogue: .loaded(catalogue))
        state.morseProgress = progress
        var screens: [AuditReport.ScreenEntry] = []
        func add(_ screen: Screen, filter: String? = nil) {
            let entries = screen.elements.enumerated().map { offset, element in
                AuditReport.Entry(index: offset + 1, element: element,
                                  speech: navigator.spoken(navigator.composer.compose(element, verbosity: verbosity)),
                                  braille: BrailleLine.compose(element, strings: navigator.strings))
            }
            screens.append(.init(screen: screen.code, title: screen.title, filter: filter, entries: entries))
        }
        add(builder.formationsScreen(.loaded(catalogue), filter: nil))
        for category in catalogue.categories {
            add(builder.formationsScreen(.loaded(catalogue), filter: category.key), filter: category.name)
        }
        for formation in catalogue.formations { add(builder.detailScreen(formation)) }
        add(builder.morseScreen(progress: state.morseProgress))
        for symbol in builder.alphabet.symbols {
            add(builder.symbolScreen(symbol, progress: state.morseProgress[symbol.id]))
        }
        return AuditReport(screens: screens)
    }
}
