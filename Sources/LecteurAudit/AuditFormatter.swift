import Foundation
import LecteurCore

public enum AuditFormat: String, CaseIterable, Sendable {
    case text, json, junit, html, sarif
}

/// Writes an audit in one of four formats: text for people, JSON in axe-core's shape for tools,
/// JUnit XML for CI systems, and a self-contained HTML page for auditors (readable with a screen
/// reader). Every format lists the same elements and findings in the same order.
public struct AuditFormatter {
    public let strings: Strings
    let naming: AuditNaming

    public init(strings: Strings) {
        self.strings = strings
        self.naming = AuditNaming(strings: strings)
    }

    public func render(_ results: AuditResults, as format: AuditFormat, info: AuditRunInfo = AuditRunInfo()) -> String {
        let (sink, text) = AuditSink.collecting()
        write(results, as: format, info: info, to: sink)
        return text()
    }

    /// Writes the report to `sink` as it is produced (check `sink.failed` afterwards).
    public func write(_ results: AuditResults, as format: AuditFormat, info: AuditRunInfo = AuditRunInfo(), to sink: AuditSink) {
        var out = ""
        out.reserveCapacity(AuditSink.threshold + (1 << 16))
        switch format {
        case .text: AuditTextFormat(naming: naming).render(results, into: &out, sink: sink)
        case .json: AuditJSONFormat(naming: naming, info: info).render(results, into: &out, sink: sink)
        case .junit: AuditJUnitFormat(naming: naming, info: info).render(results, into: &out, sink: sink)
        case .html: AuditHTMLFormat(naming: naming).render(results, into: &out, sink: sink)
        case .sarif: AuditSARIFFormat(naming: naming, info: info).render(results, into: &out, sink: sink)
        }
        sink.flush(&out, force: true)
    }

    /// Runs every rule on a walked report with the shipped word lists and braille table, then
    /// writes it: the one call the benchmark and simple callers need.
    public func render(_ report: AuditReport, as format: AuditFormat) -> String {
        let context = (try? AuditResources.context(strings: strings))
            ?? AuditContext(strings: strings, vocabulary: AuditVocabulary(),
                            braille: DictionaryBrailleTable(name: "?", cells: [:]))
        return render(AuditEngine().run(report, context: context), as: format)
    }
}

/// The text report: a summary, then each screen and element with its speech, braille and
/// findings, then what each rule checks and how to fix it.
struct AuditTextFormat {
    let naming: AuditNaming
    var strings: Strings { naming.strings }

    func render(_ results: AuditResults, into out: inout String, sink: AuditSink) {
        let report = results.report
        func line(_ text: String = "") { out += text; out += "\n" }
        line(strings(.auditReportTitle))
        line(strings(.auditReportIntro, ["table": results.braille.name]))
        line()
        line(strings(.auditReportSummary))
        line(summaryLine(results))
        for rule in results.rules {
            line("  " + strings(.auditReportSummaryByRule, [
                "id": rule.info.id, "impact": naming.impact(rule.info.impact),
                "violations": String(rule.violations.count), "incomplete": String(rule.incomplete.count),
                "passes": String(rule.passes.count), "help": strings(rule.info.help),
            ]))
        }
        let disabled = disabledIds(results)
        if !disabled.isEmpty { line(strings(.auditReportDisabled, ["ids": disabled.joined(separator: ", ")])) }
        let element = CompiledTemplate(strings, .auditElement, ["index", "role", "label"])
        let hint = CompiledTemplate(strings, .auditFieldHint, ["hint"])
        let value = CompiledTemplate(strings, .auditFieldValue, ["value"])
        let state = CompiledTemplate(strings, .auditFieldState, ["state"])
        let speech = CompiledTemplate(strings, .auditFieldSpeech, ["speech"])
        let braille = CompiledTemplate(strings, .auditReportLineBraille, ["braille"])
        let cells = CompiledTemplate(strings, .auditReportLineCells, ["cells"])
        let finding = CompiledTemplate(strings, .auditReportLineFinding, ["kind", "impact", "id", "message"])
        func field(_ template: CompiledTemplate, _ values: [String]) {
            out += "   "
            template.render(values, into: &out)
            out += "\n"
        }
        for (s, screen) in report.screens.enumerated() {
            sink.flush(&out)
            line()
            line(naming.screenHeading(screen))
            line(strings(.auditReportScreenPath, ["path": screen.path]))
            for (e, entry) in screen.entries.enumerated() {
                let item = entry.element
                element.render([String(entry.index), naming.roleName(item.role), item.label], into: &out)
                out += "\n"
                if let text = item.hint { field(hint, [text]) }
                if let text = item.value { field(value, [text]) }
                if let text = naming.state(item) { field(state, [text]) }
                field(speech, [entry.speech])
                field(braille, [entry.braille.text])
                field(cells, [results.braille.cells(for: entry.braille.text)])
                for found in results.findings(at: AuditNode(screen: s, entry: e)) {
                    field(finding, [naming.kind(found.kind), naming.impact(found.rule.impact), found.rule.id, found.message])
                }
            }
        }
        line()
        line(strings(.auditReportRules))
        for rule in results.rules {
            line()
            line(strings(.auditReportRuleHeading, ["id": rule.info.id, "help": strings(rule.info.help)]))
            line("  " + strings(.auditReportRuleImpact, ["impact": naming.impact(rule.info.impact)]))
            line("  " + strings(.auditReportRuleCriteria, ["criteria": naming.criteria(rule.info)]))
            line("  " + strings(.auditReportRuleWhy, ["description": strings(rule.info.description)]))
            line("  " + strings(.auditReportRuleFix, ["fix": strings(rule.info.fix)]))
        }
    }

    func summaryLine(_ results: AuditResults) -> String {
        naming.summaryLine(results)
    }

    func disabledIds(_ results: AuditResults) -> [String] { naming.disabledIds(results) }
}

extension AuditNaming {
    func summaryLine(_ results: AuditResults) -> String {
        strings(.auditReportSummaryLine, [
            "screens": String(results.report.screens.count), "elements": String(results.report.elementCount),
            "rules": String(results.rules.count), "violations": String(results.violationCount),
            "incomplete": String(results.incompleteCount),
        ])
    }

    func disabledIds(_ results: AuditResults) -> [String] {
        let enabled = Set(results.rules.map(\.info.id))
        return AuditRules.ids.filter { !enabled.contains($0) }
    }
}
