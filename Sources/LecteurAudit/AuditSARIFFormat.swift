import LecteurCore

/// SARIF 2.1.0, the format of GitHub code scanning and Accessibility Insights: one run whose
/// driver lists the rules (WCAG/RGAA tags, help, documentation link), one result per violation
/// (`kind: fail`) or element to review (`kind: review`), each at a logical location
/// `PATH/#ID` (screen, then element) with a fingerprint that stays the same across runs.
struct AuditSARIFFormat {
    let naming: AuditNaming
    let info: AuditRunInfo
    var strings: Strings { naming.strings }

    func render(_ results: AuditResults, into out: inout String, sink: AuditSink) {
        out += "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
        out += "  \"runs\": [\n    {\n"
        out += "      \"tool\": {\n        \"driver\": {\n"
        out += "          \"name\": \"lecteur audit\",\n          \"semanticVersion\": \"1.0.0\",\n"
        if info.helpBaseIsAbsolute {
            out += "          \"informationUri\": "
            AuditMarkup.json(info.helpBase, into: &out)
            out += ",\n"
        }
        out += "          \"rules\": ["
        for (r, rule) in results.rules.enumerated() {
            out += r == 0 ? "\n" : ",\n"
            ruleDescriptor(rule.info, into: &out)
        }
        out += results.rules.isEmpty ? "]\n" : "\n          ]\n"
        out += "        }\n      },\n"
        out += "      \"invocations\": [{\"executionSuccessful\": true, \"startTimeUtc\": "
        AuditMarkup.json(info.timestampText, into: &out)
        out += "}],\n"
        out += "      \"properties\": {\"url\": "
        AuditMarkup.json(info.url, into: &out)
        out += ", \"locale\": "
        AuditMarkup.json(strings.localeCode, into: &out)
        out += ", \"brailleTable\": "
        AuditMarkup.json(results.braille.name, into: &out)
        if let fetchedAt = info.offlineCopyFetchedAt {
            out += ", \"offlineCopyFetchedAt\": "
            AuditMarkup.json(AuditRunInfo.iso8601(fetchedAt), into: &out)
        }
        out += "},\n"
        out += "      \"results\": ["
        var first = true
        for (r, rule) in results.rules.enumerated() {
            for (kind, findings) in [("fail", rule.violations), ("review", rule.incomplete)] {
                for finding in findings {
                    sink.flush(&out)
                    out += first ? "\n" : ",\n"
                    first = false
                    result(results, rule: rule.info, ruleIndex: r, kind: kind, finding: finding, into: &out)
                }
            }
        }
        out += first ? "]\n" : "\n      ]\n"
        out += "    }\n  ]\n}\n"
    }

    /// critical and serious are errors, moderate a warning, minor a note (SARIF's three levels).
    private func level(_ impact: Impact) -> String {
        switch impact {
        case .critical, .serious: "error"
        case .moderate: "warning"
        case .minor: "note"
        }
    }

    private func ruleDescriptor(_ rule: AuditRuleInfo, into out: inout String) {
        out += "            {\"id\": "
        AuditMarkup.json(rule.id, into: &out)
        out += ", \"name\": "
        AuditMarkup.json(Self.pascalCase(rule.id), into: &out)
        out += ", \"shortDescription\": {\"text\": "
        AuditMarkup.json(strings(rule.help), into: &out)
        out += "}, \"fullDescription\": {\"text\": "
        AuditMarkup.json(strings(rule.description), into: &out)
        out += "}, \"help\": {\"text\": "
        let help = strings(rule.fix) + " (" + naming.criteria(rule) + ")"
        AuditMarkup.json(help, into: &out)
        out += "}"
        if info.helpBaseIsAbsolute {
            out += ", \"helpUri\": "
            AuditMarkup.json(info.helpURL(rule), into: &out)
        }
        out += ", \"defaultConfiguration\": {\"level\": \"\(level(rule.impact))\"}"
        out += ", \"properties\": {\"tags\": ["
        out += (rule.tags + ["accessibility"]).map(AuditMarkup.json).joined(separator: ", ")
        out += "], \"impact\": \"\(rule.impact.rawValue)\", \"helpUrl\": "
        AuditMarkup.json(info.helpURL(rule), into: &out)
        out += "}}"
    }

    private func result(_ results: AuditResults, rule: AuditRuleInfo, ruleIndex: Int, kind: String,
                        finding: AuditFinding, into out: inout String) {
        let screen = results.report.screens[finding.node.screen]
        let entry = results.entry(finding.node)
        let fingerprint = AuditFingerprint.of(rule: rule.id, path: screen.path, element: entry.element.id)
        out += "        {\"ruleId\": "
        AuditMarkup.json(rule.id, into: &out)
        out += ", \"ruleIndex\": \(ruleIndex), \"kind\": \"\(kind)\", \"level\": \""
        out += kind == "fail" ? level(rule.impact) : "none"
        out += "\", \"message\": {\"text\": "
        AuditMarkup.json(finding.message, into: &out)
        out += "}, \"locations\": [{\"logicalLocations\": [{\"name\": "
        AuditMarkup.json("#" + entry.element.id, into: &out)
        out += ", \"fullyQualifiedName\": "
        AuditMarkup.json(screen.path + "/#" + entry.element.id, into: &out)
        out += ", \"kind\": \"element\"}], \"message\": {\"text\": "
        AuditMarkup.json(naming.screenHeading(screen) + " — " + String(entry.index) + ". " + entry.element.label, into: &out)
        out += "}}], \"partialFingerprints\": {\"lecteurFinding/v1\": \"\(fingerprint)\"}"
        if let baseline = info.baseline {
            out += ", \"baselineState\": " + (baseline.contains(fingerprint) ? "\"unchanged\"" : "\"new\"")
        }
        out += ", \"properties\": {\"impact\": \"\(rule.impact.rawValue)\", \"target\": ["
        AuditMarkup.json(AuditSelector.target(path: screen.path, element: entry.element.id), into: &out)
        out += "]}}"
    }

    /// "label-missing" → "LabelMissing" (SARIF's rule `name` is an identifier-like word).
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
