// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurLocales

enum Fixture {
    static let fr = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
    static let en = Strings(localeCode: "en", table: LocaleResources.table(locale: "en")!)
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let navigator = Navigator(strings: fr, timeZone: paris)
    static let reader = Reader(strings: fr, timeZone: paris)
    static let builtIn = BuiltInCatalogue.load()

    static func decode(_ json: String) throws -> DecodedCatalogue {
        try CatalogueDecoder.decode(Data(json.utf8))
    }

    /// A state with the built-in catalogue loaded and its first announcement made (the load's
    /// effects and change of state asserted by the store): the « Toutes » filter chip focused.
    static func loadedState(_ catalogue: Catalogue = builtIn, sourceLocation: SourceLocation = #_sourceLocation) -> ReaderState {
        let chips = Set(catalogue.formations.compactMap(\.category?.name)).count + 1
        return ReaderTestStore.loaded(catalogue, first: "Toutes, sélectionné, bouton, filtre 1 sur \(chips)",
                                      sourceLocation: sourceLocation).state
    }

    static func formation(_ id: Int, _ title: String, category: FormationCategory?, price: Decimal = 100) -> Formation {
        Formation(id: id, title: title, description: "", duration: "1 jour", level: "Débutant", price: price,
                  nextSession: nil, category: category)
    }
}

extension Array where Element == Effect {
    var focused: LecteurCore.Element? {
        for effect in self { if case .focus(let report) = effect { return report.element } }
        return nil
    }
    var focusReport: FocusReport? {
        for effect in self { if case .focus(let report) = effect { return report } }
        return nil
    }
    var spoken: [String] {
        compactMap { if case .speak(let utterance) = $0 { return utterance.text } else { return nil } }
    }
    var notices: [String] {
        compactMap { if case .notice(_, let message, _, _) = $0 { return message } else { return nil } }
    }
    var errors: [String] {
        compactMap { if case .error(_, let message, _) = $0 { return message } else { return nil } }
    }
}

extension SeededRandom {
    /// One of `items`, at random.
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}
