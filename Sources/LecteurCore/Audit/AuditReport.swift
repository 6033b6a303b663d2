/// Every element a user can reach, screen by screen, with what the reader says and shows for it:
/// the auditor's view of the product.
public struct AuditReport: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let index: Int
        public let element: Element
        /// Exactly what the reader hands to espeak-ng (after its pronunciation lexicon).
        public let speech: String
        /// The same before Lecteur's lexicon: what a screen reader without it would be given for
        /// this element. The speech-trap rules look here, since the label itself carries the trap.
        public let composedSpeech: String
        public let braille: BrailleLine

        public init(index: Int, element: Element, speech: String, composedSpeech: String? = nil, braille: BrailleLine) {
            self.composedSpeech = composedSpeech ?? speech
            self.index = index
            self.element = element
            self.speech = speech
            self.braille = braille
        }
    }

    public struct ScreenEntry: Hashable, Sendable {
        public let screen: String
        public let title: String
        /// The active category filter for the formations list, nil elsewhere and for "Toutes".
        public let filter: String?
        public let entries: [Entry]
        /// A stable, unique name for the screen in reports ("formations?filtre=#1", "detail/3",
        /// "symbol/A"): what axe-core's `target` and JUnit's test names point at.
        public let path: String

        public init(screen: String, title: String, filter: String?, entries: [Entry], path: String? = nil) {
            self.screen = screen
            self.title = title
            self.filter = filter
            self.entries = entries
            self.path = path ?? screen
        }
    }

    public let screens: [ScreenEntry]

    public init(screens: [ScreenEntry]) { self.screens = screens }

    public var elementCount: Int { screens.reduce(0) { $0 + $1.entries.count } }
}

/// Walks the reachable states: the formations list under every filter, every detail screen,
/// the Morse list and every symbol card, then the loading state and the error state of the
/// formations list (story 2.4), which every start and every failed load show. They come last so
/// that the catalogue's screens keep their positions.
public struct AuditWalker: Sendable {
    public let navigator: Navigator

    public init(navigator: Navigator) { self.navigator = navigator }

    public func walk(catalogue: Catalogue, progress: [String: SymbolProgress] = [:],
                     verbosity: Verbosity = .full, includeLoadingAndError: Bool = true) -> AuditReport {
        let builder = navigator.builder
        var state = ReaderState(catalogue: .loaded(catalogue))
        state.morseProgress = progress
        var screens: [AuditReport.ScreenEntry] = []
        func add(_ screen: Screen, filter: String? = nil, path: String) {
            let entries = screen.elements.enumerated().map { offset, element in
                AuditReport.Entry(index: offset + 1, element: element,
                                  speech: navigator.spoken(navigator.speech.compose(element, verbosity: verbosity)),
                                  composedSpeech: navigator.speech.compose(element, verbosity: verbosity),
                                  braille: navigator.braille.line(element))
            }
            screens.append(.init(screen: screen.code, title: screen.title, filter: filter, entries: entries, path: path))
        }
        add(builder.formationsScreen(.loaded(catalogue), filter: nil), path: "formations")
        for category in catalogue.categories {
            add(builder.formationsScreen(.loaded(catalogue), filter: category.key), filter: category.name,
                path: "formations?filter=\(Self.pathComponent(category.key))")
        }
        for formation in catalogue.formations {
            add(builder.detailScreen(formation), path: "detail/\(formation.id)")
        }
        add(builder.morseScreen(progress: state.morseProgress), path: "morse")
        for symbol in builder.alphabet.symbols {
            add(builder.symbolScreen(symbol, progress: state.morseProgress[symbol.id]), path: "symbol/\(symbol.id)")
        }
        if includeLoadingAndError {
            add(builder.formationsScreen(.loading, filter: nil), path: "loading")
            add(builder.formationsScreen(.failed(message: navigator.strings(.catalogueDecoding)), filter: nil), path: "error")
        }
        return AuditReport(screens: screens)
    }

    /// "1" for the server's category 1, "machine-learning" for a category known by name only.
    static func pathComponent(_ key: CategoryKey) -> String {
        key.raw.hasPrefix("#") ? String(key.raw.dropFirst()) : key.raw.replacingOccurrences(of: " ", with: "-")
    }
}
