import Foundation
import LecteurCore

public enum AuditFormat: String, CaseIterable, Sendable {
    case text, json, junit, html
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

    public func render(_ results: AuditResults, as format: AuditFormat) -> String {
        switch format {
        case .text: AuditTextFormat(naming: naming).render(results)
        case .json: AuditJSONFormat(naming: naming).render(results)
        case .junit: AuditJUnitFormat(naming: naming).render(results)
        case .html: AuditHTMLFormat(naming: naming).render(results)
        }
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

    func render(_ results: AuditResults) -> String {
        let report = results.report
        var out = ""
        out.reserveCapacity(report.elementCount * 400)
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
        for (s, screen) in report.screens.enumerated() {
            line()
            line(naming.screenHeading(screen))
            line(strings(.auditReportScreenPath, ["path": screen.path]))
            for (e, entry) in screen.entries.enumerated() {
                let element = entry.element
                line(strings(.auditElement, ["index": String(entry.index), "role": naming.roleName(element.role),
                                             "label": element.label]))
                if let hint = element.hint { line("   " + strings(.auditFieldHint, ["hint": hint])) }
                if let value = element.value { line("   " + strings(.auditFieldValue, ["value": value])) }
                if let state = naming.state(element) { line("   " + strings(.auditFieldState, ["state": state])) }
                line("   " + strings(.auditFieldSpeech, ["speech": entry.speech]))
                line("   " + strings(.auditReportLineBraille, ["braille": entry.braille.text]))
                line("   " + strings(.auditReportLineCells, ["cells": results.braille.cells(for: entry.braille.text)]))
                for finding in results.findings(at: AuditNode(screen: s, entry: e)) {
                    line("   " + strings(.auditReportLineFinding, [
                        "kind": naming.kind(finding.kind), "impact": naming.impact(finding.rule.impact),
                        "id": finding.rule.id, "message": finding.message,
                    ]))
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
        return out
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
