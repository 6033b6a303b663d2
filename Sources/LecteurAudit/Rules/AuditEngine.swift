// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Every rule Lecteur ships, in the order reports list them.
public enum AuditRules {
    public static let all: [any AuditRule] = [
        LabelMissingRule(), LabelRoleWordRule(), LabelStateWordRule(), LabelInNameRule(), DuplicateLabelRule(),
        HintRepeatsLabelRule(), HintGivesOrderRule(),
        SpeechAcronymRule(), SpeechNumberSpacesRule(), SpeechDecimalZerosRule(), SpeechUnitAbbreviationRule(),
        SpeechNumericDateRule(), SpeechMorseSymbolsRule(),
        LanguageUnmarkedRule(),
        BrailleUncoveredCharacterRule(), BrailleNumberSplitRule(),
    ]

    public static var ids: [String] { all.map(\.info.id) }

    public static func rule(_ id: String) -> (any AuditRule)? { all.first { $0.info.id == id } }
}

/// Runs the rules over elements. Pure: the same elements, rules and context always give the
/// same outcomes. Most rules look at one element at a time; the others compare the elements of
/// a screen, and run once the whole screen is known.
public struct AuditEngine: Sendable {
    public let rules: [any AuditRule]
    /// The rules looking at one element alone, and their positions in `rules`.
    private let elementRules: [any ElementRule]
    private let elementRuleIndices: [Int]
    private let screenRules: [(index: Int, rule: any AuditRule)]

    public init(rules: [any AuditRule] = AuditRules.all) {
        self.rules = rules
        var elementRules: [(Int, any ElementRule)] = [], screenRules: [(Int, any AuditRule)] = []
        for (r, rule) in rules.enumerated() {
            if let rule = rule as? any ElementRule { elementRules.append((r, rule)) } else { screenRules.append((r, rule)) }
        }
        self.elementRules = elementRules.map { $0.1 }
        self.elementRuleIndices = elementRules.map { $0.0 }
        self.screenRules = screenRules
    }

    /// All shipped rules but the disabled ones; unknown ids are returned so the caller can say so.
    public init(disabling ids: [String]) {
        self.init(rules: AuditRules.all.filter { !ids.contains($0.info.id) })
    }

    var hasScreenRules: Bool { !screenRules.isEmpty }

    /// One outcome per rule, in rule order, for the rules that look at one element alone; the
    /// others' slots are `.inapplicable` until `screenOutcomes` fills them.
    /// Kept out of line so that profiles show the rules' share.
    @inline(never)
    func elementOutcomes(_ facts: ElementFacts, _ context: AuditContext) -> [RuleCheck] {
        var outcomes = [RuleCheck](repeating: .inapplicable, count: rules.count)
        for k in elementRules.indices { outcomes[elementRuleIndices[k]] = elementRules[k].check(facts, context) }
        return outcomes
    }

    /// The outcomes of the rules that compare a screen's elements: each such rule's index and
    /// one outcome per element.
    func screenOutcomes(_ screen: ScreenFacts, _ context: AuditContext) -> [(rule: Int, checks: [RuleCheck])] {
        screenRules.map { ($0.index, $0.rule.check(screen, context)) }
    }
}
