// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

public enum AuditFormat: String, CaseIterable, Sendable {
    case text, json, junit, html, sarif
}

/// Writes an audit in one of five formats: text for people, JSON in axe-core's shape for tools,
/// JUnit XML for CI systems, SARIF for code-scanning services, and a self-contained HTML page for
/// auditors (readable with a screen reader). Every format lists the same elements and findings
/// in the same order.
public struct AuditFormatter {
    public let strings: Strings
    let naming: AuditNaming

    public init(strings: Strings) {
        self.strings = strings
        self.naming = AuditNaming(strings: strings)
    }

    func streamed(_ format: AuditFormat, rules: [AuditRuleInfo], braille: String, info: AuditRunInfo) -> StreamedAuditFormat {
        switch format {
        case .text: AuditTextFormat(naming: naming, rules: rules, braille: braille)
        case .json: AuditJSONFormat(naming: naming, info: info, rules: rules, braille: braille)
        case .junit: AuditJUnitFormat(naming: naming, info: info, rules: rules)
        case .html: AuditHTMLFormat(naming: naming, rules: rules, braille: braille)
        case .sarif: AuditSARIFFormat(naming: naming, info: info, rules: rules, braille: braille)
        }
    }
}

/// The text report: a summary, then each screen and element with its speech, braille and
/// findings, then what each rule checks and how to fix it.
struct AuditTextFormat: StreamedAuditFormat {
    let naming: AuditNaming
    let rules: [AuditRuleInfo]
    let braille: String
    var words: AuditReportMessages { naming.words }
    private let element: CompiledTemplate, hint: CompiledTemplate, value: CompiledTemplate, state: CompiledTemplate
    private let speech: CompiledTemplate, brailleLine: CompiledTemplate, cells: CompiledTemplate, finding: CompiledTemplate
    private let screenPath: CompiledTemplate

    init(naming: AuditNaming, rules: [AuditRuleInfo], braille: String) {
        self.naming = naming
        self.rules = rules
        self.braille = braille
        let words = naming.words
        element = CompiledTemplate(words, .element)
        hint = CompiledTemplate(words, .hint)
        value = CompiledTemplate(words, .value)
        state = CompiledTemplate(words, .state)
        speech = CompiledTemplate(words, .speech)
        brailleLine = CompiledTemplate(words, .braille)
        cells = CompiledTemplate(words, .cells)
        finding = CompiledTemplate(words, .finding)
        screenPath = CompiledTemplate(words, .screenPath)
    }

    var sectionCount: Int { 1 }

    func render(_ part: CheckedPart, into sections: inout [String], screenBuffers: inout [String]) {
        var out = ""
        let screen = part.screen
        func line(_ text: String = "") { out += text; out += "\n" }
        if part.first {
            line()
            line(naming.screenHeading(screen))
            screenPath.render(screen.path, into: &out)
            out += "\n"
        }
        for e in part.range {
            let index = String(part.entry(e).index)
            // All but the position of a recurring element is what was written for it before.
            if let cache = part.renderCache, let key = part.renderKey(entry: e), element.leads(with: 0) {
                out += element.head
                out += index
                out += cache.block(key) { writeElement(part, e, after: true, into: &$0) }
                continue
            }
            writeElement(part, e, after: false, into: &out)
        }
        sections[0] += out
    }

    /// Entry `e`: its element line (from after its position with `after`), fields and findings.
    private func writeElement(_ part: CheckedPart, _ e: Int, after: Bool, into out: inout String) {
        func field(_ template: CompiledTemplate, _ value: String) { template.renderLine(value, into: &out) }
        let entry = part.entry(e), item = entry.element
        let role = naming.roleName(item.role)
        if after {
            element.renderAfterFirst(into: &out) { $0 == 1 ? role : item.label }
        } else {
            let index = String(entry.index)
            element.render(into: &out) { $0 == 0 ? index : $0 == 1 ? role : item.label }
        }
        out += "\n"
        if let text = item.hint { field(hint, text) }
        if let text = item.value { field(value, text) }
        if let text = naming.state(item) { field(state, text) }
        field(speech, entry.speech)
        field(brailleLine, entry.braille.text)
        field(cells, part.cells(e))
        for found in part.findings(entry: e, rules: rules) {
            out += "   "
            finding.render([naming.kind(found.kind), naming.impact(found.rule.impact), found.rule.id, found.message], into: &out)
            out += "\n"
        }
    }

    func assemble(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink) {
        func line(_ text: String = "") { out += text; out += "\n" }
        line(words.title())
        line(words.intro(table: braille))
        line()
        line(words.summaryHeading())
        line(naming.summaryLine(tally))
        for (r, rule) in rules.enumerated() {
            line("  " + words.summaryByRule(id: rule.id, impact: rule.impact, violations: tally.violations[r],
                                            incomplete: tally.incomplete[r], passes: tally.passes[r], help: rule.help))
        }
        let disabled = naming.disabledIds(rules)
        if !disabled.isEmpty { line(words.disabled(disabled)) }
        sink.flush(&out, force: true)
        spool.write(0, to: sink)
        line()
        line(words.rulesHeading())
        for rule in rules {
            line()
            line(words.ruleHeading(id: rule.id, help: rule.help))
            line("  " + words.ruleImpact(rule.impact))
            line("  " + words.ruleCriteria(wcag: rule.wcagCriteria, rgaa: rule.rgaaCriteria))
            line("  " + words.ruleWhy(rule.description))
            line("  " + words.ruleFix(rule.fix))
        }
    }
}

extension AuditNaming {
    func summaryLine(_ tally: AuditTally) -> String {
        words.summaryLine(screens: tally.screens, elements: tally.elements, rules: tally.rules.count,
                          violations: tally.violationCount, incomplete: tally.incompleteCount)
    }

    func disabledIds(_ rules: [AuditRuleInfo]) -> [String] {
        let enabled = Set(rules.map(\.id))
        return AuditRules.ids.filter { !enabled.contains($0) }
    }
}
