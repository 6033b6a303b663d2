// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// What the audit looks at, element by element: the auditor's view of the product.
public enum AuditReport {
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
}

/// Walks the reachable states: the formations list under every filter, every detail screen,
/// the Morse list and every symbol card, then the loading state and the error state of the
/// formations list (story 2.4), which every start and every failed load show. They come last so
/// that the catalogue's screens keep their positions.
public struct AuditWalker: Sendable {
    public let navigator: Navigator

    public init(navigator: Navigator) { self.navigator = navigator }

    /// The screens to visit, in report order, each built only when asked for.
    public func plan(catalogue: Catalogue, progress: [String: SymbolProgress] = [:],
                     includeLoadingAndError: Bool = true) -> AuditPlan {
        let builder = navigator.builder
        var state = ReaderState(catalogue: .loaded(catalogue))
        state.morseProgress = progress
        let morseProgress = state.morseProgress
        var steps: [AuditPlan.Step] = []
        steps.append(.init(filter: nil, path: "formations") { builder.formationsScreen(.loaded(catalogue), filter: nil) })
        for category in catalogue.categories {
            steps.append(.init(filter: category.name, path: "formations?filter=\(Self.pathComponent(category.key))") {
                builder.formationsScreen(.loaded(catalogue), filter: category.key)
            })
        }
        for formation in catalogue.formations {
            steps.append(.init(filter: nil, path: "detail/\(formation.id)") { builder.detailScreen(formation) })
        }
        steps.append(.init(filter: nil, path: "morse") { builder.morseScreen(progress: morseProgress) })
        for symbol in builder.alphabet.symbols {
            steps.append(.init(filter: nil, path: "symbol/\(symbol.id)") {
                builder.symbolScreen(symbol, progress: morseProgress[symbol.id])
            })
        }
        if includeLoadingAndError {
            steps.append(.init(filter: nil, path: "loading") { builder.formationsScreen(.loading, filter: nil) })
            steps.append(.init(filter: nil, path: "error") {
                // The message the reader shows for a catalogue it cannot decode.
                builder.formationsScreen(.failed(.file(.malformedJSON(nil))),
                                         filter: nil)
            })
        }
        return AuditPlan(steps: steps)
    }

    /// "1" for the server's category 1, "machine-learning" for a category known by name only.
    static func pathComponent(_ key: CategoryKey) -> String {
        key.raw.hasPrefix("#") ? String(key.raw.dropFirst()) : key.raw.replacingOccurrences(of: " ", with: "-")
    }
}

/// The screens an audit visits, in report order.
public struct AuditPlan: Sendable {
    public struct Step: Sendable {
        /// The active category filter's name for a filtered formations list.
        public let filter: String?
        /// The screen's stable name in reports ("formations?filter=1", "detail/3", "symbol/A").
        public let path: String
        public let make: @Sendable () -> Screen

        init(filter: String?, path: String, make: @escaping @Sendable () -> Screen) {
            self.filter = filter
            self.path = path
            self.make = make
        }
    }

    public let steps: [Step]
}

extension Navigator {
    /// What the reader says and shows for an element at `index` (1-based) of its screen: the
    /// speech text exactly as handed to espeak-ng, the same before the lexicon, the braille line.
    public func auditEntry(_ element: Element, index: Int, verbosity: Verbosity) -> AuditReport.Entry {
        let composed = speech.compose(element, verbosity: verbosity)
        return AuditReport.Entry(index: index, element: element, speech: spoken(composed),
                                 composedSpeech: composed, braille: braille.line(element))
    }
}
