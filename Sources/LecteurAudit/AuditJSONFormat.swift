import LecteurCore

/// The report in the shape axe-core gives (`violations`, `passes`, `incomplete`, `inapplicable`,
/// each rule with `id`, `impact`, `tags`, `description`, `help`, `nodes`), so tools that read axe
/// results read these: `url`, `timestamp`, `helpUrl` per rule, checks with `data` and
/// `relatedNodes`. An element's `target` is one CSS selector, `[data-screen="PATH"] #ID`
/// (Lecteur has no frames, so one selector per node). Lecteur adds
/// `screens`: every element with its speech text, braille line and cells, and its findings.
/// Passing nodes carry their target only, to keep the report of a large catalogue readable.
struct AuditJSONFormat {
    let naming: AuditNaming
    let info: AuditRunInfo
    var strings: Strings { naming.strings }

    func render(_ results: AuditResults, into out: inout String, sink: AuditSink) {
        out += "{\n"
        out += "  \"testEngine\": {\"name\": \"lecteur-audit\", \"version\": \"1.0\"},\n"
        out += "  \"testRunner\": {\"name\": \"lecteur audit\"},\n"
        out += "  \"testEnvironment\": {\"userAgent\": \"lecteur audit (espeak-ng, liblouis)\", \"brailleTable\": "
        AuditMarkup.json(results.braille.name, into: &out)
        out += ", \"speechEngine\": \"espeak-ng\", \"locale\": "
        AuditMarkup.json(strings.localeCode, into: &out)
        if let fetchedAt = info.offlineCopyFetchedAt {
            out += ", \"offlineCopyFetchedAt\": "
            AuditMarkup.json(AuditRunInfo.iso8601(fetchedAt), into: &out)
        }
        out += "},\n"
        out += "  \"timestamp\": "
        AuditMarkup.json(info.timestampText, into: &out)
        out += ",\n  \"url\": "
        AuditMarkup.json(info.url, into: &out)
        out += ",\n"
        out += "  \"toolOptions\": {\"reporter\": \"v1\", \"disabledRules\": ["
        out += naming.disabledIds(results).map(AuditMarkup.json).joined(separator: ", ")
        out += "]},\n"
        out += "  \"locale\": "
        AuditMarkup.json(strings.localeCode, into: &out)
        out += ",\n"
        ruleList("violations", results.rules.filter { !$0.violations.isEmpty }, results, into: &out, sink: sink) { $0.violations }
        ruleList("incomplete", results.rules.filter { !$0.incomplete.isEmpty }, results, into: &out, sink: sink) { $0.incomplete }
        passList(results, into: &out, sink: sink)
        out += "  \"inapplicable\": ["
        let inapplicable = results.rules.filter(\.isInapplicable)
        for (i, rule) in inapplicable.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {"
            ruleFields(rule.info, impact: nil, into: &out)
            out += ", \"nodes\": []}"
        }
        out += inapplicable.isEmpty ? "],\n" : "\n  ],\n"
        screens(results, into: &out, sink: sink)
        out += "  \"screenCount\": \(results.report.screens.count),\n"
        out += "  \"elementCount\": \(results.report.elementCount)\n"
        out += "}\n"
    }

    private func ruleFields(_ info: AuditRuleInfo, impact: Impact?, into out: inout String) {
        out += "\"id\": "
        AuditMarkup.json(info.id, into: &out)
        out += ", \"impact\": "
        if let impact { AuditMarkup.json(impact.rawValue, into: &out) } else { out += "null" }
        out += ", \"tags\": ["
        out += info.tags.map(AuditMarkup.json).joined(separator: ", ")
        out += "], \"description\": "
        AuditMarkup.json(strings(info.description), into: &out)
        out += ", \"help\": "
        AuditMarkup.json(strings(info.help), into: &out)
        out += ", \"helpUrl\": "
        AuditMarkup.json(self.info.helpURL(info), into: &out)
        out += ", \"fix\": "
        AuditMarkup.json(strings(info.fix), into: &out)
    }

    private func target(_ results: AuditResults, _ node: AuditNode, into out: inout String) {
        out += "\"target\": ["
        AuditMarkup.json(AuditSelector.target(path: results.report.screens[node.screen].path,
                                              element: results.entry(node).element.id), into: &out)
        out += "]"
    }

    private func ruleList(_ name: String, _ rules: [AuditRuleResult], _ results: AuditResults, into out: inout String,
                          sink: AuditSink, findings: (AuditRuleResult) -> [AuditFinding]) {
        out += "  \"\(name)\": ["
        for (i, rule) in rules.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {"
            ruleFields(rule.info, impact: rule.info.impact, into: &out)
            out += ", \"nodes\": ["
            let fix = strings(rule.info.fix)
            for (n, finding) in findings(rule).enumerated() {
                sink.flush(&out)
                out += n == 0 ? "\n" : ",\n"
                let element = results.entry(finding.node).element
                out += "      {\"impact\": "
                AuditMarkup.json(rule.info.impact.rawValue, into: &out)
                out += ", "
                target(results, finding.node, into: &out)
                out += ", \"html\": "
                AuditMarkup.json(markup(element), into: &out)
                out += ", \"failureSummary\": "
                AuditMarkup.json(finding.message + "\n" + fix, into: &out)
                out += ", \"any\": [], \"all\": [], \"none\": [{\"id\": "
                AuditMarkup.json(rule.info.id, into: &out)
                out += ", \"impact\": "
                AuditMarkup.json(rule.info.impact.rawValue, into: &out)
                out += ", \"message\": "
                AuditMarkup.json(finding.message, into: &out)
                out += ", \"data\": null, \"relatedNodes\": []}]"
                let fingerprint = AuditFingerprint.of(results, rule: rule.info, node: finding.node)
                out += ", \"fingerprint\": \"" + fingerprint + "\""
                if let baseline = info.baseline {
                    out += ", \"baselineState\": " + (baseline.contains(fingerprint) ? "\"unchanged\"" : "\"new\"")
                }
                out += "}"
            }
            out += findings(rule).isEmpty ? "]}" : "\n    ]}"
        }
        out += rules.isEmpty ? "],\n" : "\n  ],\n"
    }

    private func passList(_ results: AuditResults, into out: inout String, sink: AuditSink) {
        let rules = results.rules.filter { !$0.passes.isEmpty }
        out += "  \"passes\": ["
        for (i, rule) in rules.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {"
            ruleFields(rule.info, impact: nil, into: &out)
            out += ", \"nodes\": ["
            for (n, node) in rule.passes.enumerated() {
                if n & 1023 == 0 { sink.flush(&out) }
                out += n == 0 ? "\n      {" : ",\n      {"
                target(results, node, into: &out)
                out += "}"
            }
            out += "\n    ]}"
        }
        out += rules.isEmpty ? "],\n" : "\n  ],\n"
    }

    /// A markup-like rendering of the element for axe's `html` field: role as the tag, id, and
    /// the label as content. Lecteur has no HTML; this is what the element is, written that way.
    private func markup(_ element: Element) -> String {
        var tag = "<" + element.role.rawValue + " id=\"" + AuditMarkup.xml(element.id) + "\""
        if let selected = element.selected { tag += " selected=\"\(selected)\"" }
        return tag + ">" + AuditMarkup.xml(element.label) + "</" + element.role.rawValue + ">"
    }

    private func screens(_ results: AuditResults, into out: inout String, sink: AuditSink) {
        out += "  \"screens\": ["
        for (s, screen) in results.report.screens.enumerated() {
            sink.flush(&out)
            out += s == 0 ? "\n" : ",\n"
            out += "    {\"screen\": "
            AuditMarkup.json(screen.screen, into: &out)
            out += ", \"path\": "
            AuditMarkup.json(screen.path, into: &out)
            out += ", \"title\": "
            AuditMarkup.json(screen.title, into: &out)
            out += ", \"heading\": "
            AuditMarkup.json(naming.screenHeading(screen), into: &out)
            out += ", \"filter\": "
            optional(screen.filter, into: &out)
            out += ", \"elements\": ["
            for (e, entry) in screen.entries.enumerated() {
                out += e == 0 ? "\n" : ",\n"
                let element = entry.element
                out += "      {\"index\": \(entry.index), \"id\": "
                AuditMarkup.json(element.id, into: &out)
                out += ", \"role\": "
                AuditMarkup.json(element.role.rawValue, into: &out)
                out += ", \"label\": "
                AuditMarkup.json(element.label, into: &out)
                out += ", \"visibleText\": "
                AuditMarkup.json(element.visibleText, into: &out)
                out += ", \"hint\": "
                optional(element.hint, into: &out)
                out += ", \"value\": "
                optional(element.value, into: &out)
                out += ", \"selected\": "
                out += element.selected.map { $0 ? "true" : "false" } ?? "null"
                out += ", \"state\": "
                optional(naming.state(element), into: &out)
                out += ", \"speech\": "
                AuditMarkup.json(entry.speech, into: &out)
                out += ", \"braille\": "
                AuditMarkup.json(entry.braille.text, into: &out)
                out += ", \"cells\": "
                AuditMarkup.json(results.braille.cells(for: entry.braille.text), into: &out)
                out += ", \"findings\": ["
                let findings = results.findings(at: AuditNode(screen: s, entry: e))
                for (f, finding) in findings.enumerated() {
                    if f > 0 { out += ", " }
                    out += "{\"rule\": "
                    AuditMarkup.json(finding.rule.id, into: &out)
                    out += ", \"kind\": "
                    AuditMarkup.json(finding.kind.rawValue, into: &out)
                    out += ", \"impact\": "
                    AuditMarkup.json(finding.rule.impact.rawValue, into: &out)
                    out += ", \"message\": "
                    AuditMarkup.json(finding.message, into: &out)
                    out += "}"
                }
                out += "]}"
            }
            out += screen.entries.isEmpty ? "]}" : "\n    ]}"
        }
        out += results.report.screens.isEmpty ? "],\n" : "\n  ],\n"
    }

    private func optional(_ text: String?, into out: inout String) {
        if let text { AuditMarkup.json(text, into: &out) } else { out += "null" }
    }
}
