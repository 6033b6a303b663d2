import Foundation

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
        let navigator = self.navigator
        var state = ReaderState(catalogue: .loaded(catalogue))
        state.morseProgress = progress
        let morseProgress = state.morseProgress
        // What to build, in report order; built in parallel below (screens share nothing).
        struct Job {
            let make: () -> Screen
            let filter: String?
            let path: String
        }
        var jobs: [Job] = []
        jobs.append(Job(make: { builder.formationsScreen(.loaded(catalogue), filter: nil) }, filter: nil, path: "formations"))
        for category in catalogue.categories {
            jobs.append(Job(make: { builder.formationsScreen(.loaded(catalogue), filter: category.key) }, filter: category.name,
                            path: "formations?filter=\(Self.pathComponent(category.key))"))
        }
        for formation in catalogue.formations {
            jobs.append(Job(make: { builder.detailScreen(formation) }, filter: nil, path: "detail/\(formation.id)"))
        }
        jobs.append(Job(make: { builder.morseScreen(progress: morseProgress) }, filter: nil, path: "morse"))
        for symbol in builder.alphabet.symbols {
            jobs.append(Job(make: { builder.symbolScreen(symbol, progress: morseProgress[symbol.id]) }, filter: nil,
                            path: "symbol/\(symbol.id)"))
        }
        if includeLoadingAndError {
            jobs.append(Job(make: { builder.formationsScreen(.loading, filter: nil) }, filter: nil, path: "loading"))
            jobs.append(Job(make: { builder.formationsScreen(.failed(message: navigator.strings(.catalogueDecoding)), filter: nil) },
                            filter: nil, path: "error"))
        }
        func entry(_ job: Job) -> AuditReport.ScreenEntry {
            let screen = job.make()
            let entries = screen.elements.enumerated().map { offset, element in
                let composed = navigator.speech.compose(element, verbosity: verbosity)
                return AuditReport.Entry(index: offset + 1, element: element, speech: navigator.spoken(composed),
                                         composedSpeech: composed, braille: navigator.braille.line(element))
            }
            return .init(screen: screen.code, title: screen.title, filter: job.filter, entries: entries, path: job.path)
        }
        return AuditReport(screens: ParallelMap.map(jobs, entry))
    }

    /// "1" for the server's category 1, "machine-learning" for a category known by name only.
    static func pathComponent(_ key: CategoryKey) -> String {
        key.raw.hasPrefix("#") ? String(key.raw.dropFirst()) : key.raw.replacingOccurrences(of: " ", with: "-")
    }
}

/// Maps in parallel over the machine's cores, keeping the order: the walk of a large catalogue
/// builds a hundred thousand independent screens.
enum ParallelMap {
    static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard items.count >= 64 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        let chunks = ProcessInfo.processInfo.activeProcessorCount * 8
        let size = (items.count + chunks - 1) / chunks
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedSendable(slots)
            let input = UncheckedSendable(items)
            withoutActuallyEscaping(transform) { transform in
                let work = UncheckedSendable(transform)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let lower = chunk * size, upper = min(input.value.count, lower + size)
                    guard lower < upper else { return }
                    for i in lower..<upper { slots.value[i] = work.value(input.value[i]) }
                }
            }
        }
        return results.map { $0! }
    }
}

/// Each worker writes only its own slots of the buffer.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
