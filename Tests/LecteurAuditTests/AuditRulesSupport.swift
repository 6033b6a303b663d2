// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
@testable import LecteurAudit

/// The rules' inputs built the way the walker builds them: the speech text from the real
/// SpeechGenerator, the braille line from BrailleLine, the shipped word lists and braille cells.
enum AuditRulesFixture {
    static let strings = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
    static let navigator = Navigator(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!)
    static let builtIn = BuiltInCatalogue.load()
    static let vocabulary: AuditVocabulary = {
        let data = LocaleResources.data(locale: "fr", file: "lexique-audit.json")!
        return try! JSONDecoder().decode(AuditVocabulary.self, from: data)
    }()
    static let braille: DictionaryBrailleTable = {
        try! DictionaryBrailleTable(jsonData: LocaleResources.data(locale: "fr", file: "lexique-braille-fr-bfu-comp8.json")!)
    }()
    static let context = AuditContext(strings: strings, vocabulary: vocabulary, braille: braille)

    static func screen(_ elements: [Element]) -> [AuditReport.Entry] {
        let composer = SpeechGenerator(strings: strings)
        return elements.enumerated().map { i, element in
            AuditReport.Entry(index: i + 1, element: element, speech: composer.compose(element, verbosity: .full),
                              braille: BrailleGenerator(strings: strings).line(element))
        }
    }

    static func check(_ ruleId: String, _ elements: [Element]) -> [RuleCheck] {
        AuditRules.rule(ruleId)!.check(ScreenFacts(screen(elements)), context)
    }

    static func text(_ label: String) -> Element { Element(id: "t", role: .text, label: label) }
    static func button(_ label: String, visible: String? = nil, hint: String? = nil, selected: Bool? = nil,
                       action: ElementAction? = .back, id: String = "b") -> Element {
        Element(id: id, role: .button, label: label, visibleText: visible, hint: hint, selected: selected, action: action)
    }

    /// A real card from the real ScreenBuilder (spoken price differs from the shown one).
    static func card(title: String = "Atelier", price: Decimal) -> Element {
        navigator.builder.card(Formation(id: 1, title: title, description: "", duration: "1 jour", level: "Débutant",
                                         price: price, nextSession: nil, category: nil))
    }
}

extension RuleCheck {
    var message: String? {
        switch self {
        case .violation(let m), .review(let m): m
        case .pass, .inapplicable: nil
        }
    }
    var isViolation: Bool { if case .violation = self { true } else { false } }
    var isReview: Bool { if case .review = self { true } else { false } }
    var isPass: Bool { self == .pass }
}

extension SeededRandom {
    /// One of `items`, at random.
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}
