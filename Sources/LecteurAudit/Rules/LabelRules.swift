// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// An element with no label, or one that says nothing (spaces, punctuation): the screen reader
/// has nothing to announce but the role.
public struct LabelMissingRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "label-missing", impact: .critical, tags: ["wcag2a", "wcag412", "rgaa-7.1", "rgaa-11.9"],
        help: .auditRuleLabelMissingHelp, description: .auditRuleLabelMissingDescription,
        fix: .auditRuleLabelMissingFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        let label = element.element.label
        if label.isEmpty { return .violation(context.findings.labelMissingEmpty()) }
        // A label has words when it has a letter or a digit: scanned for one, rather than split.
        if !TextScan.hasWord(label) {
            let shown = label.unicodeScalars.map { TextScan.isSpace($0) ? NamedCharacter.invisible($0) : .visible($0) }
            return .violation(context.findings.labelMissingBlank(shown))
        }
        return .pass
    }
}

/// "Bouton Valider": the screen reader already says "bouton", so the user hears it twice.
public struct LabelRoleWordRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "label-role-word", impact: .minor, tags: ["best-practice", "wcag412", "rgaa-7.1"],
        help: .auditRuleLabelRoleWordHelp, description: .auditRuleLabelRoleWordDescription,
        fix: .auditRuleLabelRoleWordFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard element.isControl else { return .inapplicable }
        guard let first = context.vocabulary.roles.firstMatch(in: element.labelWords) else { return .pass }
        let word = element.labelWords.texts(first)
        return .violation(context.findings.labelRoleWord(word))
    }
}

/// "IA Générative, sélectionné" (the seeds' chips): the state lives in the label, so it is not a
/// state for assistive technology (no selected trait, nothing a braille display can mark).
public struct LabelStateWordRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "label-state-word", impact: .moderate, tags: ["wcag2a", "wcag412", "rgaa-7.1"],
        help: .auditRuleLabelStateWordHelp, description: .auditRuleLabelStateWordDescription,
        fix: .auditRuleLabelStateWordFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard element.isControl else { return .inapplicable }
        guard let first = context.vocabulary.states.firstMatch(in: element.labelWords) else { return .pass }
        let word = element.labelWords.texts(first)
        return .violation(context.findings.labelStateWord(word))
    }
}

/// WCAG 2.5.3 Label in Name: a voice-control user says what they see, so the visible words must
/// be in the accessible name, in order.
public struct LabelInNameRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "label-in-name", impact: .serious, tags: ["wcag21a", "wcag253", "rgaa-7.1.3"],
        help: .auditRuleLabelInNameHelp, description: .auditRuleLabelInNameDescription,
        fix: .auditRuleLabelInNameFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard element.isControl else { return .inapplicable }
        // Shown as labelled (most controls): the words are the same, so they are in the name.
        if sameUTF8(element.element.visibleText, element.element.label) {
            return TextScan.hasWord(element.element.visibleText) ? .pass : .inapplicable
        }
        guard !element.visibleWords.isEmpty else { return .inapplicable }
        if element.labelWords.contains(element.visibleWords) { return .pass }
        return .violation(context.findings.labelInName(visible: element.element.visibleText,
                                                         label: element.element.label))
    }
}

/// Two controls of one screen with the same name that do different things: the user cannot tell
/// them apart from a list of controls.
public struct DuplicateLabelRule: AuditRule {
    public let info = AuditRuleInfo(
        id: "duplicate-label", impact: .moderate, tags: ["wcag2aa", "wcag246", "wcag244", "rgaa-6.1", "rgaa-11.9"],
        help: .auditRuleDuplicateLabelHelp, description: .auditRuleDuplicateLabelDescription,
        fix: .auditRuleDuplicateLabelFix)

    public init() {}

    public func check(_ screen: ScreenFacts, _ context: AuditContext) -> [RuleCheck] {
        // One pass over the elements, keeping what the rule compares: a screen can be a list of
        // a hundred thousand cards, each made on access.
        struct Control {
            let action: ElementAction
            let label: String
        }
        let controls: [Control?] = (0..<screen.elements.count).map { i in
            let element = screen.element(i)
            return element.action.map { Control(action: $0, label: element.label) }
        }
        // A screen with one control at most (every detail and symbol screen) has no duplicate.
        guard controls.lazy.filter({ $0 != nil }).count > 1 else {
            return controls.map { $0 == nil ? .inapplicable : .pass }
        }
        // The keys of a long list (a hundred thousand cards) on every core.
        let key: (Int) -> String = { i in controls[i].map { TextScan.wordKey(of: $0.label) } ?? "" }
        let keys = controls.count < 4096 ? controls.indices.map(key) : Parallel.map(controls.count, chunk: 1024) { i, _ in key(i) }
        // For each name, its first control and the first one leading elsewhere than that one:
        // the earliest other control with the name that leads elsewhere than control i is the
        // first one if i leads elsewhere than it, else the second one.
        var byName: [String: (first: Int, otherAction: Int?)] = [:]
        for (i, control) in controls.enumerated() where control != nil {
            if let found = byName[keys[i]] {
                if found.otherAction == nil && controls[found.first]!.action != control!.action {
                    byName[keys[i]] = (found.first, i)
                }
            } else {
                byName[keys[i]] = (i, nil)
            }
        }
        return controls.enumerated().map { i, control in
            guard let control else { return .inapplicable }
            // A label with no words is label-missing's finding, not a duplicate.
            guard !keys[i].isEmpty, let found = byName[keys[i]],
                  let other = controls[found.first]!.action != control.action ? found.first : found.otherAction
            else { return .pass }
            return .violation(context.findings.duplicateLabel(other: screen.elements[other].index, label: control.label))
        }
    }
}
