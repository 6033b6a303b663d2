// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// The report in the shape axe-core gives (`violations`, `passes`, `incomplete`, `inapplicable`,
/// each rule with `id`, `impact`, `tags`, `description`, `help`, `nodes`), so tools that read axe
/// results read these: `url`, `timestamp`, `helpUrl` per rule, checks with `data` and
/// `relatedNodes`. An element's `target` is one CSS selector, `[data-screen="PATH"] #ID`
/// (Lecteur has no frames, so one selector per node). Lecteur adds
/// `screens`: every element with its speech text, braille line and cells, and its findings.
/// Passing nodes carry their target only, to keep the report of a large catalogue readable.
struct AuditJSONFormat: StreamedAuditFormat {
    let naming: AuditNaming
    let info: AuditRunInfo
    let rules: [AuditRuleInfo]
    let braille: String
    var words: AuditReportMessages { naming.words }

    // Sections: a record per violation and per review of each rule, the screens, and a record
    // per element that passes rules. Records hold what varies from node to node; the nodes are
    // written from them once the walk is over, with the rule's own text around them. A violation
    // node is two thirds the rule's text, and a passing node is nothing but the element's target,
    // the same for every rule it passes (the pass lists are two fifths of the report): the
    // records are a small part of the nodes the scratch file would otherwise hold and copy back.
    var sectionCount: Int { rules.count * 2 + 2 }
    private func violations(_ r: Int) -> Int { r }
    private func reviews(_ r: Int) -> Int { rules.count + r }
    private var screens: Int { rules.count * 2 }
    private var passRecords: Int { rules.count * 2 + 1 }

    func assemble(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink) {
        sink.flush(&out, force: true)
        // The head and rule lists are built from the records while this thread writes them;
        // the screens then come straight from the spool.
        let format = self
        AuditBuildAhead.write(to: sink) { ahead in
            var text = ""
            text.reserveCapacity(1 << 16)
            format.head(tally, spool, into: &text, sink: ahead)
            ahead.flush(&text, force: true)
        }
        spool.write(screens, skipping: 1, to: sink)
        out += tally.screens == 0 ? "],\n" : "\n  ],\n"
        out += "  \"screenCount\": \(tally.screens),\n"
        out += "  \"elementCount\": \(tally.elements)\n"
        out += "}\n"
    }

    /// Everything before the screens: the run's description and axe's four rule lists.
    private func head(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink) {
        out += "{\n"
        out += "  \"testEngine\": {\"name\": \"lecteur-audit\", \"version\": \"1.0\"},\n"
        out += "  \"testRunner\": {\"name\": \"lecteur audit\"},\n"
        out += "  \"testEnvironment\": {\"userAgent\": \"lecteur audit (espeak-ng, liblouis)\", \"brailleTable\": "
        AuditMarkup.json(braille, into: &out)
        out += ", \"speechEngine\": \"espeak-ng\", \"locale\": "
        AuditMarkup.json(naming.localeCode, into: &out)
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
        out += naming.disabledIds(rules).map(AuditMarkup.json).joined(separator: ", ")
        out += "]},\n"
        out += "  \"locale\": "
        AuditMarkup.json(naming.localeCode, into: &out)
        out += ",\n"
        ruleList("violations", impact: true, rules.indices.filter { tally.violations[$0] > 0 }, into: &out, sink: sink) {
            findingNodes(rule: $0, section: violations($0), spool, sink: sink)
        }
        ruleList("incomplete", impact: true, rules.indices.filter { tally.incomplete[$0] > 0 }, into: &out, sink: sink) {
            findingNodes(rule: $0, section: reviews($0), spool, sink: sink)
        }
        ruleList("passes", impact: false, rules.indices.filter { tally.passes[$0] > 0 }, into: &out, sink: sink) {
            passNodes(rule: $0, spool, sink: sink)
        }
        out += "  \"inapplicable\": ["
        let inapplicable = rules.indices.filter { tally.violations[$0] == 0 && tally.incomplete[$0] == 0 && tally.passes[$0] == 0 }
        for (i, r) in inapplicable.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {"
            ruleFields(rules[r], impact: nil, into: &out)
            out += ", \"nodes\": []}"
        }
        out += inapplicable.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"screens\": ["
    }

    private func ruleFields(_ info: AuditRuleInfo, impact: Impact?, into out: inout String) {
        out += "\"id\": "
        AuditMarkup.json(info.id, into: &out)
        out += ", \"impact\": "
        if let impact { AuditMarkup.json(impact.rawValue, into: &out) } else { out += "null" }
        out += ", \"tags\": ["
        out += info.tags.map(AuditMarkup.json).joined(separator: ", ")
        out += "], \"description\": "
        AuditMarkup.json(words.ruleText(info.description), into: &out)
        out += ", \"help\": "
        AuditMarkup.json(words.ruleText(info.help), into: &out)
        out += ", \"helpUrl\": "
        AuditMarkup.json(self.info.helpURL(info), into: &out)
        out += ", \"fix\": "
        AuditMarkup.json(words.ruleText(info.fix), into: &out)
    }

    /// One bucket of axe's results: each rule with nodes in it, its nodes written by `nodes`
    /// straight to the sink (each node after ",\n"; the first one without the comma).
    private func ruleList(_ name: String, impact: Bool, _ indices: [Int], into out: inout String, sink: AuditSink,
                          nodes: (Int) -> Void) {
        out += "  \"\(name)\": ["
        for (i, r) in indices.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {"
            ruleFields(rules[r], impact: impact ? rules[r].impact : nil, into: &out)
            out += ", \"nodes\": ["
            sink.flush(&out, force: true)
            nodes(r)
            out += "\n    ]}"
        }
        out += indices.isEmpty ? "],\n" : "\n  ],\n"
    }

    /// The violation or review nodes of rule `r`, from the records of `section`: the node is the
    /// record's fields around the rule's impact, id and fix, as axe writes it.
    private func findingNodes(rule r: Int, section: Int, _ spool: AuditSpool, sink: AuditSink) {
        let rule = rules[r]
        var impact = "", summaryTail = ""
        AuditMarkup.json(rule.impact.rawValue, into: &impact)
        // The failure summary is the message, a newline and the fix: JSON escapes character by
        // character, so it is the message's literal without its closing quote, then this.
        AuditMarkup.json("\n" + words.ruleText(rule.fix), into: &summaryTail)
        summaryTail.removeFirst()
        var ruleId = ""
        AuditMarkup.json(rule.id, into: &ruleId)
        let beforeTarget = Array(",\n      {\"impact\": \(impact), \"target\": [".utf8), beforeHTML = Array("], \"html\": ".utf8)
        let beforeSummary = Array(", \"failureSummary\": ".utf8)
        let beforeMessage = Array("\(summaryTail), \"any\": [], \"all\": [], \"none\": [{\"id\": \(ruleId), \"impact\": \(impact), \"message\": ".utf8)
        let beforeFingerprint = Array(", \"data\": null, \"relatedNodes\": []}], \"fingerprint\": \"".utf8)
        let unchanged = Array("\", \"baselineState\": \"unchanged\"}".utf8), new = Array("\", \"baselineState\": \"new\"}".utf8)
        let plain = Array("\"}".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(AuditSink.threshold + (1 << 16))
        var first = true, whole = true
        let complete = spool.forEachLine(section) { record in
            // STATE FINGERPRINT \t MESSAGE \t TARGET \t HTML
            var tabs = (0, 0, 0), found = 0
            for i in record.indices where record[i] == 0x09 {
                found += 1
                if found == 1 { tabs.0 = i } else if found == 2 { tabs.1 = i } else { tabs.2 = i; break }
            }
            // Written by `record` above, so never short; were the scratch file damaged, the
            // report is marked failed rather than written with a broken node.
            guard found == 3, tabs.0 > 0, tabs.1 > tabs.0 + 1 else { whole = false; return }
            let message = record[(tabs.0 + 1)..<tabs.1]
            bytes.append(contentsOf: first ? beforeTarget[1...] : beforeTarget[...])
            first = false
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: record[(tabs.1 + 1)..<tabs.2]))
            bytes.append(contentsOf: beforeHTML)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: record[(tabs.2 + 1)...]))
            bytes.append(contentsOf: beforeSummary)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: message.dropLast()))
            bytes.append(contentsOf: beforeMessage)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: message))
            bytes.append(contentsOf: beforeFingerprint)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: record[1..<tabs.0]))
            switch record[0] {
            case UInt8(ascii: "u"): bytes.append(contentsOf: unchanged)
            case UInt8(ascii: "n"): bytes.append(contentsOf: new)
            default: bytes.append(contentsOf: plain)
            }
            if bytes.count >= AuditSink.threshold { hand(&bytes, to: sink) }
        }
        sink.hand(&bytes)
        if !complete || !whole { sink.markFailed() }
    }

    /// Hands a full buffer over; the one given back is made as large again.
    private func hand(_ bytes: inout [UInt8], to sink: AuditSink) {
        sink.hand(&bytes)
        if bytes.capacity < AuditSink.threshold { bytes.reserveCapacity(AuditSink.threshold + (1 << 16)) }
    }

    /// Rule `r`'s passing nodes, from the pass records: `{"target": [SELECTOR]}` for each element
    /// whose record has the rule's bit, in the walk's order.
    private func passNodes(rule r: Int, _ spool: AuditSpool, sink: AuditSink) {
        let bit = UInt64(1) << UInt64(r)
        let opening = Array(",\n      {\"target\": [".utf8), closing = Array("]}".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(AuditSink.threshold + (1 << 16))
        var first = true
        let complete = spool.forEachLine(passRecords) { record in
            // "MASK SELECTOR": the rules passed as hexadecimal bits, then the target as JSON.
            var mask: UInt64 = 0, i = 0
            while i < record.count, record[i] != 0x20 {
                let c = record[i]
                mask = mask << 4 | UInt64(c <= 0x39 ? c &- 0x30 : c &- 0x57)
                i += 1
            }
            guard mask & bit != 0 else { return }
            bytes.append(contentsOf: first ? opening[1...] : opening[...])
            first = false
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: record[(i + 1)...]))
            bytes.append(contentsOf: closing)
            if bytes.count >= AuditSink.threshold { hand(&bytes, to: sink) }
        }
        sink.hand(&bytes)
        if !complete { sink.markFailed() }
    }

    func render(_ part: CheckedPart, into sections: inout [String], screenBuffers: inout [String]) {
        let screen = part.screen
        let targets = AuditSelector.JSONLiterals(path: screen.path)
        for e in part.range {
            let element = part.entry(e).element
            // The same target and markup serve every rule's node for this element.
            var target: String?, html: String?, passed: UInt64 = 0
            func selector() -> String {
                if let target { return target }
                let text = targets.target(element: element.id)
                target = text
                return text
            }
            for (r, rule) in rules.enumerated() {
                switch part.kind(entry: e, rule: r) {
                case .inapplicable: break
                case .pass:
                    // At most 64 rules, as `PackedKinds` holds them.
                    passed |= UInt64(1) << UInt64(r)
                case let kind:
                    let message = part.message(entry: e, rule: r)!
                    let markup = html ?? {
                        let text = AuditMarkup.json(self.markup(element))
                        html = text
                        return text
                    }()
                    record(rule, message: message, selector: selector(), html: markup, path: screen.path, element: element.id,
                           into: &sections[kind == .violation ? violations(r) : reviews(r)])
                }
            }
            if passed != 0 {
                sections[passRecords] += String(passed, radix: 16)
                sections[passRecords] += " "
                sections[passRecords] += selector()
                sections[passRecords] += "\n"
            }
        }
        renderScreen(part, into: &sections[screens])
    }

    /// The record of a violation or review: what varies from node to node (baseline state,
    /// fingerprint, message, target, markup), the rule's own text being added when the node is
    /// written. Fields are separated by tabs, which JSON strings never hold unescaped.
    private func record(_ rule: AuditRuleInfo, message: String, selector: String, html: String, path: String, element: String,
                        into out: inout String) {
        let fingerprint = AuditFingerprint.of(rule: rule.id, path: path, element: element)
        out += info.baseline.map { $0.contains(fingerprint) ? "u" : "n" } ?? "-"
        out += fingerprint
        out += "\t"
        AuditMarkup.json(message, into: &out)
        out += "\t"
        out += selector
        out += "\t"
        out += html
        out += "\n"
    }

    /// A markup-like rendering of the element for axe's `html` field: role as the tag, id, and
    /// the label as content. Lecteur has no HTML; this is what the element is, written that way.
    private func markup(_ element: Element) -> String {
        var tag = "<" + element.role.rawValue + " id=\"" + AuditMarkup.xml(element.id) + "\""
        if let selected = element.selected { tag += " selected=\"\(selected)\"" }
        return tag + ">" + AuditMarkup.xml(element.label) + "</" + element.role.rawValue + ">"
    }

    private func renderScreen(_ part: CheckedPart, into out: inout String) {
        let screen = part.screen
        if part.first {
            out += ",\n    {\"screen\": "
            AuditMarkup.json(screen.code, into: &out)
            out += ", \"path\": "
            AuditMarkup.json(screen.path, into: &out)
            out += ", \"title\": "
            AuditMarkup.json(screen.title, into: &out)
            out += ", \"heading\": "
            AuditMarkup.json(naming.screenHeading(screen), into: &out)
            out += ", \"filter\": "
            optional(screen.filter, into: &out)
            out += ", \"elements\": ["
        }
        for e in part.range {
            out += e == 0 ? "\n" : ",\n"
            out += "      {\"index\": "
            out += String(part.entry(e).index)
            // All but the position of a recurring element is what was written for it before.
            if let cache = part.renderCache, let key = part.renderKey(entry: e) {
                out += cache.block(key) { screenElement(part, e, into: &$0) }
                continue
            }
            screenElement(part, e, into: &out)
        }
        if part.last { out += screen.count == 0 ? "]}" : "\n    ]}" }
    }

    /// Entry `e` of the screens list after its index: id, texts, speech, braille and findings.
    private func screenElement(_ part: CheckedPart, _ e: Int, into out: inout String) {
        let entry = part.entry(e), element = entry.element
        out += ", \"id\": "
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
        AuditMarkup.json(part.cells(e), into: &out)
        out += ", \"findings\": ["
        for (f, finding) in part.findings(entry: e, rules: rules).enumerated() {
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

    private func optional(_ text: String?, into out: inout String) {
        if let text { AuditMarkup.json(text, into: &out) } else { out += "null" }
    }
}
