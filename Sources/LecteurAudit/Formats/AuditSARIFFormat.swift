// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// SARIF 2.1.0, the format of GitHub code scanning and Accessibility Insights: one run whose
/// driver lists the rules (WCAG/RGAA tags, help, documentation link), one result per violation
/// (`kind: fail`) or element to review (`kind: review`), each at a logical location
/// `PATH/#ID` (screen, then element) with a fingerprint that stays the same across runs.
struct AuditSARIFFormat: StreamedAuditFormat {
    let naming: AuditNaming
    let info: AuditRunInfo
    let rules: [AuditRuleInfo]
    let braille: String
    var words: AuditReportMessages { naming.words }

    // Sections: each rule's failures, then its elements to review (SARIF lists results rule by rule).
    var sectionCount: Int { rules.count * 2 }

    func render(_ part: CheckedPart, into sections: inout [String], screenBuffers: inout [String]) {
        var heading: String?
        for e in part.range where part.hasFindings(entry: e) {
            for (r, rule) in rules.enumerated() {
                let kind: String, message: String
                switch part.outcome(entry: e, rule: r) {
                case .violation(let text): kind = "fail"; message = text
                case .review(let text): kind = "review"; message = text
                case .pass, .inapplicable: continue
                }
                let screenHeading = heading ?? naming.screenHeading(part.screen)
                heading = screenHeading
                result(part, e, rule: rule, ruleIndex: r, kind: kind, message: message, heading: screenHeading,
                       into: &sections[r * 2 + (kind == "fail" ? 0 : 1)])
            }
        }
    }

    func assemble(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink) {
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
        for (r, rule) in rules.enumerated() {
            out += r == 0 ? "\n" : ",\n"
            ruleDescriptor(rule, into: &out)
        }
        out += rules.isEmpty ? "]\n" : "\n          ]\n"
        out += "        }\n      },\n"
        out += "      \"invocations\": [{\"executionSuccessful\": true, \"startTimeUtc\": "
        AuditMarkup.json(info.timestampText, into: &out)
        out += "}],\n"
        out += "      \"properties\": {\"url\": "
        AuditMarkup.json(info.url, into: &out)
        out += ", \"locale\": "
        AuditMarkup.json(naming.localeCode, into: &out)
        out += ", \"brailleTable\": "
        AuditMarkup.json(braille, into: &out)
        if let fetchedAt = info.offlineCopyFetchedAt {
            out += ", \"offlineCopyFetchedAt\": "
            AuditMarkup.json(AuditRunInfo.iso8601(fetchedAt), into: &out)
        }
        out += "},\n"
        out += "      \"results\": ["
        sink.flush(&out, force: true)
        // Every result is written after ",\n"; the very first one does without the comma.
        var first = true
        for section in 0..<sectionCount where spool.size(section) > 0 {
            spool.write(section, skipping: first ? 1 : 0, to: sink)
            first = false
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
        AuditMarkup.json(words.ruleText(rule.help), into: &out)
        out += "}, \"fullDescription\": {\"text\": "
        AuditMarkup.json(words.ruleText(rule.description), into: &out)
        out += "}, \"help\": {\"text\": "
        let help = words.ruleText(rule.fix) + " (" + naming.criteria(rule) + ")"
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

    private func result(_ part: CheckedPart, _ e: Int, rule: AuditRuleInfo, ruleIndex: Int, kind: String,
                        message: String, heading: String, into out: inout String) {
        let entry = part.entry(e), screen = part.screen
        let fingerprint = AuditFingerprint.of(rule: rule.id, path: screen.path, element: entry.element.id)
        out += ",\n        {\"ruleId\": "
        AuditMarkup.json(rule.id, into: &out)
        out += ", \"ruleIndex\": \(ruleIndex), \"kind\": \"\(kind)\", \"level\": \""
        out += kind == "fail" ? level(rule.impact) : "none"
        out += "\", \"message\": {\"text\": "
        AuditMarkup.json(message, into: &out)
        out += "}, \"locations\": [{\"logicalLocations\": [{\"name\": "
        AuditMarkup.json("#" + entry.element.id, into: &out)
        out += ", \"fullyQualifiedName\": "
        AuditMarkup.json(screen.path + "/#" + entry.element.id, into: &out)
        out += ", \"kind\": \"element\"}], \"message\": {\"text\": "
        AuditMarkup.json(heading + " — " + String(entry.index) + ". " + entry.element.label, into: &out)
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
